import type KeycloakAdminClient from "@keycloak/keycloak-admin-client";
import type ResourceServerRepresentation from "@keycloak/keycloak-admin-client/lib/defs/resourceServerRepresentation.js";
import type ResourceRepresentation from "@keycloak/keycloak-admin-client/lib/defs/resourceRepresentation.js";
import type ScopeRepresentation from "@keycloak/keycloak-admin-client/lib/defs/scopeRepresentation.js";
import type PolicyRepresentation from "@keycloak/keycloak-admin-client/lib/defs/policyRepresentation.js";
import type PolicyProviderRepresentation from "@keycloak/keycloak-admin-client/lib/defs/policyProviderRepresentation.js";
import type PolicyEvaluationResponse from "@keycloak/keycloak-admin-client/lib/defs/policyEvaluationResponse.js";
import { adminFetch } from "../../api/admin-fetch.ts";

/** Every call of the authorization screens, through Keycloak's admin client (realm given per call). */

export type Policy = PolicyRepresentation & Record<string, unknown>;
export type { ResourceRepresentation, ScopeRepresentation, ResourceServerRepresentation, PolicyProviderRepresentation };

const list = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);
/** The `name` search of a list, left out when nothing is typed. */
const nameFilter = (search: string) => (search.trim() ? { name: search.trim() } : {});

export const authzKeys = {
  all: (realm: string, id: string) => ["authz", realm, id] as const,
  server: (realm: string, id: string) => ["authz", realm, id, "server"] as const,
  providers: (realm: string, id: string) => ["authz", realm, id, "providers"] as const,
  one: (realm: string, id: string, kind: string, itemId: string) => ["authz", realm, id, kind, itemId] as const,
};

export const fetchResourceServer = (kc: KeycloakAdminClient, realm: string, id: string) =>
  kc.clients.getResourceServer({ realm, id });
export const updateResourceServer = (
  kc: KeycloakAdminClient,
  realm: string,
  id: string,
  rep: ResourceServerRepresentation,
) => kc.clients.updateResourceServer({ realm, id }, rep);
export const exportSettings = (kc: KeycloakAdminClient, realm: string, id: string) =>
  kc.clients.exportResource({ realm, id });
export const importSettings = (kc: KeycloakAdminClient, realm: string, id: string, rep: ResourceServerRepresentation) =>
  kc.clients.importResource({ realm, id }, rep);

/** A page of resources; `search` is read as a name unless it starts with `type:`, `owner:`, `uri:` or `scope:`. */
export function fetchResourcesPage(
  kc: KeycloakAdminClient,
  realm: string,
  id: string,
  first: number,
  max: number,
  search: string,
): Promise<ResourceRepresentation[]> {
  const match = /^(type|owner|uri|scope):\s*(.*)$/i.exec(search.trim());
  const filter = match ? { [match[1]!.toLowerCase()]: match[2] } : nameFilter(search);
  return kc.clients.listResources({ realm, id, first, max, deep: false, ...filter } as never);
}
export const fetchResource = (kc: KeycloakAdminClient, realm: string, id: string, resourceId: string) =>
  kc.clients.getResource({ realm, id, resourceId });
export const saveResource = (kc: KeycloakAdminClient, realm: string, id: string, rep: ResourceRepresentation) =>
  rep._id
    ? kc.clients.updateResource({ realm, id, resourceId: rep._id }, rep)
    : kc.clients.createResource({ realm, id }, rep);
export const deleteResource = (kc: KeycloakAdminClient, realm: string, id: string, resourceId: string) =>
  kc.clients.delResource({ realm, id, resourceId });
export const fetchResourcePermissions = async (
  kc: KeycloakAdminClient,
  realm: string,
  id: string,
  resourceId: string,
) => list<Policy>(await kc.clients.listPermissionsByResource({ realm, id, resourceId }));
export const fetchResourceScopes = async (kc: KeycloakAdminClient, realm: string, id: string, resourceId: string) =>
  list<ScopeRepresentation>(await kc.clients.listScopesByResource({ realm, id, resourceName: resourceId }));

export const fetchScopesPage = (
  kc: KeycloakAdminClient,
  realm: string,
  id: string,
  first: number,
  max: number,
  search: string,
): Promise<ScopeRepresentation[]> =>
  kc.clients.listAllScopes({
    realm,
    id,
    first,
    max,
    deep: false,
    ...nameFilter(search),
  } as never);
export const fetchScope = (kc: KeycloakAdminClient, realm: string, id: string, scopeId: string) =>
  kc.clients.getAuthorizationScope({ realm, id, scopeId });
export const saveScope = (kc: KeycloakAdminClient, realm: string, id: string, rep: ScopeRepresentation) =>
  rep.id
    ? kc.clients.updateAuthorizationScope({ realm, id, scopeId: rep.id }, rep)
    : kc.clients.createAuthorizationScope({ realm, id }, rep);
/**
 * The scope named exactly `name`, if any: Keycloak's `scope/search` (no admin-client method). The form asks it before a
 * create, as Keycloak answers a create of a taken name by overwriting that scope.
 */
export async function findScopeByName(
  kc: KeycloakAdminClient,
  realm: string,
  id: string,
  name: string,
): Promise<ScopeRepresentation | undefined> {
  const path = `/admin/realms/${encodeURIComponent(realm)}/clients/${encodeURIComponent(id)}/authz/resource-server/scope/search`;
  const found = await adminFetch<ScopeRepresentation | "">(kc, path, { name });
  return found || undefined;
}
export const deleteScope = (kc: KeycloakAdminClient, realm: string, id: string, scopeId: string) =>
  kc.clients.delAuthorizationScope({ realm, id, scopeId });
/** One page of a scope's resources or permissions (never all of them at once). */
export async function fetchScopeAssociations(
  kc: KeycloakAdminClient,
  realm: string,
  id: string,
  scopeId: string,
  max: number,
  kind: "resources" | "permissions",
): Promise<(ResourceRepresentation & Policy)[]> {
  const query = { realm, id, scopeId, first: 0, max } as never;
  return list(
    await (kind === "resources"
      ? kc.clients.listAllResourcesByScope(query)
      : kc.clients.listAllPermissionsByScope(query)),
  );
}

/** A page of policies (no permissions), of `type` when given, searched by name. */
export async function fetchPoliciesPage(
  kc: KeycloakAdminClient,
  realm: string,
  id: string,
  first: number,
  max: number,
  search: string,
  type?: string,
): Promise<Policy[]> {
  const filter = { ...nameFilter(search), ...(type ? { type } : {}) };
  return list<Policy>(await kc.clients.listPolicies({ realm, id, first, max, permission: false, ...filter } as never));
}
export async function fetchPermissionsPage(
  kc: KeycloakAdminClient,
  realm: string,
  id: string,
  first: number,
  max: number,
  search: string,
): Promise<Policy[]> {
  return list<Policy>(await kc.clients.findPermissions({ realm, id, first, max, ...nameFilter(search) } as never));
}
export const fetchPolicyProviders = async (kc: KeycloakAdminClient, realm: string, id: string) =>
  list<PolicyProviderRepresentation>(await kc.clients.listPolicyProviders({ realm, id }));
export const fetchTypedPolicy = async (
  kc: KeycloakAdminClient,
  realm: string,
  id: string,
  type: string,
  policyId: string,
) => (await kc.clients.findOnePolicyWithType({ realm, id, type, policyId })) as Policy | undefined;
export const savePolicy = async (kc: KeycloakAdminClient, realm: string, id: string, type: string, rep: Policy) => {
  if (rep.id) {
    await kc.clients.updatePolicy({ realm, id, type, policyId: rep.id }, rep);
    return rep;
  }
  return (await kc.clients.createPolicy({ realm, id, type }, rep)) as Policy;
};
export const deletePolicy = (kc: KeycloakAdminClient, realm: string, id: string, policyId: string) =>
  kc.clients.delPolicy({ realm, id, policyId });
export const fetchDependentPolicies = async (kc: KeycloakAdminClient, realm: string, id: string, policyId: string) =>
  list<Policy>(await kc.clients.listDependentPolicies({ realm, id, policyId }));
export const fetchAssociations = async (kc: KeycloakAdminClient, realm: string, id: string, permissionId: string) => {
  const [resources, scopes, policies] = await Promise.all([
    kc.clients.getAssociatedResources({ realm, id, permissionId }),
    kc.clients.getAssociatedScopes({ realm, id, permissionId }),
    kc.clients.getAssociatedPolicies({ realm, id, permissionId }),
  ]);
  return {
    resources: list<{ _id?: string; name?: string }>(resources),
    scopes: list<ScopeRepresentation>(scopes),
    policies: list<Policy>(policies),
  };
};

export interface EvaluationRequest {
  userId?: string;
  roleIds?: string[];
  clientId?: string;
  resources: { _id?: string; scopes?: { name: string }[] }[];
  context: { attributes: Record<string, string> };
}
export const evaluate = async (kc: KeycloakAdminClient, realm: string, id: string, request: EvaluationRequest) =>
  (await kc.clients.evaluateResource({ realm, id }, {
    ...request,
    entitlements: false,
  } as never)) as PolicyEvaluationResponse;

/** Names to show for the ids a typed policy stores (roles as `name` or `clientId/name`, groups as paths). */
export async function referenceNames(
  kc: KeycloakAdminClient,
  realm: string,
  kind: "role" | "user" | "group" | "client" | "clientScope",
  ids: string[],
): Promise<string[]> {
  return Promise.all(
    ids.map(async (id) => {
      try {
        switch (kind) {
          case "role": {
            const role = await kc.roles.findOneById({ realm, id });
            if (!role?.clientRole) return role?.name ?? id;
            const owner = await kc.clients.findOne({ realm, id: role.containerId ?? "" });
            return `${owner?.clientId ?? role.containerId}/${role.name}`;
          }
          case "user":
            return (await kc.users.findOne({ realm, id }))?.username ?? id;
          case "group":
            return (await kc.groups.findOne({ realm, id }))?.path ?? id;
          case "client":
            return (await kc.clients.findOne({ realm, id }))?.clientId ?? id;
          default:
            return (await kc.clientScopes.findOne({ realm, id }))?.name ?? id;
        }
      } catch {
        return id;
      }
    }),
  );
}
