import type { Db } from "../../store/db.ts";
import type { UserRecord } from "../../store/types.ts";

/**
 * Per realm: user ids sorted by username, and username -> id, so listing and
 * duplicate checks stay fast in realms with 100,000 users. Built on first use
 * and kept in step with every write through the store's change feed; it
 * remembers each user's indexed name, so in-place renames are seen too.
 */
interface RealmUsers {
  sortedIds: string[];
  sortedNames: string[];
  nameById: Map<string, string>;
  byUsername: Map<string, string>;
}

const indexes = new WeakMap<Db, Map<string, RealmUsers>>();

function position(names: string[], username: string, id?: string, ids?: string[]): number {
  let low = 0;
  let high = names.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (names[mid] < username || (id !== undefined && names[mid] === username && ids![mid] < id)) low = mid + 1;
    else high = mid;
  }
  return low;
}

function remove(index: RealmUsers, id: string): void {
  const name = index.nameById.get(id);
  if (name === undefined) return;
  let at = position(index.sortedNames, name, id, index.sortedIds);
  if (index.sortedIds[at] !== id) at = index.sortedIds.indexOf(id);
  if (at >= 0) {
    index.sortedIds.splice(at, 1);
    index.sortedNames.splice(at, 1);
  }
  index.nameById.delete(id);
  if (index.byUsername.get(name) === id) index.byUsername.delete(name);
}

function insert(index: RealmUsers, user: UserRecord): void {
  const at = position(index.sortedNames, user.username, user.id, index.sortedIds);
  index.sortedIds.splice(at, 0, user.id);
  index.sortedNames.splice(at, 0, user.username);
  index.nameById.set(user.id, user.username);
  index.byUsername.set(user.username, user.id);
}

function realmIndexes(db: Db): Map<string, RealmUsers> {
  let map = indexes.get(db);
  if (!map) {
    const built = new Map<string, RealmUsers>();
    indexes.set(db, (map = built));
    db.subscribe("users", (id, user, previousRealmId) => {
      if (previousRealmId && previousRealmId !== user?.realmId) {
        const before = built.get(previousRealmId);
        if (before) remove(before, id);
      }
      if (!user) return;
      const index = built.get(user.realmId);
      if (!index || index.nameById.get(id) === user.username) return;
      remove(index, id);
      insert(index, user);
    });
  }
  return map;
}

function current(db: Db, realmId: string): RealmUsers {
  const map = realmIndexes(db);
  let index = map.get(realmId);
  if (!index) {
    const users = db.list("users", realmId).sort((a, b) => (a.username < b.username ? -1 : a.username > b.username ? 1 : a.id < b.id ? -1 : 1));
    index = {
      sortedIds: users.map((u) => u.id),
      sortedNames: users.map((u) => u.username),
      nameById: new Map(users.map((u) => [u.id, u.username])),
      byUsername: new Map(users.map((u) => [u.username, u.id])),
    };
    map.set(realmId, index);
  }
  return index;
}

/** Users of the realm in username order, starting at position `from`. */
export function* usersByUsername(db: Db, realmId: string, from = 0): Generator<UserRecord> {
  const { sortedIds } = current(db, realmId);
  for (let i = Math.max(0, from); i < sortedIds.length; i++) {
    const user = db.get("users", sortedIds[i]);
    if (user) yield user;
  }
}

/** Number of users in the realm's index (all users, service accounts included). */
export function indexedUserCount(db: Db, realmId: string): number {
  return current(db, realmId).sortedIds.length;
}

export function userIdByUsername(db: Db, realmId: string, username: string): string | undefined {
  return current(db, realmId).byUsername.get(username.toLowerCase());
}
