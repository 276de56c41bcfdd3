import type { RoleMappingType } from "./role-mapping-types.ts";

const HOLDER_PATHS: Record<RoleMappingType, string> = {
  users: "users/{id}/role-mappings",
  groups: "groups/{id}/role-mappings",
  clientScopes: "client-scopes/{id}/scope-mappings",
  clients: "clients/{id}/scope-mappings",
};

const realmPath = (realm: string) => `/admin/realms/${encodeURIComponent(realm)}`;

/** `/admin/realms/{realm}/users/{id}/role-mappings` and the like. */
export const mappingsPath = (realm: string, type: RoleMappingType, id: string) =>
  `${realmPath(realm)}/${HOLDER_PATHS[type].replace("{id}", encodeURIComponent(id))}`;

/** The console's ui-ext endpoints that page client roles of every client in one request. */
export const uiExtRolesPath = (
  realm: string,
  kind: "available-roles" | "effective-roles",
  type: RoleMappingType,
  id: string,
) => `${realmPath(realm)}/ui-ext/${kind}/${type}/${encodeURIComponent(id)}`;
