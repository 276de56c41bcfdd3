import type { ServerContext } from "../../context.ts";
import type { RealmRecord, UserRecord } from "../../store/types.ts";
import { type UserFilter, userMatcher } from "./search.ts";
import { usersByUsername } from "./username-index.ts";

/** Keycloak's Constants.DEFAULT_MAX_RESULTS. */
export const DEFAULT_MAX_USERS = 100;

/**
 * One page of the users matching `filter`, in username order. Walks the
 * sorted index and stops once `first + max` matches were seen.
 */
export function findUsers(server: ServerContext, realm: RealmRecord, filter: UserFilter, first: number, max: number): UserRecord[] {
  if (filter.id !== undefined) {
    const user = server.db.get("users", filter.id);
    return user && user.realmId === realm.id ? [user] : [];
  }
  const matches = userMatcher(filter);
  const skip = Math.max(first, 0);
  const page: UserRecord[] = [];
  if (max === 0) return page;
  let seen = 0;
  for (const user of usersByUsername(server.db, realm.id)) {
    if (!matches(user)) continue;
    if (seen++ < skip) continue;
    page.push(user);
    if (max > 0 && page.length >= max) break;
  }
  return page;
}

export function countUsers(server: ServerContext, realm: RealmRecord, filter: UserFilter): number {
  if (filter.id !== undefined) return findUsers(server, realm, filter, 0, 1).length;
  const matches = userMatcher(filter);
  let count = 0;
  for (const user of server.db.iterate("users", realm.id)) if (matches(user)) count++;
  return count;
}
