import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { decodeJwt } from "jose";
import type { ServerContext } from "../context.ts";
import type { RealmRecord } from "../store/types.ts";
import { BearerRefused, identityOfToken, SessionNotFound, type BearerIdentity } from "../access/authenticate.ts";
import { accessTokenCredentials } from "../access/bearer.ts";
import { tokenUserId } from "../access/token-user.ts";
import { HttpError } from "../http/errors.ts";
import { recordEvent } from "../events/record.ts";
import { DPOP_ALGORITHMS } from "./dpop.ts";
import { frontendUrl } from "../http/frontend-url.ts";
import { clientAttribute, realmByName } from "./lookup.ts";
import { mapClaims } from "./mappers/apply.ts";
import { mapperInputOfToken } from "./mappers/from-token.ts";
import { ACCESS_TOKEN_TYPES, verifyToken, type VerifiedToken } from "./verify-token.ts";

type UserinfoRequest = FastifyRequest<{ Params: { realm: string } }>;
type Refusal = readonly [status: number, error: string, description: string];

const INVALID_TOKEN = [401, "invalid_token", "Token verification failed"] as const;
const SESSION_NOT_FOUND = [401, "invalid_token", "user_session_not_found"] as const;
const MISSING_OPENID = [403, "insufficient_scope", "Missing openid scope"] as const;
const TWO_METHODS = [400, "invalid_request", "More than one method used for including an access token"] as const;
const LIGHTWEIGHT_REFUSED = "Lightweight access token not allowed for userinfo endpoint";
/** A lightweight access token's id: the session kind, then "lt" (tokens.ts). */
const isLightweight = (jti: unknown) => typeof jti === "string" && jti.slice(2, 4) === "lt";
const REFUSALS: Record<BearerRefused["reason"], Refusal> = {
  user_disabled: [401, "invalid_token", "User disabled"],
  client_disabled: [401, "invalid_token", "Client disabled"],
  user_not_found: INVALID_TOKEN,
  client_not_found: INVALID_TOKEN,
  invalid_token: INVALID_TOKEN,
};
const AUTH_METHOD = { auth_method: "validate_access_token" };

/** Keycloak's refusal: an empty body, and a challenge in the scheme the request used (DPoP names its algorithms). */
function refuse(req: UserinfoRequest, reply: FastifyReply, [status, error, description]: Refusal) {
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

/** The access token of the Authorization header, or as Keycloak also takes it, of a POSTed form's `access_token`. */
function credentialsOf(req: UserinfoRequest): { token: string; dpop: boolean } | "both" | undefined {
  const header = accessTokenCredentials(req);
  const form =
    req.method === "POST" && /^application\/x-www-form-urlencoded/i.test(req.headers["content-type"] ?? "")
      ? (req.body as Record<string, unknown> | undefined)?.access_token
      : undefined;
  const fromForm = typeof form === "string" && form !== "" ? form : undefined;
  if (header && fromForm) return "both";
  return header ?? (fromForm ? { token: fromForm, dpop: false } : undefined);
}

/** Why a token failed verification, in the words of Keycloak's USER_INFO_REQUEST_ERROR event. */
function verificationProblem(token: string): string {
  let typ: unknown;
  try {
    typ = decodeJwt(token).typ;
  } catch {
    return "Failed to parse JWT";
  }
  if (!(ACCESS_TOKEN_TYPES as readonly unknown[]).includes(typ))
    return `Token type is incorrect. Expected '[${ACCESS_TOKEN_TYPES.join(", ")}]' but was '${String(typ)}'`;
  return "Token verification failed";
}

const lacksOpenid = (scope: string | undefined) => !(scope ?? "").split(" ").includes("openid");

async function userinfo(server: ServerContext, req: UserinfoRequest, reply: FastifyReply) {
  const realm = realmByName(server.db, req.params.realm);
  const event = (fields: Parameters<typeof recordEvent>[2]) =>
    realm ? recordEvent(server, realm, { ipAddress: req.ip, ...fields }) : undefined;
  const failed = (error: string, details: Record<string, string>, fields: Record<string, string | undefined> = {}) =>
    event({ type: "USER_INFO_REQUEST_ERROR", error, ...fields, details: { ...details, ...AUTH_METHOD } });
  const credentials = credentialsOf(req);
  if (credentials === "both") return refuse(req, reply, TWO_METHODS);
  // no access token at all: Keycloak's bare challenge, no error and an empty body
  if (!credentials) {
    await failed("invalid_token", { reason: "Missing token" });
    return reply
      .status(401)
      .header("www-authenticate", `Bearer realm="${req.params.realm}"`)
      .type("text/plain")
      .send("");
  }
  const verified = await verifyToken(
    server,
    frontendUrl(server, req),
    credentials.token,
    ACCESS_TOKEN_TYPES,
    req.params.realm,
  );
  if (!verified || !realm) {
    await failed("invalid_token", { reason: verificationProblem(credentials.token) });
    return refuse(req, reply, INVALID_TOKEN);
  }
  // As Keycloak, checked before the session; a DPoP request or a bound token has its binding checked first.
  const { payload } = verified;
  if (!credentials.dpop && payload.cnf === undefined && lacksOpenid(payload.scope)) {
    await failed("access_denied", { reason: "Missing openid scope" });
    return refuse(req, reply, MISSING_OPENID);
  }
  const identity = await identify(server, req, reply, credentials, verified, failed);
  if (!identity) return reply;
  if (
    isLightweight(payload.jti) &&
    clientAttribute(identity.client, "allow.userinfo.with.lightweight.access.token") !== "true"
  ) {
    await failed("invalid_token", { reason: LIGHTWEIGHT_REFUSED });
    return refuse(req, reply, [401, "invalid_token", LIGHTWEIGHT_REFUSED]);
  }
  if (lacksOpenid(identity.token.scope)) {
    await failed("access_denied", { reason: "Missing openid scope" });
    return refuse(req, reply, MISSING_OPENID);
  }
  return answer(server, req, reply, realm, identity, event);
}

async function identify(
  server: ServerContext,
  req: UserinfoRequest,
  reply: FastifyReply,
  credentials: { token: string; dpop: boolean },
  verified: VerifiedToken,
  failed: (error: string, details: Record<string, string>, fields?: Record<string, string | undefined>) => unknown,
): Promise<(BearerIdentity & { client: NonNullable<BearerIdentity["client"]> }) | undefined> {
  const { payload } = verified;
  const sessionId = payload.sid;
  try {
    const identity = await identityOfToken(server, req, credentials, verified);
    if (identity.client) return { ...identity, client: identity.client };
    await failed("client_not_found", {}, { sessionId });
  } catch (error) {
    if (error instanceof SessionNotFound) {
      await failed("user_session_not_found", {}, { clientId: payload.azp, sessionId });
      refuse(req, reply, SESSION_NOT_FOUND);
      return undefined;
    }
    if (error instanceof BearerRefused) {
      const userId = tokenUserId(server.db, verified.realm, payload);
      const user = error.reason === "user_disabled" && userId ? server.db.get("users", userId) : undefined;
      await failed(
        error.reason,
        user ? { username: user.username } : {},
        user ? { clientId: payload.azp, userId: user.id, sessionId } : { clientId: payload.azp },
      );
      refuse(req, reply, REFUSALS[error.reason]);
      return undefined;
    }
    if (!(error instanceof HttpError)) throw error;
    await failed("invalid_token", { reason: "Token verification failed" }, { clientId: payload.azp });
  }
  refuse(req, reply, INVALID_TOKEN);
  return undefined;
}

async function answer(
  server: ServerContext,
  req: UserinfoRequest,
  reply: FastifyReply,
  realm: RealmRecord,
  { user, client, token }: BearerIdentity & { client: NonNullable<BearerIdentity["client"]> },
  event: (fields: Parameters<typeof recordEvent>[2]) => unknown,
) {
  const input = mapperInputOfToken(server, frontendUrl(server, req), realm, client, user, token);
  const claims = { sub: user.id, ...mapClaims(input, "userinfo") };
  await event({
    type: "USER_INFO_REQUEST",
    clientId: client.clientId,
    userId: user.id,
    sessionId: token.sid,
    details: { ...AUTH_METHOD, signature_required: "false", username: user.username },
  });
  return reply.send(claims);
}

export async function registerUserinfoEndpoint(app: FastifyInstance, server: ServerContext): Promise<void> {
  const path = "/realms/:realm/protocol/openid-connect/userinfo";
  app.get<{ Params: { realm: string } }>(path, (req, reply) => userinfo(server, req, reply));
  app.post<{ Params: { realm: string } }>(path, (req, reply) => userinfo(server, req, reply));
}
