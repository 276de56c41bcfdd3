import type { ServerContext } from "../../context.ts";
import type { Db } from "../../store/db.ts";
import type { RealmRecord, UserRecord } from "../../store/types.ts";
import { type UserFilter, indexablePrefix, userMatcher } from "./search.ts";
import { userIdByUsername, userIndexes, usersByUsername } from "./username-index.ts";

/** Keycloak's Constants.DEFAULT_MAX_RESULTS. */
export const DEFAULT_MAX_USERS = 100;

/** Users found through the email and name indexes are sorted by username when there are at most this many. */
const MAX_SORTED_CANDIDATES = 20_000;

/**
 * For a `search` whose first term is a plain prefix: the users whose username,
 * email, first or last name start with it, in username order, lazily. Username
 * matches are one contiguous run of the username index; matches through the
 * other fields are sorted by username and merged in. Undefined when the term
 * cannot use the indexes or the other fields match too many users.
 */
function indexedCandidates(db: Db, realm: RealmRecord, filter: UserFilter): Iterable<UserRecord> | undefined {
  const prefix = filter.terms.length ? indexablePrefix(filter.terms[0]) : undefined;
  if (prefix === undefined) return undefined;
  const { username, email, firstName, lastName } = userIndexes(db, realm.id);
  const others = [email, firstName, lastName];
  if (others.reduce((sum, index) => sum + index.countWithPrefix(prefix), 0) > MAX_SORTED_CANDIDATES) return undefined;
  const [from, to] = username.prefixRange(prefix);
  const byName = username.orderedIds();
  const extra = new Set<string>();
  for (const index of others)
    for (const id of index.withPrefix(prefix)) if (!username.keyFor(id)?.startsWith(prefix)) extra.add(id);
  const nameOf = (id: string) => username.keyFor(id) ?? "";
  const extraSorted = [...extra]
    .map((id): [string, string] => [nameOf(id), id])
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([, id]) => id);
  return mergeByUsername(db, byName, from, to, extraSorted, nameOf);
}

function* mergeByUsername(
  db: Db,
  byName: readonly string[],
  from: number,
  to: number,
  extra: string[],
  nameOf: (id: string) => string,
): Generator<UserRecord> {
  let i = from;
  let j = 0;
  while (i < to || j < extra.length) {
    const takeRun = j >= extra.length || (i < to && nameOf(byName[i]) <= nameOf(extra[j]));
    const user = db.get("users", takeRun ? byName[i++] : extra[j++]);
    if (user) yield user;
  }
}

/**
 * One page of the users matching `filter`, in username order. Uses the field
 * indexes for prefix searches; otherwise walks the username index and stops
 * once `first + max` matches were seen.
 */
export function findUsers(
  server: ServerContext,
  realm: RealmRecord,
  filter: UserFilter,
  first: number,
  max: number,
): UserRecord[] {
  if (filter.id !== undefined) {
    const user = server.db.get("users", filter.id);
    return user && user.realmId === realm.id && (!filter.visible || filter.visible(user)) ? [user] : [];
  }
  const matches = userMatcher(filter);
  const skip = Math.max(first, 0);
  const page: UserRecord[] = [];
  if (max === 0) return page;
  let seen = 0;
  for (const user of indexedCandidates(server.db, realm, filter) ?? usersByUsername(server.db, realm.id)) {
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
  for (const user of indexedCandidates(server.db, realm, filter) ?? server.db.iterate("users", realm.id))
    if (matches(user)) count++;
  return count;
}

/**
 * One page across the local users and then the directory users served without import, as Keycloak's
 * UserStorageManager pages over local storage first and then each provider: `page` is the local part of the page
 * (`first`, `max`), `proxied` the directory's matches from its start (read with `first + max` as the limit). Directory
 * users whose username a local user has are left out.
 */
export function withProxiedUsers(
  server: ServerContext,
  realm: RealmRecord,
  page: UserRecord[],
  proxied: UserRecord[],
  filter: UserFilter,
  first: number,
  max: number,
): UserRecord[] {
  if (proxied.length === 0 || filter.id !== undefined || (max > 0 && page.length >= max)) return page;
  const skip = Math.max(first, 0);
  // The local matches ended within this page, or (an empty page past them) before it.
  const localTotal = page.length > 0 || skip === 0 ? skip + page.length : countUsers(server, realm, filter);
  const matches = userMatcher(filter);
  const directory = proxied.filter(
    (user) => matches(user) && userIdByUsername(server.db, realm.id, user.username) === undefined,
  );
  const from = Math.max(skip - localTotal, 0);
  const room = max > 0 ? max - page.length : directory.length;
  return [...page, ...directory.slice(from, from + room)];
}
