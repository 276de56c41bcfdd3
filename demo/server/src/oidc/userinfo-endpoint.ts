import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ServerContext } from "../context.ts";
import { HttpError } from "../http/errors.ts";
import { authenticateBearer } from "../access/authenticate.ts";
import { frontendUrl } from "../http/frontend-url.ts";
import { mapClaims } from "./mappers/apply.ts";
import { mapperInputOfToken } from "./mappers/from-token.ts";

function invalidToken(reply: FastifyReply, realmName: string) {
  return reply
    .status(401)
    .header(
      "www-authenticate",
      `Bearer realm="${realmName}", error="invalid_token", error_description="Token verification failed"`,
    )
    .send({ error: "invalid_token", error_description: "Token verification failed" });
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
    if (error instanceof HttpError) return invalidToken(reply, req.params.realm);
    throw error;
  }
  if (identity.realm.realm !== req.params.realm) return invalidToken(reply, req.params.realm);
  const { realm, user, client, token } = identity;
  if (!client) return invalidToken(reply, req.params.realm);
  const input = mapperInputOfToken(server, frontendUrl(server, req), realm, client, user, token);
  const claims = { sub: user.id, ...mapClaims(input, "userinfo") };
  return reply.send(claims);
}

export async function registerUserinfoEndpoint(app: FastifyInstance, server: ServerContext): Promise<void> {
  const path = "/realms/:realm/protocol/openid-connect/userinfo";
  app.get<{ Params: { realm: string } }>(path, (req, reply) => userinfo(server, req, reply));
  app.post<{ Params: { realm: string } }>(path, (req, reply) => userinfo(server, req, reply));
}
