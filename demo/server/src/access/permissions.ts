import type { Db } from "../store/db.ts";
import type { ClientRecord, RealmRecord, UserRecord } from "../store/types.ts";
import type { AdminPermission } from "./admin-context-types.ts";
import { userEffectiveRoleIds } from "./roles.ts";
import { clientScopeRoleIds } from "../oidc/role-claims.ts";
import { clientByClientId } from "../oidc/lookup.ts";

export const MASTER_REALM = "master";

/** What a held role grants beyond itself, as Keycloak's admin permission checks read them. */
const IMPLIED: Partial<Record<AdminPermission, AdminPermission[]>> = {
  "manage-realm": ["view-realm"],
  "manage-users": ["view-users", "query-users", "query-groups"],
  "view-users": ["query-users", "query-groups"],
  "manage-clients": ["view-clients", "query-clients"],
  "view-clients": ["query-clients"],
  "manage-events": ["view-events"],
  "manage-identity-providers": ["view-identity-providers"],
  "manage-authorization": ["view-authorization"],
  "manage-organizations": ["view-organizations", "query-organizations"],
  "view-organizations": ["query-organizations"],
};

export const ALL_ADMIN_ROLES: (AdminPermission | "realm-admin")[] = [
  "view-realm",
  "manage-realm",
  "view-users",
  "manage-users",
  "query-users",
  "query-groups",
  "view-clients",
  "manage-clients",
  "query-clients",
  "create-client",
  "view-events",
  "manage-events",
  "view-identity-providers",
  "manage-identity-providers",
  "view-authorization",
  "manage-authorization",
  "query-realms",
  "impersonation",
  "query-organizations",
  "view-organizations",
  "manage-organizations",
  "realm-admin",
];

/** Every permission an administrator may hold, without the composite that grants them all. */
export const ADMIN_PERMISSIONS = ALL_ADMIN_ROLES.filter((name): name is AdminPermission => name !== "realm-admin");

/**
 * The client holding the admin roles for `target` as seen from `authRealm`:
 * `realm-management` inside the realm itself, `{realm}-realm` in master.
 */
export function managementClient(db: Db, authRealm: RealmRecord, target: RealmRecord): ClientRecord | undefined {
  if (authRealm.realm === MASTER_REALM) return clientByClientId(db, authRealm, `${target.realm}-realm`);
  if (authRealm.id !== target.id) return undefined;
  return clientByClientId(db, target, "realm-management");
}

/**
 * Names of the management client's roles the user effectively holds and the
 * token's client has in scope, with Keycloak's implications added.
 */
export function adminRoleNames(
  db: Db,
  user: UserRecord,
  tokenClient: ClientRecord | undefined,
  management: ClientRecord | undefined,
): Set<string> {
  const names = new Set<string>();
  if (!management) return names;
  const inScope = tokenClient ? clientScopeRoleIds(db, tokenClient, []) : undefined;
  for (const id of userEffectiveRoleIds(db, user)) {
    const role = db.get("roles", id);
    if (!role || role.clientId !== management.id) continue;
    if (inScope && !inScope.has(id)) continue;
    names.add(role.name);
  }
  if (names.has("realm-admin")) for (const name of ALL_ADMIN_ROLES) names.add(name);
  for (const name of [...names]) for (const implied of IMPLIED[name as AdminPermission] ?? []) names.add(implied);
  return names;
}
