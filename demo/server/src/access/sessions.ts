import type { ServerContext } from "../context.ts";
import type { Db } from "../store/db.ts";
import type { ClientRecord, RealmRecord, UserRecord, UserSessionRecord } from "../store/types.ts";
import { newId, now } from "../common/ids.ts";
import { realmNumber } from "../oidc/lookup.ts";
import { publicSessionId } from "./offline-sessions.ts";

/** Keycloak tolerates this much clock skew on session idle checks. */
export const IDLE_GRACE_MS = 120_000;

export interface SessionStart {
  /** The id the login already promised in its events' `code_id`. */
  id?: string;
  ipAddress: string;
  rememberMe?: boolean;
  authMethod?: string;
  /** Further user session notes (IMPERSONATOR_ID, ...). */
  notes?: Record<string, string>;
}

/** A new user session, with the client's session in it when a client started it (an impersonation session starts without one). */
export async function startUserSession(
  server: ServerContext,
  realm: RealmRecord,
  user: UserRecord,
  client: ClientRecord | undefined,
  start: SessionStart,
): Promise<UserSessionRecord> {
  const at = now();
  const session: UserSessionRecord = {
    id: start.id ?? newId(),
    realmId: realm.id,
    userId: user.id,
    ipAddress: start.ipAddress,
    start: at,
    lastAccess: at,
    rememberMe: start.rememberMe ?? false,
    offline: false,
    clients: client ? { [client.id]: { clientId: client.id, started: at, lastAccess: at } } : {},
    notes: {
      AUTH_TIME: String(Math.floor(at / 1000)),
      ...(start.authMethod ? { AUTH_METHOD: start.authMethod } : {}),
      ...start.notes,
    },
  };
  await server.db.write((tx) => tx.put("userSessions", session));
  return session;
}

/** Epoch ms after which the session expires: idle timeout from the last access, capped by the max lifespan. */
export function sessionExpiresAt(realm: RealmRecord, session: UserSessionRecord): number {
  const { idleEnd, lifespanEnd } = sessionEnds(realm, session);
  return Math.min(idleEnd, lifespanEnd);
}

/** When the session's idle timeout (from its last access) and its max lifespan (from its start) run out, epoch ms. */
function sessionEnds(realm: RealmRecord, session: UserSessionRecord): { idleEnd: number; lifespanEnd: number } {
  if (session.offline) {
    const idle = realmNumber(realm, "offlineSessionIdleTimeout", 2592000);
    const capped = realm.settings.offlineSessionMaxLifespanEnabled === true;
    const max = capped ? realmNumber(realm, "offlineSessionMaxLifespan", 5184000) : Infinity;
    return { idleEnd: session.lastAccess + idle * 1000, lifespanEnd: session.start + max * 1000 };
  }
  const remember = session.rememberMe && realm.settings.rememberMe === true;
  const idle = remember
    ? realmNumber(realm, "ssoSessionIdleTimeoutRememberMe", 0) || realmNumber(realm, "ssoSessionIdleTimeout", 1800)
    : realmNumber(realm, "ssoSessionIdleTimeout", 1800);
  const max = remember
    ? realmNumber(realm, "ssoSessionMaxLifespanRememberMe", 0) || realmNumber(realm, "ssoSessionMaxLifespan", 36000)
    : realmNumber(realm, "ssoSessionMaxLifespan", 36000);
  return { idleEnd: session.lastAccess + idle * 1000, lifespanEnd: session.start + max * 1000 };
}

/**
 * Keycloak's AuthenticationManager.isSessionValid: the idle timeout is checked with a grace window for clock skew
 * between cluster nodes, the max lifespan exactly.
 */
export function isSessionActive(realm: RealmRecord, session: UserSessionRecord, at = now()): boolean {
  if (session.realmId !== realm.id) return false;
  const { idleEnd, lifespanEnd } = sessionEnds(realm, session);
  return at < idleEnd + IDLE_GRACE_MS && at < lifespanEnd;
}

/**
 * Removes sessions a read found expired, as Keycloak drops an expired session when it meets one. Not awaited by
 * the read that found them: its answer already leaves them out, and a failed removal is retried by the next read or
 * the periodic sweep (session-expiry.ts).
 */
export function forgetExpiredSessions(db: Db, sessions: UserSessionRecord[]): void {
  if (sessions.length === 0) return;
  void db
    .write((tx) => {
      for (const session of sessions)
        if (db.get("userSessions", session.id) === session) tx.delete("userSessions", session.id);
    })
    .catch(() => undefined);
}

/** The session when it exists, belongs to the realm and is still alive (an expired one is removed). */
export function activeSession(
  db: Db,
  realm: RealmRecord,
  sessionId: string | undefined,
): UserSessionRecord | undefined {
  if (!sessionId) return undefined;
  const session = db.get("userSessions", sessionId);
  if (!session || session.realmId !== realm.id) return undefined;
  if (isSessionActive(realm, session)) return session;
  forgetExpiredSessions(db, [session]);
  return undefined;
}

/** Marks the session (and the client's session in it) as used now. */
export async function touchSession(
  server: ServerContext,
  session: UserSessionRecord,
  client: ClientRecord,
): Promise<UserSessionRecord> {
  const at = now();
  const existing = session.clients[client.id];
  const updated: UserSessionRecord = {
    ...session,
    lastAccess: at,
    clients: {
      ...session.clients,
      [client.id]: { ...existing, clientId: client.id, started: existing?.started ?? at, lastAccess: at },
    },
  };
  await server.db.write((tx) => tx.put("userSessions", updated));
  return updated;
}

/**
 * Ends user sessions. Those brokered through a SAML or OpenID Connect provider with back-channel logout also end at the provider
 * (Keycloak's logoutBroker), unless the provider itself asked (`logoutBrokers: false`). With `baseUrl` (the realm's
 * frontend URL of the request that ends them), the sessions' clients with a back-channel logout URL get a logout token.
 */
export async function endSessions(
  server: ServerContext,
  sessions: UserSessionRecord[],
  { logoutBrokers = true, baseUrl }: { logoutBrokers?: boolean; baseUrl?: string } = {},
): Promise<void> {
  if (sessions.length === 0) return;
  await server.db.write((tx) => {
    for (const session of sessions) tx.delete("userSessions", session.id);
  });
  const brokered = sessions.filter((s) => s.notes.identity_provider);
  if (logoutBrokers && brokered.length) {
    const { logoutFromSamlProviders } = await import("../broker/saml-logout.ts");
    const { logoutFromOidcProviders } = await import("../broker/oidc-logout.ts");
    await Promise.all([logoutFromSamlProviders(server, brokered), logoutFromOidcProviders(server, brokered)]);
  }
  if (baseUrl) {
    const { sendBackchannelLogouts } = await import("../oidc/backchannel-logout.ts");
    await sendBackchannelLogouts(server, baseUrl, sessions);
  }
}

/** Keycloak's UserSessionRepresentation. */
export function toUserSessionRepresentation(db: Db, session: UserSessionRecord) {
  const clients: Record<string, string> = {};
  for (const id of Object.keys(session.clients)) {
    const client = db.get("clients", id);
    if (client) clients[id] = client.clientId;
  }
  return {
    id: publicSessionId(session),
    username: db.get("users", session.userId)?.username ?? "",
    userId: session.userId,
    ipAddress: session.ipAddress,
    start: session.start,
    lastAccess: session.lastAccess,
    rememberMe: session.rememberMe,
    clients,
    transientUser: false,
  };
}
