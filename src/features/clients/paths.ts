/** The clients area's addresses, as the upstream console has them (bookmarks keep working). */
export const CLIENT_TABS = [
  "settings",
  "keys",
  "credentials",
  "roles",
  "clientScopes",
  "authorization",
  "serviceAccount",
  "sessions",
  "permissions",
  "advanced",
] as const;
export type ClientTab = (typeof CLIENT_TABS)[number];

/** The list page's tabs. */
export type ClientsTab = "list" | "initial-access-token" | "client-registration";

export const toClients = (realm: string, tab?: ClientsTab) => `/${realm}/clients${tab ? `/${tab}` : ""}`;
export const toAddClient = (realm: string) => `/${realm}/clients/add-client`;
export const toCreateInitialAccessToken = (realm: string) => `/${realm}/clients/initialAccessToken/create`;
export type ClientRegistrationTab = "anonymous" | "authenticated";
export const toClientRegistration = (realm: string, subTab: ClientRegistrationTab = "anonymous") =>
  `/${realm}/clients/client-registration/${subTab}`;
/** A new policy of `providerId`, or (with `id`) an existing one. */
export const toClientRegistrationPolicy = (
  realm: string,
  subTab: ClientRegistrationTab,
  providerId: string,
  id?: string,
) =>
  `/${realm}/clients/client-registration/${subTab}/${encodeURIComponent(providerId)}${id ? `/${encodeURIComponent(id)}` : ""}`;
export const toImportClient = (realm: string) => `/${realm}/clients/import-client`;
/** `id` is the client's internal id, not its clientId (as upstream). */
export const toClient = (realm: string, id: string, tab: ClientTab = "settings") =>
  `/${realm}/clients/${encodeURIComponent(id)}/${tab}`;

/** A user's page in the users area (the sessions tab links each session's user there). */
export const toSessionUser = (realm: string, userId: string) =>
  `/${realm}/users/${encodeURIComponent(userId)}/settings`;

/** A scope permission of a client's authorization (upstream's permission details page). */
export const toClientScopePermission = (realm: string, clientUuid: string, permissionId: string) =>
  `/${realm}/clients/${encodeURIComponent(clientUuid)}/authorization/permission/scope/${encodeURIComponent(permissionId)}`;

export const CLIENT_ROLE_TABS = ["details", "attributes", "associated-roles", "users-in-role"] as const;
export type ClientRoleTab = (typeof CLIENT_ROLE_TABS)[number];

export const toCreateClientRole = (realm: string, clientUuid: string) =>
  `/${realm}/clients/${encodeURIComponent(clientUuid)}/roles/new`;
export const toClientRole = (realm: string, clientUuid: string, roleId: string, tab: ClientRoleTab = "details") =>
  `/${realm}/clients/${encodeURIComponent(clientUuid)}/roles/${encodeURIComponent(roleId)}/${tab}`;

/** The client scopes tab's sub-tabs: `clients/:clientId/clientScopes/:tab`. */
export type ClientScopesSubTab = "setup" | "evaluate";
export type DedicatedScopeTab = "mappers" | "scope";

export const toClientScopesTab = (realm: string, id: string, tab: ClientScopesSubTab = "setup") =>
  `${toClient(realm, id, "clientScopes")}/${tab}`;
export const toDedicatedScope = (realm: string, id: string, tab: DedicatedScopeTab = "mappers") =>
  `${toClient(realm, id, "clientScopes")}/dedicated/${tab}`;
export const toDedicatedMapper = (realm: string, id: string, mapperId: string, viewMode: "add" | "edit" = "edit") =>
  `${toClient(realm, id, "clientScopes")}/dedicated/mappers/${encodeURIComponent(mapperId)}/${viewMode}`;
/** A client scope's own page (the client scopes area's address). */
export const toClientScopeSettings = (realm: string, scopeId: string) =>
  `/${realm}/client-scopes/${encodeURIComponent(scopeId)}/settings`;
export const dedicatedMapperLinks = (realm: string, id: string) => ({
  toMapper: (mapperId: string, viewMode: "add" | "edit") => toDedicatedMapper(realm, id, mapperId, viewMode),
  toList: () => toDedicatedScope(realm, id, "mappers"),
});

/** The authorization tab's sub-tabs: `clients/:clientId/authorization/:tab`. */
export const AUTHORIZATION_TABS = [
  "settings",
  "resources",
  "scopes",
  "policies",
  "permissions",
  "evaluate",
  "export",
] as const;
export type AuthorizationTab = (typeof AUTHORIZATION_TABS)[number];

const authorizationBase = (realm: string, clientUuid: string) =>
  `/${realm}/clients/${encodeURIComponent(clientUuid)}/authorization`;
export const toAuthorizationTab = (realm: string, clientUuid: string, tab: AuthorizationTab = "settings") =>
  `${authorizationBase(realm, clientUuid)}/${tab}`;
export const toNewResource = (realm: string, clientUuid: string) =>
  `${authorizationBase(realm, clientUuid)}/resource/new`;
export const toResourceDetails = (realm: string, clientUuid: string, resourceId: string) =>
  `${authorizationBase(realm, clientUuid)}/resource/${encodeURIComponent(resourceId)}`;
export const toNewAuthorizationScope = (realm: string, clientUuid: string) =>
  `${authorizationBase(realm, clientUuid)}/scope/new`;
export const toAuthorizationScope = (realm: string, clientUuid: string, scopeId: string) =>
  `${authorizationBase(realm, clientUuid)}/scope/${encodeURIComponent(scopeId)}`;
export const toNewPolicy = (realm: string, clientUuid: string, policyType: string) =>
  `${authorizationBase(realm, clientUuid)}/policy/new/${encodeURIComponent(policyType)}`;
export const toPolicyDetails = (realm: string, clientUuid: string, policyId: string, policyType: string) =>
  `${authorizationBase(realm, clientUuid)}/policy/${encodeURIComponent(policyId)}/${encodeURIComponent(policyType)}`;
export type PermissionType = "resource" | "scope";
export const toNewPermission = (
  realm: string,
  clientUuid: string,
  permissionType: PermissionType,
  selectedId?: string,
) =>
  `${authorizationBase(realm, clientUuid)}/permission/new/${permissionType}${selectedId ? `/${encodeURIComponent(selectedId)}` : ""}`;
export const toPermissionDetails = (
  realm: string,
  clientUuid: string,
  permissionType: PermissionType,
  permissionId: string,
) => `${authorizationBase(realm, clientUuid)}/permission/${permissionType}/${encodeURIComponent(permissionId)}`;
