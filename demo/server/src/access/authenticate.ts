import type { FastifyRequest } from "fastify";
import type { ServerContext } from "../context.ts";
import type { ClientRecord, RealmRecord, UserRecord } from "../store/types.ts";
import { HttpError, unauthorized } from "../http/errors.ts";
import { accessTokenCredentials } from "./bearer.ts";
import { ACCESS_TOKEN_TYPES, verifyToken, type VerifiedToken } from "../oidc/verify-token.ts";
import { clientByClientId } from "../oidc/lookup.ts";
import { activeSession } from "./sessions.ts";
import { offlineRecordId } from "./offline-sessions.ts";
import { tokenUserId } from "./token-user.ts";
import { frontendUrl } from "../http/frontend-url.ts";
import { DPOP_SCHEME, DpopError, dpopHeader, requestUri, requiresDpop, verifyDpopProof } from "../oidc/dpop.ts";

export interface BearerIdentity {
  realm: RealmRecord;
  user: UserRecord;
  client: ClientRecord | undefined;
  token: VerifiedToken["payload"];
}

/** The 401 of a token whose session (regular or offline) is gone: Keycloak's userinfo names it `user_session_not_found`. */
export class SessionNotFound extends HttpError {
  constructor() {
    super(401, unauthorized().body);
  }
}

/** Why a verified access token's identity was refused, as Keycloak's events name it. */
export type BearerRefusal =
  "user_disabled" | "user_not_found" | "client_disabled" | "client_not_found" | "invalid_token";

/** The 401 of a verified token whose user or client no longer passes, with Keycloak's event error. */
export class BearerRefused extends HttpError {
  constructor(readonly reason: BearerRefusal) {
    super(401, unauthorized().body);
  }
}

const identities = new WeakMap<FastifyRequest, Promise<BearerIdentity>>();

/**
 * Authenticates a request by its bearer access token: signature, expiry,
 * type, a still-active session (service-account tokens carry none), enabled
 * user and the user's not-before. Throws 401 otherwise.
 */
export function authenticateBearer(server: ServerContext, req: FastifyRequest): Promise<BearerIdentity> {
  // The admin API authenticates in a hook before validation, and each handler asks again: one check per request.
  let identity = identities.get(req);
  if (!identity) identities.set(req, (identity = checkBearer(server, req)));
  return identity;
}

async function checkBearer(server: ServerContext, req: FastifyRequest): Promise<BearerIdentity> {
  const credentials = accessTokenCredentials(req);
  const verified = credentials
    ? await verifyToken(server, frontendUrl(server, req), credentials.token, ACCESS_TOKEN_TYPES)
    : undefined;
  if (!verified) throw unauthorized();
  return identityOfToken(server, req, credentials!, verified);
}

/**
 * The rest of the bearer check on a token already verified (signature, issuer, expiry, type): its user, its session,
 * its client and its DPoP binding. Throws a 401 (SessionNotFound, BearerRefused) otherwise.
 */
export async function identityOfToken(
  server: ServerContext,
  req: FastifyRequest,
  credentials: { token: string; dpop: boolean },
  verified: VerifiedToken,
): Promise<BearerIdentity> {
  const { realm, payload } = verified;
  const userId = tokenUserId(server.db, realm, payload);
  // a lightweight token names its user only through its session
  if (!userId && payload.sub === undefined && payload.sid) throw new SessionNotFound();
  const user = userId ? server.db.get("users", userId) : undefined;
  if (!user || user.realmId !== realm.id) throw new BearerRefused("user_not_found");
  if (!user.enabled) throw new BearerRefused("user_disabled");
  if ((payload.iat ?? 0) < user.notBefore) throw new BearerRefused("invalid_token");
  // As Keycloak: a token of a sign-in whose regular session is gone still works while its offline session lives.
  const live = (sid: string) =>
    activeSession(server.db, realm, sid) ?? activeSession(server.db, realm, offlineRecordId(sid));
  if (payload.sid ? !live(payload.sid) : !user.serviceAccountClientId) throw new SessionNotFound();
  const client = payload.azp ? clientByClientId(server.db, realm, payload.azp) : undefined;
  if (payload.azp && !client) throw new BearerRefused("client_not_found");
  if (client?.rep.enabled === false) throw new BearerRefused("client_disabled");
  await checkDpopBinding(server, req, credentials, payload, client);
  return { realm, user, client, token: payload };
}

/**
 * As Keycloak's bearer check: a DPoP-bound token only with the DPoP scheme and a proof of its key for this request,
 * the DPoP scheme only with such a token, and a client that requires DPoP only with the DPoP scheme.
 */
async function checkDpopBinding(
  server: ServerContext,
  req: FastifyRequest,
  credentials: { token: string; dpop: boolean },
  payload: VerifiedToken["payload"],
  client: ClientRecord | undefined,
): Promise<void> {
  const bound = payload.typ === DPOP_SCHEME;
  if (bound !== credentials.dpop || (requiresDpop(client) && !credentials.dpop)) throw unauthorized();
  if (!credentials.dpop) return;
  try {
    const proven = await verifyDpopProof(server, dpopHeader(req), {
      method: req.method,
      uri: requestUri(server, req),
      accessToken: credentials.token,
    });
    if (proven !== (payload.cnf as { jkt?: unknown } | undefined)?.jkt) throw unauthorized();
  } catch (error) {
    if (error instanceof DpopError) throw unauthorized();
    throw error;
  }
}
