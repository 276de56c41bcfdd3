import type { Db } from "../store/db.ts";
import type { GroupRecord, RealmRecord, UserRecord } from "../store/types.ts";
import { AdminPermissionsV2 } from "./admin-permissions/v2.ts";

export type UserScope = "view" | "manage" | "map-roles" | "manage-group-membership" | "impersonate";
export type GroupScope = "view" | "manage" | "view-members" | "manage-members" | "manage-membership";

/** The users a scope reaches: every user, none, or those a predicate accepts (applied inside the store's query). */
export type UserReach = "all" | "none" | ((user: UserRecord) => boolean);

/** The realm-management role that grants a scope on every object of the type, as Keycloak's legacy checks read them. */
const USER_ROLE: Record<UserScope, string> = {
  view: "view-users",
  manage: "manage-users",
  "map-roles": "manage-users",
  "manage-group-membership": "manage-users",
  impersonate: "impersonation",
};
const GROUP_ROLE: Record<GroupScope, string> = {
  view: "view-users",
  manage: "manage-users",
  "view-members": "view-users",
  "manage-members": "manage-users",
  "manage-membership": "manage-users",
};
/** Holding any of these makes Keycloak skip admin permissions v2 for users and groups. */
const USER_LEGACY_ROLES = ["view-users", "manage-users"];

export interface ObjectAccess {
  mayUser(scope: UserScope, user: UserRecord): boolean;
  usersReach(scope: UserScope): UserReach;
  mayGroup(scope: GroupScope, group: GroupRecord): boolean;
  /** True when a legacy role decides for users and groups, so v2 is not consulted. */
  legacyUsers: boolean;
}

/**
 * The one place that decides whether the caller may do something to an object: the realm-management roles the
 * caller holds first (with any legacy users role, v2 is not consulted, as Keycloak does), then the realm's
 * fine-grained admin permissions v2 when the feature and the realm's `adminPermissionsEnabled` are on.
 */
export function objectAccess(
  db: Db,
  realm: RealmRecord,
  caller: UserRecord,
  held: ReadonlySet<string>,
  v2Enabled: boolean,
): ObjectAccess {
  const legacyUsers = USER_LEGACY_ROLES.some((role) => held.has(role));
  let v2: AdminPermissionsV2 | undefined;
  const engine = () => (v2 ??= new AdminPermissionsV2(db, realm, caller));
  const useV2 = v2Enabled && !legacyUsers;
  return {
    legacyUsers,
    mayUser(scope, user) {
      if (held.has(USER_ROLE[scope])) return true;
      if (scope === "impersonate" ? !v2Enabled : !useV2) return false;
      return engine().user(scope, user).granted;
    },
    usersReach(scope) {
      if (held.has(USER_ROLE[scope])) return "all";
      if (!useV2) return "none";
      return engine().userFilter(scope);
    },
    mayGroup(scope, group) {
      if (held.has(GROUP_ROLE[scope])) return true;
      if (!useV2) return false;
      return engine().group(scope, group).granted;
    },
  };
}
