import type { Db } from "../../store/db.ts";
import type { UserRecord } from "../../store/types.ts";
import { SortedFieldIndex } from "./sorted-field-index.ts";

/**
 * Per realm: users sorted by username, email, first and last name (lower case),
 * so listing, prefix search and duplicate checks stay fast in realms with
 * 100,000 users. Built on first use, then kept in step with every write
 * through the store's change feed.
 */
export interface RealmUserIndexes {
  username: SortedFieldIndex;
  email: SortedFieldIndex;
  firstName: SortedFieldIndex;
  lastName: SortedFieldIndex;
}

const indexes = new WeakMap<Db, Map<string, RealmUserIndexes>>();

const lower = (value: string | undefined) => (value === undefined || value === "" ? undefined : value.toLowerCase());

function realmIndexes(db: Db): Map<string, RealmUserIndexes> {
  let map = indexes.get(db);
  if (!map) {
    const built = new Map<string, RealmUserIndexes>();
    indexes.set(db, (map = built));
    db.subscribe("users", (id, user, previousRealmId) => {
      if (previousRealmId && previousRealmId !== user?.realmId) {
        const before = built.get(previousRealmId);
        if (before) for (const index of Object.values(before)) index.update(id, undefined);
      }
      const index = user && built.get(user.realmId);
      if (index) for (const field of Object.values(index)) field.update(id, user);
    });
  }
  return map;
}

/** The realm's user indexes, built on first use. */
export function userIndexes(db: Db, realmId: string): RealmUserIndexes {
  const map = realmIndexes(db);
  let index = map.get(realmId);
  if (!index) {
    const users = db.list("users", realmId);
    index = {
      username: new SortedFieldIndex((u) => u.username, users),
      email: new SortedFieldIndex((u) => lower(u.email), users),
      firstName: new SortedFieldIndex((u) => lower(u.firstName), users),
      lastName: new SortedFieldIndex((u) => lower(u.lastName), users),
    };
    map.set(realmId, index);
  }
  return index;
}

/** Users of the realm in username order. */
export function* usersByUsername(db: Db, realmId: string): Generator<UserRecord> {
  for (const id of userIndexes(db, realmId).username.orderedIds()) {
    const user = db.get("users", id);
    if (user) yield user;
  }
}

export function userIdByUsername(db: Db, realmId: string, username: string): string | undefined {
  return userIndexes(db, realmId).username.withKey(username.toLowerCase())[0];
}

/** Ids of the realm's users with this email (lower-cased). */
export function userIdsByEmail(db: Db, realmId: string, email: string): string[] {
  return userIndexes(db, realmId).email.withKey(email.toLowerCase());
}
