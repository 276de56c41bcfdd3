import type { Db } from "../../store/db.ts";
import type { UserRecord } from "../../store/types.ts";

/**
 * Per realm: user ids sorted by username, and username -> id, so listing and
 * duplicate checks stay fast in realms with 100,000 users. Built lazily and
 * rebuilt when the realm's user table changed behind our back (count or last
 * inserted id differ); our own writes update it in place.
 */
interface RealmUsers {
  sortedIds: string[];
  sortedNames: string[];
  byUsername: Map<string, string>;
  count: number;
  lastId: string | undefined;
}

const indexes = new WeakMap<Db, Map<string, RealmUsers>>();

function lastInsertedId(db: Db, realmId: string): string | undefined {
  let last: string | undefined;
  for (const user of db.iterate("users", realmId)) last = user.id;
  return last;
}

function isFresh(db: Db, realmId: string, index: RealmUsers | undefined): index is RealmUsers {
  return !!index && index.count === db.count("users", realmId) && index.lastId === lastInsertedId(db, realmId);
}

function build(db: Db, realmId: string): RealmUsers {
  const users = db.list("users", realmId).sort((a, b) => (a.username < b.username ? -1 : a.username > b.username ? 1 : 0));
  return {
    sortedIds: users.map((u) => u.id),
    sortedNames: users.map((u) => u.username),
    byUsername: new Map(users.map((u) => [u.username, u.id])),
    count: users.length,
    lastId: lastInsertedId(db, realmId),
  };
}

function realmIndexes(db: Db): Map<string, RealmUsers> {
  let map = indexes.get(db);
  if (!map) indexes.set(db, (map = new Map()));
  return map;
}

function current(db: Db, realmId: string): RealmUsers {
  const map = realmIndexes(db);
  let index = map.get(realmId);
  if (!isFresh(db, realmId, index)) map.set(realmId, (index = build(db, realmId)));
  return index!;
}

function position(names: string[], username: string): number {
  let low = 0;
  let high = names.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (names[mid] < username) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Users of the realm in username order (records that vanished meanwhile are skipped). */
export function* usersByUsername(db: Db, realmId: string): Generator<UserRecord> {
  const { sortedIds } = current(db, realmId);
  for (const id of sortedIds) {
    const user = db.get("users", id);
    if (user && user.realmId === realmId) yield user;
  }
}

export function userIdByUsername(db: Db, realmId: string, username: string): string | undefined {
  const id = current(db, realmId).byUsername.get(username.toLowerCase());
  if (!id) return undefined;
  const user = db.get("users", id);
  return user && user.realmId === realmId && user.username === username.toLowerCase() ? id : undefined;
}

/**
 * Runs a store write that creates, renames or deletes one user and keeps the
 * index in step. The store applies the change synchronously inside `write`,
 * so checking freshness before and updating right after is atomic.
 */
export function writeUserChange<R>(
  db: Db,
  realmId: string,
  change: { id: string; usernameBefore?: string; usernameAfter?: string },
  write: () => Promise<R>,
): Promise<R> {
  const map = realmIndexes(db);
  const index = map.get(realmId);
  const fresh = isFresh(db, realmId, index);
  const beforeName = change.usernameBefore;
  const afterName = change.usernameAfter;
  const written = write();
  if (!fresh) {
    map.delete(realmId);
    return written;
  }
  const { id } = change;
  if (beforeName !== undefined && beforeName !== afterName) {
    const at = index.sortedIds.indexOf(id);
    if (at >= 0) {
      index.sortedIds.splice(at, 1);
      index.sortedNames.splice(at, 1);
    }
    if (index.byUsername.get(beforeName) === id) index.byUsername.delete(beforeName);
  }
  if (afterName !== undefined && beforeName !== afterName) {
    const at = position(index.sortedNames, afterName);
    index.sortedIds.splice(at, 0, id);
    index.sortedNames.splice(at, 0, afterName);
    index.byUsername.set(afterName, id);
  }
  index.count = db.count("users", realmId);
  index.lastId = lastInsertedId(db, realmId);
  return written;
}
