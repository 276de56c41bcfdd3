import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ServerContext } from "../context.ts";
import { HttpError } from "../http/errors.ts";
import { authenticateBearer, SessionNotFound } from "../access/authenticate.ts";
import { accessTokenCredentials } from "../access/bearer.ts";
import { DPOP_ALGORITHMS } from "./dpop.ts";
import { frontendUrl } from "../http/frontend-url.ts";
import { mapClaims } from "./mappers/apply.ts";
import { mapperInputOfToken } from "./mappers/from-token.ts";

/**
 * Keycloak's refusal of a token at userinfo: an empty body, and the reason in a challenge in the scheme the request used
 * (DPoP names its algorithms).
 */
function invalidToken(
  req: FastifyRequest<{ Params: { realm: string } }>,
  reply: FastifyReply,
  reason = "Token verification failed",
) {
  const scheme = accessTokenCredentials(req)?.dpop ? `DPoP algs="${DPOP_ALGORITHMS.join(" ")}",` : "Bearer";
  return reply
    .status(401)
    .header(
      "www-authenticate",
      `${scheme} realm="${req.params.realm}", error="invalid_token", error_description="${reason}"`,
    )
    .type("text/plain")
    .send("");
}

async function userinfo(
  server: ServerContext,
  req: FastifyRequest<{ Params: { realm: string } }>,
  reply: FastifyReply,
) {
  // no bearer token at all: Keycloak's bare challenge, no error and an empty body
  if (!accessTokenCredentials(req))
    return reply
      .status(401)
      .header("www-authenticate", `Bearer realm="${req.params.realm}"`)
      .type("text/plain")
      .send("");
  let identity;
  try {
    identity = await authenticateBearer(server, req);
  } catch (error) {
    if (error instanceof SessionNotFound) return invalidToken(req, reply, "user_session_not_found");
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
