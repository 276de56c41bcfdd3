import type { Db } from "../store/db.ts";
import type { UserSessionRecord } from "../store/types.ts";
import { TrigramIndex } from "./trigram-index.ts";
import { addId, idsOf, removeId, type IdsByKey } from "./id-sets.ts";

/**
 * Per realm: the stored user sessions (regular and offline) by user, by client, by creation order, and by username
 * and IP address pieces, so a session search and the per-client counts read only the sessions they concern.
 * Built on first use, then kept in step with every write through the store's change feed (users too: a renamed
 * user's sessions are found by the new name).
 */
export interface RealmSessionIndex {
  /** Session id → creation sequence (the store's insertion order). */
  order: Map<string, number>;
  /** User id → its sessions' ids. */
  byUser: IdsByKey;
  /** Client id → its regular sessions' ids. */
  regularByClient: Map<string, Set<string>>;
  /** Client id → its offline sessions' ids. */
  offlineByClient: Map<string, Set<string>>;
  /** Username (as stored) → user ids with a session. */
  usernames: TrigramIndex;
  /** IP address (lower case) → session ids. */
  ipAddresses: TrigramIndex;
  /** Lower bounds of the last access and start of the sessions in the per-client lists (removals do not raise them; a counting walk renews them). */
  earliestLastAccess: number;
  earliestStart: number;
}

/** What a session was filed under (records may be changed in place before they are put again). */
interface Filed {
  id: string;
  realmId: string;
  userId: string;
  offline: boolean;
  clientIds: string[];
  ipAddress: string;
}

interface IndexState {
  realms: Map<string, RealmSessionIndex>;
  /** What each indexed session was filed under, to take it out of those lists when it changes or goes. */
  sessions: Map<string, Filed>;
  /** The username each indexed user was filed under. */
  usernameOf: Map<string, string>;
  sequence: number;
}

const states = new WeakMap<Db, IndexState>();

function addTo(map: Map<string, Set<string>>, key: string, id: string): void {
  let ids = map.get(key);
  if (!ids) map.set(key, (ids = new Set()));
  ids.add(id);
}

function removeFrom(map: Map<string, Set<string>>, key: string, id: string): void {
  const ids = map.get(key);
  if (ids?.delete(id) && ids.size === 0) map.delete(key);
}

function emptyIndex(): RealmSessionIndex {
  return {
    order: new Map(),
    byUser: new Map(),
    regularByClient: new Map(),
    offlineByClient: new Map(),
    usernames: new TrigramIndex(),
    ipAddresses: new TrigramIndex(),
    earliestLastAccess: Infinity,
    earliestStart: Infinity,
  };
}

function add(db: Db, state: IndexState, index: RealmSessionIndex, session: UserSessionRecord): void {
  state.sessions.set(session.id, {
    id: session.id,
    realmId: session.realmId,
    userId: session.userId,
    offline: session.offline,
    clientIds: Object.keys(session.clients),
    ipAddress: session.ipAddress,
  });
  if (!index.order.has(session.id)) index.order.set(session.id, state.sequence++);
  if (!index.byUser.has(session.userId)) {
    const username = db.get("users", session.userId)?.username;
    if (username !== undefined) {
      index.usernames.add(username, session.userId);
      state.usernameOf.set(session.userId, username);
    }
  }
  addId(index.byUser, session.userId, session.id);
  const byClient = session.offline ? index.offlineByClient : index.regularByClient;
  for (const clientId in session.clients) addTo(byClient, clientId, session.id);
  index.ipAddresses.add(session.ipAddress.toLowerCase(), session.id);
  index.earliestLastAccess = Math.min(index.earliestLastAccess, session.lastAccess);
  index.earliestStart = Math.min(index.earliestStart, session.start);
}

function remove(state: IndexState, index: RealmSessionIndex, session: Filed, keepOrder: boolean): void {
  state.sessions.delete(session.id);
  if (!keepOrder) index.order.delete(session.id);
  removeId(index.byUser, session.userId, session.id);
  if (!index.byUser.has(session.userId)) {
    const username = state.usernameOf.get(session.userId);
    if (username !== undefined) index.usernames.remove(username, session.userId);
    state.usernameOf.delete(session.userId);
  }
  const byClient = session.offline ? index.offlineByClient : index.regularByClient;
  for (const clientId of session.clientIds) removeFrom(byClient, clientId, session.id);
  index.ipAddresses.remove(session.ipAddress.toLowerCase(), session.id);
}

function stateOf(db: Db): IndexState {
  let state = states.get(db);
  if (state) return state;
  const created: IndexState = { realms: new Map(), sessions: new Map(), usernameOf: new Map(), sequence: 0 };
  states.set(db, (state = created));
  db.subscribe("userSessions", (id, session) => {
    const before = created.sessions.get(id);
    const beforeIndex = before && created.realms.get(before.realmId);
    const sameRealm = !!session && session.realmId === before?.realmId;
    if (before && beforeIndex) remove(created, beforeIndex, before, sameRealm);
    const index = session && created.realms.get(session.realmId);
    if (session && index) add(db, created, index, session);
  });
  db.subscribe("realms", (id, realm) => {
    if (!realm) forgetRealm(created, id);
  });
  db.subscribe("users", (id, user) => {
    const filed = created.usernameOf.get(id);
    if (filed === undefined || filed === user?.username) return;
    for (const index of created.realms.values()) {
      if (!index.byUser.has(id)) continue;
      index.usernames.remove(filed, id);
      if (user) index.usernames.add(user.username, id);
    }
    if (user) created.usernameOf.set(id, user.username);
    else created.usernameOf.delete(id);
  });
  return state;
}

/** Drops a deleted realm's index and whatever of its sessions is still filed. */
function forgetRealm(state: IndexState, realmId: string): void {
  const index = state.realms.get(realmId);
  if (!index) return;
  for (const id of index.order.keys()) state.sessions.delete(id);
  for (const userId of index.byUser.keys()) state.usernameOf.delete(userId);
  state.realms.delete(realmId);
}

/** Whether the realm has a session index (a deleted realm's is dropped). */
export function hasSessionIndex(db: Db, realmId: string): boolean {
  return stateOf(db).realms.has(realmId);
}

/** Ids of the stored sessions (regular and offline, live or not) of one user, oldest first. */
export function sessionIdsOfUser(db: Db, realmId: string, userId: string): string[] {
  const index = sessionIndex(db, realmId);
  const order = (id: string) => index.order.get(id) ?? -1;
  return [...idsOf(index.byUser.get(userId))].sort((a, b) => order(a) - order(b));
}

/** The realm's session index, built on first use. */
export function sessionIndex(db: Db, realmId: string): RealmSessionIndex {
  const state = stateOf(db);
  let index = state.realms.get(realmId);
  if (!index) {
    index = emptyIndex();
    for (const session of db.iterate("userSessions", realmId)) add(db, state, index, session);
    state.realms.set(realmId, index);
  }
  return index;
}

/** Builds every realm's session index now (at start), so no search waits for it. */
export function buildSessionIndexes(db: Db): void {
  for (const realm of db.all("realms")) sessionIndex(db, realm.id);
}
