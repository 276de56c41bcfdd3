import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ServerContext } from "../context.ts";
import { HttpError } from "../http/errors.ts";
import { authenticateBearer, SessionNotFound } from "../access/authenticate.ts";
import { accessTokenCredentials } from "../access/bearer.ts";
import { DPOP_ALGORITHMS } from "./dpop.ts";
import { frontendUrl } from "../http/frontend-url.ts";
import { mapClaims } from "./mappers/apply.ts";
import { mapperInputOfToken } from "./mappers/from-token.ts";
import { ACCESS_TOKEN_TYPES, verifyToken } from "./verify-token.ts";

/** Keycloak's refusal: an empty body, and a challenge in the scheme the request used (DPoP names its algorithms). */
function refuse(
  req: FastifyRequest<{ Params: { realm: string } }>,
  reply: FastifyReply,
  [status, error, description]: readonly [number, string, string],
) {
  const scheme = accessTokenCredentials(req)?.dpop ? `DPoP algs="${DPOP_ALGORITHMS.join(" ")}",` : "Bearer";
  return reply
    .status(status)
    .header(
      "www-authenticate",
      `${scheme} realm="${req.params.realm}", error="${error}", error_description="${description}"`,
    )
    .type("text/plain")
    .send("");
}

const INVALID_TOKEN = [401, "invalid_token", "Token verification failed"] as const;
const SESSION_NOT_FOUND = [401, "invalid_token", "user_session_not_found"] as const;
const MISSING_OPENID = [403, "insufficient_scope", "Missing openid scope"] as const;

const lacksOpenid = (scope: string | undefined) => !(scope ?? "").split(" ").includes("openid");

/**
 * As Keycloak, checked once the token's signature and expiry are, before its session: userinfo is OpenID's. A DPoP
 * request or a bound token has its binding checked first.
 */
async function unboundBearerLacksOpenid(server: ServerContext, req: FastifyRequest<{ Params: { realm: string } }>) {
  const credentials = accessTokenCredentials(req);
  if (!credentials || credentials.dpop) return false;
  const verified = await verifyToken(
    server,
    frontendUrl(server, req),
    credentials.token,
    ACCESS_TOKEN_TYPES,
    req.params.realm,
  );
  return verified !== undefined && verified.payload.cnf === undefined && lacksOpenid(verified.payload.scope);
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
  if (await unboundBearerLacksOpenid(server, req)) return refuse(req, reply, MISSING_OPENID);
  let identity;
  try {
    identity = await authenticateBearer(server, req);
  } catch (error) {
    if (error instanceof SessionNotFound) return refuse(req, reply, SESSION_NOT_FOUND);
    if (error instanceof HttpError) return refuse(req, reply, INVALID_TOKEN);
    throw error;
  }
  if (identity.realm.realm !== req.params.realm) return refuse(req, reply, INVALID_TOKEN);
  const { realm, user, client, token } = identity;
  if (!client) return refuse(req, reply, INVALID_TOKEN);
  if (lacksOpenid(token.scope as string | undefined)) return refuse(req, reply, MISSING_OPENID);
  const input = mapperInputOfToken(server, frontendUrl(server, req), realm, client, user, token);
  const claims = { sub: user.id, ...mapClaims(input, "userinfo") };
  return reply.send(claims);
}

export async function registerUserinfoEndpoint(app: FastifyInstance, server: ServerContext): Promise<void> {
  const path = "/realms/:realm/protocol/openid-connect/userinfo";
  app.get<{ Params: { realm: string } }>(path, (req, reply) => userinfo(server, req, reply));
  app.post<{ Params: { realm: string } }>(path, (req, reply) => userinfo(server, req, reply));
}
