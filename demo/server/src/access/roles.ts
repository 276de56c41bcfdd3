import type { Db } from "../store/db.ts";
import type { GroupRecord, UserRecord } from "../store/types.ts";
import { withMapperMemberships } from "../federation/ldap-directory-memberships.ts";

/** The given roles plus every role reachable through composites. */
export function expandComposites(db: Db, roleIds: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const stack = [...roleIds];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    const role = db.get("roles", id);
    if (!role) continue;
    seen.add(id);
    stack.push(...role.compositeIds);
  }
  return seen;
}

/** A group and its ancestors, nearest first. */
export function groupChain(db: Db, group: GroupRecord): GroupRecord[] {
  const chain: GroupRecord[] = [];
  let current: GroupRecord | undefined = group;
  while (current && chain.length < 100) {
    chain.push(current);
    current = current.parentId ? db.get("groups", current.parentId) : undefined;
  }
  return chain;
}

/** Role ids a user holds before composite expansion: direct mappings and those of its groups and their parents. */
export function userMappedRoleIds(db: Db, stored: UserRecord): Set<string> {
  const user = withMapperMemberships(db, stored);
  const ids = new Set(user.roleIds);
  for (const groupId of user.groupIds) {
    const group = db.get("groups", groupId);
    if (!group) continue;
    for (const g of groupChain(db, group)) for (const r of g.roleIds) ids.add(r);
  }
  return ids;
}

/** Every role the user effectively holds (direct, through groups, and through composites). */
export function userEffectiveRoleIds(db: Db, user: UserRecord): Set<string> {
  return expandComposites(db, userMappedRoleIds(db, user));
}
