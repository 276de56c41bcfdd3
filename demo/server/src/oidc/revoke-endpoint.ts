import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ServerContext } from "../context.ts";
import type { ClientRecord, RealmRecord, UserSessionRecord } from "../store/types.ts";
import { frontendUrl } from "../http/frontend-url.ts";
import { recordEvent } from "../events/record.ts";
import { activeSession } from "../access/sessions.ts";
import { offlineRecordId } from "../access/offline-sessions.ts";
import { realmByName } from "./lookup.ts";
import { oauthError } from "./oauth-error.ts";
import { ClientAuthError, type FormBody } from "./client-auth.ts";
import { authenticateCallingClient } from "./calling-client.ts";
import { ACCESS_TOKEN_TYPES, verifyToken, type VerifiedToken } from "./verify-token.ts";
import { rememberRevokedToken } from "./revoked-tokens.ts";
import { checkClientRequest } from "../client-policies/client-requests.ts";
import { tokenUserId } from "../access/token-user.ts";

export const REVOKE_PATH = "/protocol/openid-connect/revoke";
const EVENT = "REVOKE_GRANT";
const REVOCABLE_TYPES = ["Refresh", "Offline", ...ACCESS_TOKEN_TYPES] as const;

/** Keycloak answers a token it cannot use with 200 and this body: RFC 7009 says an invalid token is no error. */
const INVALID_TOKEN = { error: "invalid_token", error_description: "Invalid token" };

type Failure = { eventError: string; reason?: string; userId?: string; sessionId?: string };

class RevokeRefused extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, string>,
    readonly failure: Failure,
  ) {
    super(body.error_description);
  }
}

/** A 400 answer whose description is also the error event's reason. */
const badRequest = (error: string, description: string, eventError = error) =>
  new RevokeRefused(400, { error, error_description: description }, { eventError, reason: description });

async function revokingClient(server: ServerContext, realm: RealmRecord, req: FastifyRequest, body: FormBody) {
  const client = await authenticateCallingClient(server, realm, req, body);
  if (client.rep.bearerOnly === true) throw oauthError(400, "invalid_client", "Bearer-only not allowed");
  return client;
}

/** The token to revoke, as Keycloak's checks take it: present, signed by the realm, of a revocable type, the caller's. */
async function tokenToRevoke(
  server: ServerContext,
  req: FastifyRequest,
  realm: RealmRecord,
  client: ClientRecord,
  token: string | undefined,
): Promise<VerifiedToken> {
  if (!token) throw badRequest("invalid_request", "Token not provided");
  const baseUrl = frontendUrl(server, req);
  const verified = await verifyToken(server, baseUrl, token, REVOCABLE_TYPES, realm.realm);
  if (!verified) {
    if (await verifyToken(server, baseUrl, token, "ID", realm.realm))
      throw badRequest("unsupported_token_type", "Unsupported token type", "invalid_token_type");
    throw new RevokeRefused(200, INVALID_TOKEN, { eventError: "invalid_token" });
  }
  const { payload } = verified;
  if (!payload.azp)
    throw new RevokeRefused(200, INVALID_TOKEN, { eventError: "invalid_token", reason: "Issued for not set" });
  if (payload.azp !== client.clientId) throw badRequest("invalid_request", "Unmatching clients");
  return verified;
}

/** The live session a token belongs to (its offline session for an offline token), holding the client. */
function sessionOf(server: ServerContext, realm: RealmRecord, client: ClientRecord, { payload }: VerifiedToken) {
  const sessionId = payload.typ === "Offline" && payload.sid ? offlineRecordId(payload.sid) : payload.sid;
  const session = activeSession(server.db, realm, sessionId);
  const userId = tokenUserId(server.db, realm, payload);
  const user = userId ? server.db.get("users", userId) : undefined;
  if (!user || user.realmId !== realm.id || !user.enabled) return undefined;
  if (!sessionId) return user.serviceAccountClientId ? { user, session: undefined } : undefined;
  if (!session || session.userId !== user.id || !session.clients[client.id]) return undefined;
  return { user, session };
}

/** Ends the client's part of the session; a session left without clients ends (Keycloak's detachClientSession). */
async function detachClient(server: ServerContext, session: UserSessionRecord, client: ClientRecord) {
  const clients = Object.fromEntries(Object.entries(session.clients).filter(([id]) => id !== client.id));
  await server.db.write((tx) => {
    if (Object.keys(clients).length === 0) tx.delete("userSessions", session.id);
    else tx.put("userSessions", { ...session, clients });
  });
}

/**
 * RFC 7009 token revocation as Keycloak 26: a refresh or offline token ends its client's (offline) session, an access
 * token is refused from then on until it expires. The caller authenticates as at the token endpoint.
 */
export async function registerRevokeEndpoint(app: FastifyInstance, server: ServerContext): Promise<void> {
  app.post<{ Params: { realm: string } }>(`/realms/:realm${REVOKE_PATH}`, async (req, reply) => {
    const realm = realmByName(server.db, req.params.realm);
    if (!realm) return reply.status(404).send({ error: "Realm does not exist" });
    if (!realm.enabled) throw oauthError(403, "access_denied", "Realm not enabled");
    const body = (req.body && typeof req.body === "object" ? req.body : {}) as Record<string, unknown>;
    const event = { type: EVENT, ipAddress: req.ip };
    let client: ClientRecord;
    try {
      client = await revokingClient(server, realm, req, body as FormBody);
    } catch (error) {
      if (error instanceof ClientAuthError)
        await recordEvent(server, realm, {
          ...event,
          type: `${EVENT}_ERROR`,
          clientId: error.clientId,
          error: error.eventError,
        });
      throw error;
    }
    if (Object.values(body).some(Array.isArray)) throw oauthError(400, "invalid_request", "duplicated parameter");
    await checkClientRequest(server, realm, client, req, "TOKEN_REVOKE");
    const form = body as FormBody;
    // How the client authenticated, on every event once it has: client-secret for a public client too.
    const authMethod = { client_auth_method: String(client.rep.clientAuthenticatorType ?? "client-secret") };
    try {
      const verified = await tokenToRevoke(server, req, realm, client, form.token);
      const held = sessionOf(server, realm, client, verified);
      if (!held)
        throw new RevokeRefused(200, INVALID_TOKEN, {
          eventError: "invalid_token",
          userId: tokenUserId(server.db, realm, verified.payload),
        });
      const { payload } = verified;
      const refresh = payload.typ === "Refresh" || payload.typ === "Offline";
      if (refresh && held.session) await detachClient(server, held.session, client);
      if (!refresh) rememberRevokedToken(server, payload.jti ?? "", payload.exp);
      await recordEvent(server, realm, {
        ...event,
        clientId: client.clientId,
        userId: held.user.id,
        sessionId: refresh ? payload.sid : undefined,
        details: {
          ...(refresh
            ? { revoked_client: client.clientId, refresh_token_id: payload.jti ?? "", refresh_token_type: payload.typ! }
            : { token_id: payload.jti ?? "" }),
          ...authMethod,
        },
      });
      return reply.status(200).send();
    } catch (error) {
      if (!(error instanceof RevokeRefused)) throw error;
      const { eventError, reason, userId } = error.failure;
      await recordEvent(server, realm, {
        ...event,
        type: `${EVENT}_ERROR`,
        clientId: client.clientId,
        userId,
        error: eventError,
        details: { ...(reason ? { reason } : {}), ...authMethod },
      });
      return reply.status(error.status).send(error.body);
    }
  });
}
