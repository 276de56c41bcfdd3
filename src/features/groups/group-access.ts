import type GroupRepresentation from "@keycloak/keycloak-admin-client/lib/defs/groupRepresentation.js";
import type { AccessChecker } from "../../core/access/access-checker.ts";

/** The keys of Keycloak's GroupRepresentation.access: what the signed-in admin may do with that group. */
export type GroupAccessKey = "view" | "viewMembers" | "manageMembers" | "manage" | "manageMembership";

/** The realm-management role that grants each key on every group when a server lists no `access`. */
const ROLE_FALLBACK: Record<GroupAccessKey, "view-users" | "manage-users"> = {
  view: "view-users",
  viewMembers: "view-users",
  manageMembers: "manage-users",
  manage: "manage-users",
  manageMembership: "manage-users",
};

/**
 * Whether the admin may do this to the group: the server's own answer (`access`, legacy roles and admin
 * permissions v2 alike), or the realm-management roles when the representation carries none.
 */
export function groupMay(access: AccessChecker, group: GroupRepresentation | undefined, key: GroupAccessKey): boolean {
  if (group?.access) return group.access[key] === true;
  const role = ROLE_FALLBACK[key];
  return role === "view-users" ? access.hasSomeAccess("view-users", "manage-users") : access.hasAccess(role);
}

/** Creating a top-level group (or deleting groups in bulk) needs manage on every group: the role, or v2 on all groups. */
export const mayManageAllGroups = (access: AccessChecker) =>
  access.hasAccess("manage-users") || access.grantedOnEvery("Groups", "manage");
