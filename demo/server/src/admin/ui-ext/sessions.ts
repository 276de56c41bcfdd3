import type { ServerContext } from "../../context.ts";
import type { RealmRecord, UserSessionRecord } from "../../store/types.ts";
import { isSessionActive, toUserSessionRepresentation } from "../../access/sessions.ts";

export type SessionType = "ALL" | "REGULAR" | "OFFLINE";

export interface SessionPageQuery {
  type: SessionType;
  search?: string;
  /** Only sessions of this client (internal id). */
  clientUuid?: string;
  first: number;
  max: number;
}

/** Keycloak's admin-ui SessionRepresentation: the user session plus its type. */
export function sessionRepresentation(server: ServerContext, session: UserSessionRecord) {
  return { ...toUserSessionRepresentation(server.db, session), type: session.offline ? "OFFLINE" : "REGULAR" };
}

/** Tells whether a session matches the search (IP address, username or one of its clients' ids). */
function searchMatcher(server: ServerContext, realm: RealmRecord, search: string) {
  // The realm's clients are matched once, not once per session.
  const clients = new Set<string>();
  for (const client of server.db.iterate("clients", realm.id))
    if (client.clientId.toLowerCase().includes(search)) clients.add(client.id);
  return (session: UserSessionRecord) => {
    if (session.ipAddress.toLowerCase().includes(search)) return true;
    if (server.db.get("users", session.userId)?.username.includes(search)) return true;
    for (const id in session.clients) if (clients.has(id)) return true;
    return false;
  };
}

/**
 * One page of a realm's live sessions, newest first, read straight off the
 * store: representations are built only for the rows of the page.
 */
export function sessionPage(server: ServerContext, realm: RealmRecord, query: SessionPageQuery) {
  const search = query.search?.trim().toLowerCase();
  const matches = search ? searchMatcher(server, realm, search) : undefined;
  const records = server.db.list("userSessions", realm.id);
  const rows = [];
  let skipped = 0;
  for (let i = records.length - 1; i >= 0 && rows.length < query.max; i--) {
    const session = records[i]!;
    if (query.type === "REGULAR" && session.offline) continue;
    if (query.type === "OFFLINE" && !session.offline) continue;
    if (query.clientUuid && !session.clients[query.clientUuid]) continue;
    if (!isSessionActive(realm, session)) continue;
    if (matches && !matches(session)) continue;
    if (skipped++ < query.first) continue;
    rows.push(sessionRepresentation(server, session));
  }
  return rows;
}
