import type { Db } from "../../store/db.ts";
import type { UserRecord } from "../../store/types.ts";

/**
 * Which users hang off a group (direct members), a role (direct mappings) or a
 * client (its service account), so member listings need not read every user of
 * a large realm. Built on first use and kept in step through the store's change
 * feed. Records may be changed in place before they are put, so each user's
 * previous links are remembered here rather than read from the old record.
 */
class UserLinksIndex {
  private readonly byGroup = new Map<string, Set<string>>();
  private readonly byRole = new Map<string, Set<string>>();
  private readonly serviceAccounts = new Map<string, string>();
  private readonly linksOfUser = new Map<
    string,
    { groupIds: string[]; roleIds: string[]; serviceAccountClientId?: string }
  >();

  constructor(db: Db) {
    for (const user of db.all("users")) this.add(user);
    db.subscribe("users", (id, user) => {
      this.remove(id);
      if (user) this.add(user);
    });
  }

  groupMemberIds = (groupId: string): ReadonlySet<string> => this.byGroup.get(groupId) ?? new Set();
  roleHolderIds = (roleId: string): ReadonlySet<string> => this.byRole.get(roleId) ?? new Set();
  serviceAccountId = (clientUuid: string): string | undefined => this.serviceAccounts.get(clientUuid);

  private add(user: UserRecord): void {
    const links = {
      groupIds: [...user.groupIds],
      roleIds: [...user.roleIds],
      serviceAccountClientId: user.serviceAccountClientId,
    };
    this.linksOfUser.set(user.id, links);
    for (const id of links.groupIds) link(this.byGroup, id, user.id);
    for (const id of links.roleIds) link(this.byRole, id, user.id);
    if (links.serviceAccountClientId) this.serviceAccounts.set(links.serviceAccountClientId, user.id);
  }

  private remove(userId: string): void {
    const links = this.linksOfUser.get(userId);
    if (!links) return;
    this.linksOfUser.delete(userId);
    for (const id of links.groupIds) unlink(this.byGroup, id, userId);
    for (const id of links.roleIds) unlink(this.byRole, id, userId);
    if (links.serviceAccountClientId && this.serviceAccounts.get(links.serviceAccountClientId) === userId)
      this.serviceAccounts.delete(links.serviceAccountClientId);
  }
}

function link(map: Map<string, Set<string>>, key: string, userId: string): void {
  let ids = map.get(key);
  if (!ids) map.set(key, (ids = new Set()));
  ids.add(userId);
}

function unlink(map: Map<string, Set<string>>, key: string, userId: string): void {
  const ids = map.get(key);
  if (!ids) return;
  ids.delete(userId);
  if (!ids.size) map.delete(key);
}

const indexes = new WeakMap<Db, UserLinksIndex>();

function index(db: Db): UserLinksIndex {
  let found = indexes.get(db);
  if (!found) indexes.set(db, (found = new UserLinksIndex(db)));
  return found;
}

const usersOf = (db: Db, ids: Iterable<string>): UserRecord[] =>
  [...ids].map((id) => db.get("users", id)).filter((u): u is UserRecord => u !== undefined);

/** Direct members of a group. */
export const groupMembers = (db: Db, groupId: string): UserRecord[] => usersOf(db, index(db).groupMemberIds(groupId));

/** Users with a direct mapping to a role. */
export const roleHolders = (db: Db, roleId: string): UserRecord[] => usersOf(db, index(db).roleHolderIds(roleId));

/** The service account user of a client. */
export function serviceAccountOf(db: Db, clientUuid: string): UserRecord | undefined {
  const id = index(db).serviceAccountId(clientUuid);
  return id ? db.get("users", id) : undefined;
}
