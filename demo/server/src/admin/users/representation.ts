import type { ServerContext } from "../../context.ts";
import type { AdminRequestContext } from "../../access/admin-context.ts";
import type { Attributes, RealmRecord, UserRecord } from "../../store/types.ts";
import { isBruteForceProtected, loginFailureId } from "../../access/brute-force.ts";
import { findAttribute, type UpConfig } from "./profile-config.ts";
import { fieldErrors } from "../../http/errors.ts";
import { federatedProfileAttributes, type FederatedProfileAttribute } from "../../federation/ldap-profile.ts";
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

/** What the user's LDAP provider adds to the realm's user profile for administrators (LDAP_ID, LDAP_ENTRY_DN, …). */
export function federatedAttributesOf(server: ServerContext, user: UserRecord, config: UpConfig) {
  return federatedProfileAttributes(server, user, (name) => findAttribute(config, name) !== undefined);
}

/** UserRepresentation with the attributes the realm's user profile (and the user's provider) let administrators see. */
export function profiledUserRepresentation(
  user: UserRecord,
  config: UpConfig,
  federated: FederatedProfileAttribute[] = [],
) {
  return userRepresentation(user, visibleAttributes(user, config, new Set(federated.map((f) => f.name))));
}

export function listedUser(
  ctx: AdminRequestContext,
  user: UserRecord,
  config: UpConfig,
  brief: boolean,
  federated: FederatedProfileAttribute[] = [],
) {
  const rep = brief ? briefWithMetadata(user, federated) : profiledUserRepresentation(user, config, federated);
  return { ...rep, access: userAccess(ctx, user) };
}

/** Keycloak 26.7.3's brief representation of a federated user carries the provider's metadata attributes. */
function briefWithMetadata(user: UserRecord, federated: FederatedProfileAttribute[]) {
  const attributes: UserRecord["attributes"] = {};
  for (const { name, metadata } of federated)
    if (metadata && user.attributes[name]) attributes[name] = user.attributes[name];
  const rep = briefUserRepresentation(user);
  return Object.keys(attributes).length ? { ...rep, attributes } : rep;
}

/** An administrator's changed value of an attribute the user's provider keeps (Keycloak refuses it, nothing stored). */
export function refuseFederatedChanges(user: UserRecord, input: Attributes, federated: FederatedProfileAttribute[]) {
  const same = (a: string[], b: string[]) => a.length === b.length && a.every((v, i) => v === b[i]);
  const refused = new Set(federated.filter((f) => f.refusesChanges).map((f) => f.name));
  // In the order the representation sends them, as Keycloak lists its errors.
  const changed = Object.keys(input)
    .filter((name) => refused.has(name) && !same(input[name]!, user.attributes[name] ?? []))
    .map((name) => ({ name }));
  if (changed.length)
    throw fieldErrors(
      changed.map(({ name }) => ({
        field: name,
        errorMessage: "updateReadOnlyAttributesRejectedMessage",
        params: [name],
      })),
    );
}
