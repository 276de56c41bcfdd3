import type { ServerContext } from "../../context.ts";
import type { AdminRequestContext } from "../../access/admin-context.ts";
import type { RealmRecord, UserRecord } from "../../store/types.ts";
import { isBruteForceProtected, loginFailureId } from "../../access/brute-force.ts";
import type { UpConfig } from "./profile-config.ts";
import { visibleAttributes } from "./profile-attributes.ts";
import { briefUserRepresentation, userRepresentation } from "../common/user-representation.ts";

/** UserRepresentation.access, computed from the caller's permissions. */
export function userAccess(ctx: AdminRequestContext, user: UserRecord) {
  return {
    manageGroupMembership: ctx.mayUser("manage-group-membership", user),
    resetPassword: ctx.mayUser("reset-password", user),
    view: ctx.mayUser("view", user),
    mapRoles: ctx.mayUser("map-roles", user),
    impersonate: ctx.mayUser("impersonate", user),
    manage: ctx.mayUser("manage", user),
  };
}

/** Keycloak shows a permanently locked-out user as disabled on GET /users/{id}. */
export function isPermanentlyLockedOut(server: ServerContext, realm: RealmRecord, user: UserRecord): boolean {
  if (!isBruteForceProtected(realm) || realm.settings.permanentLockout !== true) return false;
  return (server.db.get("loginFailures", loginFailureId(realm, user.id))?.lockedUntil ?? 0) >= Number.MAX_SAFE_INTEGER;
}

/** UserRepresentation with the attributes the realm's user profile lets administrators see. */
export function profiledUserRepresentation(user: UserRecord, config: UpConfig) {
  return userRepresentation(user, visibleAttributes(user, config));
}

export function listedUser(ctx: AdminRequestContext, user: UserRecord, config: UpConfig, brief: boolean) {
  const rep = brief ? briefUserRepresentation(user) : profiledUserRepresentation(user, config);
  return { ...rep, access: userAccess(ctx, user) };
}
