import type { FastifyRequest } from "fastify";
import type { ServerContext } from "../context.ts";
import { frontendUrl } from "../http/frontend-url.ts";
import type { ClientRecord, RealmRecord } from "../store/types.ts";
import { oauthError } from "./oauth-error.ts";
import { issueTokens, type TokenResponseBody } from "./tokens.ts";
import { provenKey } from "./dpop.ts";
import type { FormBody } from "./client-auth.ts";
import { verifyToken } from "./verify-token.ts";
import { activeSession, touchSession } from "../access/sessions.ts";
import { recordEvent } from "../events/record.ts";
import { offlineRecordId } from "../access/offline-sessions.ts";
import { onTokenRequest } from "../client-policies/events.ts";
import { now } from "../common/ids.ts";
import {
  checkRefreshTokenReuse,
  detachRefusedClient,
  REUSE_ID_CLAIM,
  reuseKey,
  revokesRefreshTokens,
} from "./refresh-token-reuse.ts";
import { issuedTokenDetails } from "./token-event-details.ts";

export async function refreshTokenGrant(
  server: ServerContext,
  realm: RealmRecord,
  client: ClientRecord,
  body: FormBody,
  req: FastifyRequest,
): Promise<TokenResponseBody> {
  if (!body.refresh_token) throw oauthError(400, "invalid_request", "Missing parameter: refresh_token");
  const effects = await onTokenRequest(server, realm, client, req, {
    event: "TOKEN_REFRESH",
    // Keycloak 26.7.3 records no event when a policy refuses a refresh.
    params: body,
  });
  const fail = async (error: string, userId?: string, sessionId?: string, reason?: string) =>
    recordEvent(server, realm, {
      type: "REFRESH_TOKEN_ERROR",
      clientId: client.clientId,
      userId,
      sessionId,
      ipAddress: req.ip,
      error,
      ...(reason ? { details: { reason } } : {}),
    });
  const verified = await verifyToken(
    server,
    frontendUrl(server, req),
    body.refresh_token,
    ["Refresh", "Offline"],
    realm.realm,
  );
  if (!verified) {
    await fail("invalid_token");
    throw oauthError(400, "invalid_grant", "Invalid refresh token");
  }
  const { payload } = verified;
  if (payload.azp !== client.clientId) {
    await fail("invalid_token", payload.sub);
    throw oauthError(400, "invalid_grant", "Invalid refresh token. Token client and authorized client don't match");
  }
  // A bound refresh token (a public client's, see tokens.ts) needs a proof of the same key.
  const boundTo = (payload.cnf as { jkt?: unknown } | undefined)?.jkt;
  if (boundTo !== undefined) {
    const proven = provenKey(req);
    if (proven !== boundTo) {
      await fail("invalid_token", payload.sub, payload.sid);
      const why = proven === undefined ? "DPoP proof is missing" : "DPoP confirmation doesn't match DPoP proof";
      throw oauthError(400, "invalid_grant", why);
    }
  }
  const offline = payload.typ === "Offline";
  const session = activeSession(server.db, realm, offline && payload.sid ? offlineRecordId(payload.sid) : payload.sid);
  const user = session ? server.db.get("users", session.userId) : undefined;
  if (!session || !user || user.id !== payload.sub) {
    await fail("invalid_token", payload.sub, payload.sid);
    throw oauthError(400, "invalid_grant", "Session not active");
  }
  if (!user.enabled) {
    await fail("user_disabled", user.id, session.id);
    throw oauthError(400, "invalid_grant", "User disabled");
  }
  if ((payload.iat ?? 0) < user.notBefore) {
    await fail("invalid_token", user.id, session.id);
    throw oauthError(400, "invalid_grant", "Stale token");
  }
  const clientSession = session.clients[client.id];
  if (!clientSession) {
    await fail("invalid_token", undefined, payload.sid, "Session doesn't have required client");
    throw oauthError(400, "invalid_grant", "Session doesn't have required client");
  }
  let rotated = session;
  if (revokesRefreshTokens(realm)) {
    const key = reuseKey(payload);
    const verdict = checkRefreshTokenReuse(realm, clientSession.refreshTokenUses?.[key], payload);
    if (verdict.refused) {
      await detachRefusedClient(server, session, client.id);
      // As Keycloak 26.7.3: the event names no user, the token's details do.
      await recordEvent(server, realm, {
        type: "REFRESH_TOKEN_ERROR",
        clientId: client.clientId,
        sessionId: payload.sid,
        ipAddress: req.ip,
        error: "invalid_token",
        details: {
          reason: verdict.reason,
          grant_type: "refresh_token",
          refresh_token_type: String(payload.typ),
          refresh_token_id: String(payload.jti ?? ""),
          refresh_token_sub: user.id,
          client_auth_method: String(client.rep.clientAuthenticatorType ?? "client-secret"),
        },
      });
      throw oauthError(400, "invalid_grant", verdict.reason);
    }
    const use = { ...verdict.use, lastRefresh: Math.floor(now() / 1000) };
    const uses = { ...clientSession.refreshTokenUses, [key]: use };
    rotated = {
      ...session,
      clients: { ...session.clients, [client.id]: { ...clientSession, refreshTokenUses: uses } },
    };
  }
  const touched = await touchSession(server, rotated, client);
  const tokens = await issueTokens(server, {
    grantShortcut: "rt",
    dpopJkt: provenKey(req),
    baseUrl: frontendUrl(server, req),
    realm,
    client,
    user,
    session: touched,
    scope: payload.scope,
    lightweight: effects.lightweightAccessToken,
    withRefreshToken: !effects.suppressRefreshToken,
    refreshedFamily: { reuseId: payload[REUSE_ID_CLAIM] === undefined ? undefined : reuseKey(payload) },
  });
  await recordEvent(server, realm, {
    type: "REFRESH_TOKEN",
    clientId: client.clientId,
    userId: user.id,
    sessionId: payload.sid,
    ipAddress: req.ip,
    details: {
      grant_type: "refresh_token",
      refresh_token_id: String(payload.jti ?? ""),
      refresh_token_type: offline ? "Offline" : "Refresh",
      refresh_token_sub: user.id,
      age_of_refresh_token: String(Math.max(0, Math.floor(now() / 1000) - (payload.iat ?? 0))),
      access_token_expiration_time: String(tokens.expires_in),
      ...issuedTokenDetails(client, tokens, { refreshed: true }),
    },
  });
  return tokens;
}
