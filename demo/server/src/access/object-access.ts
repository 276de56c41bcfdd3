import type { Db } from "../store/db.ts";
import type { ClientRecord, GroupRecord, RealmRecord, RoleRecord, UserRecord } from "../store/types.ts";
import { AdminPermissionsV2 } from "./admin-permissions/v2.ts";
import { RESOURCE_TYPES, type AdminResourceType } from "./admin-permissions/schema.ts";

export type UserScope = "view" | "manage" | "map-roles" | "manage-group-membership" | "impersonate" | "reset-password";
export type GroupScope =
  | "view"
  | "manage"
  | "view-members"
  | "manage-members"
  | "manage-membership"
  | "manage-membership-of-members"
  | "impersonate-members";
export type ClientScope = "view" | "manage" | "map-roles" | "map-roles-client-scope" | "map-roles-composite";
export type RoleScope = "map-role" | "map-role-client-scope" | "map-role-composite";

/** The users a scope reaches: every user, none, or those a predicate accepts (applied inside the store's query). */
export type UserReach = "all" | "none" | ((user: UserRecord) => boolean);
/** The objects a scope reaches by id: every one, or those in the set. */
export type IdReach = "all" | ReadonlySet<string>;

/** The realm-management role that grants a scope on every object of the type, as Keycloak's legacy checks read them. */
const USER_ROLE: Record<UserScope, string> = {
  view: "view-users",
  manage: "manage-users",
  "map-roles": "manage-users",
  "manage-group-membership": "manage-users",
  impersonate: "impersonation",
  "reset-password": "manage-users",
};
const GROUP_ROLE: Record<GroupScope, string> = {
  view: "view-users",
  manage: "manage-users",
  "view-members": "view-users",
  "manage-members": "manage-users",
  "manage-membership": "manage-users",
  "manage-membership-of-members": "manage-users",
  "impersonate-members": "impersonation",
};
const CLIENT_ROLE: Record<ClientScope, string> = {
  view: "view-clients",
  manage: "manage-clients",
  "map-roles": "manage-users",
  "map-roles-client-scope": "manage-clients",
  "map-roles-composite": "manage-clients",
};
const ROLE_ROLE: Record<RoleScope, string> = {
  "map-role": "manage-users",
  "map-role-client-scope": "manage-clients",
  "map-role-composite": "manage-realm",
};
/** The client scope through which a client's roles get each role scope. */
const CLIENT_SCOPE_OF_ROLE_SCOPE: Record<RoleScope, ClientScope> = {
  "map-role": "map-roles",
  "map-role-client-scope": "map-roles-client-scope",
  "map-role-composite": "map-roles-composite",
};
/** Holding any of these makes Keycloak skip admin permissions v2 for users and groups. */
const USER_LEGACY_ROLES = ["view-users", "manage-users"];
/** Holding any of these makes Keycloak skip admin permissions v2 for clients. */
const CLIENT_LEGACY_ROLES = ["view-clients", "manage-clients"];

export interface ObjectAccess {
  mayUser(scope: UserScope, user: UserRecord): boolean;
  usersReach(scope: UserScope): UserReach;
  /** The scope on every user at once (creating users needs `manage` on all of them). */
  mayAllUsers(scope: UserScope): boolean;
  mayGroup(scope: GroupScope, group: GroupRecord): boolean;
  /** The scope on every group at once (creating a top-level group needs `manage` on all of them). */
  mayAllGroups(scope: GroupScope): boolean;
  /** The groups a list shows: those `view` is granted on, with their ancestors (so a subgroup grant is reachable). */
  groupsVisible(): IdReach;
  mayClient(scope: ClientScope, client: ClientRecord): boolean;
  /** The clients a list shows. */
  clientsVisible(): IdReach;
  /** The scope on every client at once (creating a client needs `manage` on all of them). */
  mayAllClients(scope: ClientScope): boolean;
  /** The scopes v2 grants on every object of each type (only types v2 is consulted for), for the console's who-am-I. */
  typeGrants(): Partial<Record<AdminResourceType, string[]>>;
  mayRole(scope: RoleScope, role: RoleRecord): boolean;
  /**
   * The ids of the objects of `type` that v2 grants `scope` on through a permission on the object itself (one on all
   * resources of the type does not count); undefined when v2 is off for the realm.
   */
  ownGrants(type: AdminResourceType, scope: string): string[] | undefined;
  /** True when a legacy role decides for users and groups, so v2 is not consulted. */
  legacyUsers: boolean;
}

/**
 * The one place that decides whether the caller may do something to an object: the realm-management roles the
 * caller holds first (with any legacy role of the area, v2 is not consulted, as Keycloak does), then the realm's
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
  const legacyClients = CLIENT_LEGACY_ROLES.some((role) => held.has(role));
  let v2: AdminPermissionsV2 | undefined;
  const engine = () => (v2 ??= new AdminPermissionsV2(db, realm, caller));
  const useV2 = v2Enabled && !legacyUsers;
  const clientsV2 = v2Enabled && !legacyClients;
  const mayUser = (scope: UserScope, user: UserRecord): boolean => {
    if (held.has(USER_ROLE[scope])) return true;
    if (scope === "impersonate" ? !v2Enabled : !useV2) return false;
    if (scope === "reset-password" && engine().user("manage", user).granted) return true;
    return engine().user(scope, user).granted;
  };
  const mayGroup = (scope: GroupScope, group: GroupRecord): boolean => {
    if (held.has(GROUP_ROLE[scope])) return true;
    // A group's members and membership are v2's to grant even to a view-users holder: Keycloak 26.7.3 lets one create
    // users into a group it holds manage-members and manage-membership on.
    const membersScope = scope === "manage-members" || scope === "manage-membership";
    if (!useV2 && !(membersScope && v2Enabled)) return false;
    return engine().group(scope, group).granted;
  };
  const mayClient = (scope: ClientScope, client: ClientRecord): boolean => {
    if (held.has(CLIENT_ROLE[scope])) return true;
    if (!clientsV2) return false;
    return engine().decide("Clients", client.id, scope).granted;
  };
  return {
    legacyUsers,
    mayUser,
    usersReach(scope) {
      if (held.has(USER_ROLE[scope])) return "all";
      if (!useV2) return "none";
      return engine().userFilter(scope);
    },
    mayAllUsers(scope) {
      if (held.has(USER_ROLE[scope])) return true;
      return useV2 && engine().decide("Users", undefined, scope).granted;
    },
    mayGroup,
    mayAllGroups(scope) {
      if (held.has(GROUP_ROLE[scope])) return true;
      return useV2 && engine().decide("Groups", undefined, scope).granted;
    },
    groupsVisible() {
      if (held.has(GROUP_ROLE.view) || (useV2 && engine().decide("Groups", undefined, "view").granted)) return "all";
      const visible = new Set<string>();
      if (!useV2) return visible;
      const exists = (id: string) => db.get("groups", id)?.realmId === realm.id;
      for (const id of engine().grantedObjects("Groups", "view", exists)) {
        let group = db.get("groups", id);
        while (group && !visible.has(group.id)) {
          visible.add(group.id);
          group = group.parentId ? db.get("groups", group.parentId) : undefined;
        }
      }
      return visible;
    },
    mayClient,
    clientsVisible() {
      if (held.has(CLIENT_ROLE.view) || (clientsV2 && engine().decide("Clients", undefined, "view").granted))
        return "all";
      if (!clientsV2) return new Set();
      return new Set(engine().grantedObjects("Clients", "view", (id) => db.get("clients", id)?.realmId === realm.id));
    },
    mayAllClients(scope) {
      if (held.has(CLIENT_ROLE[scope])) return true;
      return clientsV2 && engine().decide("Clients", undefined, scope).granted;
    },
    typeGrants() {
      const consulted: Record<AdminResourceType, boolean> = {
        Users: useV2,
        Groups: useV2,
        Clients: clientsV2,
        Roles: v2Enabled,
      };
      const grants: Partial<Record<AdminResourceType, string[]>> = {};
      for (const type of Object.values(RESOURCE_TYPES)) {
        if (!consulted[type.type]) continue;
        const granted = type.scopes.filter((scope) => engine().decide(type.type, undefined, scope).granted);
        if (granted.length) grants[type.type] = granted;
      }
      return grants;
    },
    mayRole(scope, role) {
      const owner = role.clientId ? db.get("clients", role.clientId) : undefined;
      // Keycloak's RolePermissionsV2: a client's roles through manage-clients (or the client's map-roles* scope), a
      // realm role's client-scope and composite mappings through manage-realm; then the role's own v2 permission.
      if (!v2Enabled) return held.has(ROLE_ROLE[scope]);
      if (held.has(scope === "map-role" ? "manage-users" : owner ? "manage-clients" : "manage-realm")) return true;
      if (owner && engine().decide("Clients", owner.id, CLIENT_SCOPE_OF_ROLE_SCOPE[scope]).granted) return true;
      return engine().decide("Roles", role.id, scope).granted;
    },
    ownGrants(type, scope) {
      if (!v2Enabled) return undefined;
      return engine()
        .objectIds()
        .filter((id) => {
          const decision = engine().decide(type, id, scope);
          return decision.granted && decision.resource?.name === id;
        });
    },
  };
}
