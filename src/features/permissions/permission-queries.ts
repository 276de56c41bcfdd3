import type KeycloakAdminClient from "@keycloak/keycloak-admin-client";
import type PolicyRepresentation from "@keycloak/keycloak-admin-client/lib/defs/policyRepresentation.js";

export type Permission = PolicyRepresentation & { resourceType?: string };

/** The client Keycloak creates when a realm turns admin permissions on. */
export const ADMIN_PERMISSIONS_CLIENT_ID = "admin-permissions";

/** A permission's resource type: top-level in typed representations, in `config` in some list answers. */
export function permissionResourceType(permission: Permission): string {
  return permission.resourceType ?? permission.config?.resourceType ?? "";
}

/** The message key of a resource type's name: Users → users. */
export const resourceTypeKey = (type: string) => type.toLowerCase();

export interface ResourceTypeSchema {
  type: string;
  scopes: string[];
}

export const permissionsKey = (realm: string) => ["permissions", realm] as const;

/** The admin-permissions client's id; undefined while the realm has never turned admin permissions on. */
export async function fetchPermissionsClientId(
  client: KeycloakAdminClient,
  realm: string,
): Promise<string | undefined> {
  const [found] = await client.clients.find({ realm, clientId: ADMIN_PERMISSIONS_CLIENT_ID });
  return found?.id;
}

/** The resource types and their scopes, as the resource server's authorizationSchema declares them. */
export async function fetchResourceTypes(
  client: KeycloakAdminClient,
  realm: string,
  clientId: string,
): Promise<ResourceTypeSchema[]> {
  const server = await client.clients.getResourceServer({ realm, id: clientId });
  const schema = server.authorizationSchema as unknown as
    { resourceTypes?: Record<string, { type?: string; scopes?: string[] }> } | undefined;
  return Object.entries(schema?.resourceTypes ?? {}).map(([type, entry]) => ({
    type: entry.type ?? type,
    scopes: entry.scopes ?? [],
  }));
}

/** One page of scope permissions, filtered by name and resource type on the server. */
export async function fetchPermissionPage(
  client: KeycloakAdminClient,
  realm: string,
  clientId: string,
  first: number,
  max: number,
  search: string,
  resourceType: string,
): Promise<Permission[]> {
  const query = {
    realm,
    id: clientId,
    first,
    max,
    name: search || undefined,
    ...(resourceType ? { resourceType } : {}),
  };
  return (await client.clients.findPermissions(query)) as Permission[];
}

/** One page of the client's policies (not permissions) whose name contains `search`. */
export async function searchPolicies(
  client: KeycloakAdminClient,
  realm: string,
  clientId: string,
  search: string,
  max: number,
): Promise<PolicyRepresentation[]> {
  const found = await client.clients.listPolicies({
    realm,
    id: clientId,
    first: 0,
    max,
    name: search || undefined,
    permission: "false",
  });
  return found || [];
}

export interface PermissionDetails {
  permission: Permission;
  scopes: string[];
  /** Object ids; empty when the permission covers all resources of its type. */
  resources: string[];
  allResources: boolean;
  policies: { id: string; name: string }[];
}

export async function fetchPermissionDetails(
  client: KeycloakAdminClient,
  realm: string,
  clientId: string,
  permissionId: string,
): Promise<PermissionDetails | undefined> {
  const ids = { realm, id: clientId, permissionId };
  const permission = (await client.clients.findOnePermission({ ...ids, type: "scope" })) as Permission | undefined;
  if (!permission) return undefined;
  const [scopes, resources, policies] = await Promise.all([
    client.clients.getAssociatedScopes(ids),
    client.clients.getAssociatedResources(ids),
    client.clients.getAssociatedPolicies(ids),
  ]);
  const type = permissionResourceType(permission);
  const chosen = resources.map((resource) => resource.name).filter((name) => name !== type);
  return {
    permission,
    scopes: scopes.map((scope) => scope.name),
    resources: chosen,
    allResources: chosen.length === 0,
    policies: policies.map((policy) => ({ id: policy.id ?? "", name: policy.name ?? "" })),
  };
}

export async function savePermission(
  client: KeycloakAdminClient,
  realm: string,
  clientId: string,
  permission: Permission,
  permissionId?: string,
): Promise<string> {
  if (permissionId) {
    await client.clients.updatePermission({ realm, id: clientId, type: "scope", permissionId }, permission);
    return permissionId;
  }
  const created = await client.clients.createPermission({ realm, id: clientId, type: "scope" }, permission);
  return created.id ?? "";
}

export function deletePermission(
  client: KeycloakAdminClient,
  realm: string,
  clientId: string,
  permissionId: string,
): Promise<void> {
  return client.clients.delPermission({ realm, id: clientId, type: "scope", permissionId });
}
