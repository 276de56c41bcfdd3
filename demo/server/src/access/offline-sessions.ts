import type { ServerContext } from "../context.ts";
import type { ClientRecord, ClientScopeRecord, RealmRecord, UserRecord, UserSessionRecord } from "../store/types.ts";
import { now } from "../common/ids.ts";
import { userEffectiveRoleIds } from "./roles.ts";

/**
 * An offline session shares its id with the user session it was created from,
 * as in Keycloak; the store keys it apart with this prefix.
 */
const OFFLINE_PREFIX = "offline:";

export const OFFLINE_ACCESS = "offline_access";

/** The record id of the offline session with this (public) id. */
export const offlineRecordId = (sessionId: string) => `${OFFLINE_PREFIX}${sessionId}`;

/** The id the admin API and tokens show for a session, online or offline. */
export const publicSessionId = (session: UserSessionRecord) =>
  session.offline && session.id.startsWith(OFFLINE_PREFIX) ? session.id.slice(OFFLINE_PREFIX.length) : session.id;

/** Whether `scope` asks for an offline token (the offline_access scope applies to the client). */
export const offlineRequested = (scopes: ClientScopeRecord[]) => scopes.some((s) => s.name === OFFLINE_ACCESS);

/** Keycloak allows an offline token only to a user holding the realm's offline_access role. */
export function offlineTokenAllowed(server: ServerContext, realm: RealmRecord, user: UserRecord): boolean {
  const role = server.db.list("roles", realm.id).find((r) => r.name === OFFLINE_ACCESS && r.clientId === undefined);
  return !!role && userEffectiveRoleIds(server.db, user).has(role.id);
}

/** The offline session for `session` and `client`: created on first use, else the client is added to it. */
export async function offlineSessionFor(
  server: ServerContext,
  session: UserSessionRecord,
  client: ClientRecord,
): Promise<UserSessionRecord> {
  const id = offlineRecordId(publicSessionId(session));
  const existing = server.db.get("userSessions", id);
  const at = now();
  const offline: UserSessionRecord = {
    ...(existing ?? session),
    id,
    offline: true,
    lastAccess: at,
    clients: {
      ...existing?.clients,
      [client.id]: { clientId: client.id, started: existing?.clients[client.id]?.started ?? at, lastAccess: at },
    },
  };
  await server.db.write((tx) => tx.put("userSessions", offline));
  return offline;
}
