import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ServerContext } from "../context.ts";
import { HttpError } from "../http/errors.ts";
import { authenticateBearer } from "../access/authenticate.ts";

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
  let identity;
  try {
    identity = await authenticateBearer(server, req);
  } catch (error) {
    if (error instanceof HttpError) return invalidToken(reply, req.params.realm);
    throw error;
  }
  if (identity.realm.realm !== req.params.realm) return invalidToken(reply, req.params.realm);
  const { user, token } = identity;
  const scopes = new Set((token.scope ?? "").split(" "));
  const claims: Record<string, unknown> = { sub: user.id };
  if (scopes.has("email")) claims.email_verified = user.emailVerified;
  if (scopes.has("profile")) {
    const name = [user.firstName, user.lastName].filter(Boolean).join(" ");
    if (name) claims.name = name;
    claims.preferred_username = user.username;
    if (user.firstName) claims.given_name = user.firstName;
    if (user.lastName) claims.family_name = user.lastName;
  }
  if (scopes.has("email") && user.email) claims.email = user.email;
  return reply.send(claims);
}

export async function registerUserinfoEndpoint(app: FastifyInstance, server: ServerContext): Promise<void> {
  const path = "/realms/:realm/protocol/openid-connect/userinfo";
  app.get<{ Params: { realm: string } }>(path, (req, reply) => userinfo(server, req, reply));
  app.post<{ Params: { realm: string } }>(path, (req, reply) => userinfo(server, req, reply));
}
