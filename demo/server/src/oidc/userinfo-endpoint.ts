import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ServerContext } from "../context.ts";
import { HttpError } from "../http/errors.ts";
import { authenticateBearer } from "../access/authenticate.ts";
import { accessTokenCredentials } from "../access/bearer.ts";
import { DPOP_ALGORITHMS } from "./dpop.ts";
import { frontendUrl } from "../http/frontend-url.ts";
import { mapClaims } from "./mappers/apply.ts";
import { mapperInputOfToken } from "./mappers/from-token.ts";

/** Keycloak's refusal: an empty body, and a challenge in the scheme the request used (DPoP names its algorithms). */
function invalidToken(req: FastifyRequest<{ Params: { realm: string } }>, reply: FastifyReply) {
  const scheme = accessTokenCredentials(req)?.dpop ? `DPoP algs="${DPOP_ALGORITHMS.join(" ")}",` : "Bearer";
  return reply
    .status(401)
    .header(
      "www-authenticate",
      `${scheme} realm="${req.params.realm}", error="invalid_token", error_description="Token verification failed"`,
    )
    .type("text/plain")
    .send("");
}

async function userinfo(
  server: ServerContext,
  req: FastifyRequest<{ Params: { realm: string } }>,
  reply: FastifyReply,
) {
  // no token at all: Keycloak's bare challenge, no error and an empty body
  if (!req.headers.authorization)
    return reply
      .status(401)
      .header("www-authenticate", `Bearer realm="${req.params.realm}"`)
      .type("text/plain")
      .send("");
  let identity;
  try {
    identity = await authenticateBearer(server, req);
  } catch (error) {
    if (error instanceof HttpError) return invalidToken(req, reply);
    throw error;
  }
  if (identity.realm.realm !== req.params.realm) return invalidToken(req, reply);
  const { realm, user, client, token } = identity;
  if (!client) return invalidToken(req, reply);
  const input = mapperInputOfToken(server, frontendUrl(server, req), realm, client, user, token);
  const claims = { sub: user.id, ...mapClaims(input, "userinfo") };
  return reply.send(claims);
}

export async function registerUserinfoEndpoint(app: FastifyInstance, server: ServerContext): Promise<void> {
  const path = "/realms/:realm/protocol/openid-connect/userinfo";
  app.get<{ Params: { realm: string } }>(path, (req, reply) => userinfo(server, req, reply));
  app.post<{ Params: { realm: string } }>(path, (req, reply) => userinfo(server, req, reply));
}
