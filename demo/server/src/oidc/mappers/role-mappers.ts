import type { MapperState, MapperType, TokenRoles } from "./types.ts";
import { mapClaim } from "./claim-values.ts";
import { clientByClientId } from "../lookup.ts";

const ALL = ["access", "id", "userinfo", "introspection"] as const;

/** `client.role` names a client role when `client` is a clientId of the realm, otherwise a realm role (Keycloak's parseRole). */
function parseRole(state: MapperState, name: string): { clientId?: string; role: string } {
  const dot = name.lastIndexOf(".");
  if (dot > 0) {
    const clientId = name.slice(0, dot);
    if (clientByClientId(state.db, state.realm, clientId)) return { clientId, role: name.slice(dot + 1) };
  }
  return { role: name };
}

function addRole(roles: TokenRoles, clientId: string | undefined, role: string): void {
  const list = clientId ? (roles.clients.get(clientId) ?? []) : roles.realm;
  if (!list.includes(role)) list.push(role);
  if (clientId) roles.clients.set(clientId, list);
}

function removeRole(roles: TokenRoles, clientId: string | undefined, role: string): boolean {
  const list = clientId ? roles.clients.get(clientId) : roles.realm;
  const index = list?.indexOf(role) ?? -1;
  if (!list || index < 0) return false;
  list.splice(index, 1);
  if (clientId && list.length === 0) roles.clients.delete(clientId);
  return true;
}

const roleName: MapperType = {
  id: "oidc-role-name-mapper",
  kinds: ALL,
  priority: 10,
  apply(_claims, config, state) {
    if (!config.role || !config["new.role.name"]) return;
    const from = parseRole(state, config.role);
    if (!removeRole(state.roles, from.clientId, from.role)) return;
    const to = parseRole(state, config["new.role.name"]);
    addRole(state.roles, to.clientId, to.role);
  },
};

const hardcodedRole: MapperType = {
  id: "oidc-hardcoded-role-mapper",
  kinds: ALL,
  priority: 20,
  apply(_claims, config, state) {
    if (!config.role) return;
    const { clientId, role } = parseRole(state, config.role);
    addRole(state.roles, clientId, role);
  },
};

const audienceResolve: MapperType = {
  id: "oidc-audience-resolve-mapper",
  kinds: ["access", "introspection"],
  priority: 30,
  apply(_claims, _config, state) {
    for (const [clientId, roles] of state.roles.clients) {
      if (clientId !== state.client.clientId && roles.length && !state.audiences.includes(clientId))
        state.audiences.push(clientId);
    }
  },
};

const prefixed = (prefix: string | undefined, roles: string[]) => (prefix ? roles.map((r) => prefix + r) : roles);

const realmRoles: MapperType = {
  id: "oidc-usermodel-realm-role-mapper",
  kinds: ALL,
  priority: 40,
  apply(claims, config, state) {
    mapClaim(claims, config, prefixed(config["usermodel.realmRoleMapping.rolePrefix"], state.roles.realm));
  },
};

const clientRoles: MapperType = {
  id: "oidc-usermodel-client-role-mapper",
  kinds: ALL,
  priority: 40,
  apply(claims, config, state) {
    const only = config["usermodel.clientRoleMapping.clientId"];
    const name = config["claim.name"];
    if (!name) return;
    for (const [clientId, roles] of state.roles.clients) {
      if (only && clientId !== only) continue;
      const claimName = name.replaceAll("${client_id}", clientId.replaceAll(".", "\\."));
      const values = prefixed(config["usermodel.clientRoleMapping.rolePrefix"], roles);
      mapClaim(claims, { ...config, "claim.name": claimName }, values);
    }
  },
};

export const ROLE_MAPPERS = [roleName, hardcodedRole, audienceResolve, realmRoles, clientRoles];
