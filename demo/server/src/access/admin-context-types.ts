import type { ClientRecord, GroupRecord, RealmRecord, RoleRecord, UserRecord } from "../store/types.ts";
import type { ClientScope, GroupScope, IdReach, RoleScope, UserReach, UserScope } from "./object-access.ts";
import type { AdminResourceType } from "./admin-permissions/schema.ts";

/** Keycloak's realm-management role names, used as permission names. */
export type AdminPermission =
  | "view-realm"
  | "manage-realm"
  | "view-users"
  | "manage-users"
  | "query-users"
  | "query-groups"
  | "view-clients"
  | "manage-clients"
  | "query-clients"
  | "create-client"
  | "view-events"
  | "manage-events"
  | "view-identity-providers"
  | "manage-identity-providers"
  | "view-authorization"
  | "manage-authorization"
  | "query-realms"
  | "impersonation"
  | "query-organizations"
  | "view-organizations"
  | "manage-organizations";

export interface AdminRequestContext {
  /** The realm addressed by the URL (`/admin/realms/{realm}/...`). */
  realm: RealmRecord;
  /** The signed-in administrator. */
  user: UserRecord;
  /** The realm the administrator signed in to. */
  authRealm: RealmRecord;
  /** clientId (azp) of the token. */
  clientId: string;
  /** The roles the token's client has in scope (undefined: every role), as Keycloak limits an admin token by them. */
  inTokenScope(roleId: string): boolean;
  /** The user session of the token (sid); service-account tokens have none. */
  sessionId?: string;
  ipAddress: string;
  /** True when the caller holds every named permission in `realm` (manage-x implies view-x and query-x as in Keycloak). */
  has(...permissions: AdminPermission[]): boolean;
  /** Throws 403 unless the caller holds every named permission. */
  require(...permissions: AdminPermission[]): void;
  /** Throws 403 unless the caller holds at least one named permission. */
  requireAny(...permissions: AdminPermission[]): void;
  /** May the caller use this scope of the Users type on `user` (legacy roles first, then admin permissions v2). */
  mayUser(scope: UserScope, user: UserRecord): boolean;
  /** Throws 403 unless `mayUser`. */
  requireUser(scope: UserScope, user: UserRecord): void;
  /** The users a scope reaches, for list queries to filter by in the store. */
  usersReach(scope: UserScope): UserReach;
  /** May the caller use this scope of the Groups type on `group`. */
  mayGroup(scope: GroupScope, group: GroupRecord): boolean;
  /** Throws 403 unless `mayGroup`. */
  requireGroup(scope: GroupScope, group: GroupRecord): void;
  /** The scope on every user / every group at once (creating one needs `manage` on all). */
  mayAllUsers(scope: UserScope): boolean;
  mayAllGroups(scope: GroupScope): boolean;
  /** The groups a list shows (granted `view`, and their ancestors). */
  groupsVisible(): IdReach;
  mayClient(scope: ClientScope, client: ClientRecord): boolean;
  /** Throws 403 unless `mayClient`. */
  requireClientScope(scope: ClientScope, client: ClientRecord): void;
  clientsVisible(): IdReach;
  /** The scope on every client at once (creating a client needs `manage` on all of them). */
  mayAllClients(scope: ClientScope): boolean;
  /** May the caller map this role (legacy roles, the role's own permission, or its client's map-roles). */
  mayRole(scope: RoleScope, role: RoleRecord): boolean;
  /** Ids of the objects of `type` v2 grants `scope` on by a permission of their own; undefined when v2 is off. */
  ownGrants(type: AdminResourceType, scope: string): string[] | undefined;
}
