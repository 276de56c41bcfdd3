import type { ServerContext } from "../../context.ts";
import type { RealmRecord, UserSessionRecord } from "../../store/types.ts";
import { forgetExpiredSessions, isSessionActive, toUserSessionRepresentation } from "../../access/sessions.ts";
import { sessionIndex } from "../../access/session-index.ts";
import { MIN_INDEXED_SEARCH } from "../../access/trigram-index.ts";
import { idsOf } from "../../access/id-sets.ts";

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
  const clients = matchingClients(server, realm, search);
  return (session: UserSessionRecord) => {
    if (session.ipAddress.toLowerCase().includes(search)) return true;
    if (server.db.get("users", session.userId)?.username.includes(search)) return true;
    for (const id in session.clients) if (clients.has(id)) return true;
    return false;
  };
}

function matchingClients(server: ServerContext, realm: RealmRecord, search: string): Set<string> {
  const clients = new Set<string>();
  for (const client of server.db.iterate("clients", realm.id))
    if (client.clientId.toLowerCase().includes(search)) clients.add(client.id);
  return clients;
}

/** Beyond this many candidates a walk of the newest sessions fills the page sooner than sorting them. */
const MAX_CANDIDATES = 5_000;

/**
 * The ids of the sessions the search matches, through the session index (by username, IP address and client);
 * undefined when the search is too short for the index or matches so many sessions that walking is quicker.
 */
function searchCandidates(server: ServerContext, realm: RealmRecord, search: string): string[] | undefined {
  if (search.length < MIN_INDEXED_SEARCH) return undefined;
  const index = sessionIndex(server.db, realm.id);
  const ids = new Set<string>();
  const addAll = (more: Iterable<string> | undefined) => {
    for (const id of more ?? []) ids.add(id);
    return ids.size <= MAX_CANDIDATES;
  };
  for (const userId of index.usernames.matching(search)) if (!addAll(idsOf(index.byUser.get(userId)))) return undefined;
  if (!addAll(index.ipAddresses.matching(search))) return undefined;
  for (const clientId of matchingClients(server, realm, search)) {
    if (!addAll(index.regularByClient.get(clientId))) return undefined;
    if (!addAll(index.offlineByClient.get(clientId))) return undefined;
  }
  const order = (id: string) => index.order.get(id) ?? -1;
  return [...ids].sort((a, b) => order(b) - order(a));
}

function accepts(query: SessionPageQuery, session: UserSessionRecord): boolean {
  if (query.type === "REGULAR" && session.offline) return false;
  if (query.type === "OFFLINE" && !session.offline) return false;
  if (query.clientUuid && !session.clients[query.clientUuid]) return false;
  return true;
}

/**
 * One page of a realm's live sessions, newest first, read straight off the
 * store: representations are built only for the rows of the page. A search
 * reads the session index's matches when it can, else walks the newest
 * sessions until the page is full.
 */
export function sessionPage(server: ServerContext, realm: RealmRecord, query: SessionPageQuery) {
  const search = query.search?.trim().toLowerCase();
  const candidates = search ? searchCandidates(server, realm, search) : undefined;
  const matches = search && !candidates ? searchMatcher(server, realm, search) : undefined;
  const rows: ReturnType<typeof sessionRepresentation>[] = [];
  let skipped = 0;
  const expired: UserSessionRecord[] = [];
  const take = (session: UserSessionRecord) => {
    if (!accepts(query, session)) return;
    if (!isSessionActive(realm, session)) return void expired.push(session);
    if (matches && !matches(session)) return;
    if (skipped++ < query.first) return;
    rows.push(sessionRepresentation(server, session));
  };
  if (candidates) {
    for (let i = 0; i < candidates.length && rows.length < query.max; i++) {
      const session = server.db.get("userSessions", candidates[i]!);
      if (session) take(session);
    }
  } else {
    const records = server.db.list("userSessions", realm.id);
    for (let i = records.length - 1; i >= 0 && rows.length < query.max; i--) take(records[i]!);
  }
  forgetExpiredSessions(server.db, expired);
  return rows;
}
