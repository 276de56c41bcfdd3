import type { Db, Tx } from "../../store/db.ts";
import type {
  AuthzPolicyRecord,
  AuthzResourceRecord,
  AuthzScopeRecord,
  ClientRecord,
  RealmRecord,
  ResourceServerSettings,
  UserRecord,
} from "../../store/types.ts";
import { newId } from "../../common/ids.ts";
import { DEFAULT_SETTINGS, isPermission, resourceServerData } from "./authz-store.ts";
import { enableServiceAccount, serviceAccountUser } from "../clients/service-account.ts";
import { findRoleByName } from "../groups-roles/lookups.ts";
import {
  policyFromInput,
  removeResourceServer,
  resourceFromInput,
  scopeFromInput,
  type PendingRecords,
} from "./authz-writes.ts";
import { jsonList } from "./policy-types.ts";
import { scopeRepresentation } from "./representations.ts";
import { authorizationSchemaRepresentation } from "../../access/admin-permissions/schema.ts";
import { isAdminPermissionsClient } from "../../access/admin-permissions/setup.ts";

const MODES = new Set(["ENFORCING", "PERMISSIVE", "DISABLED"]);
const STRATEGIES = new Set(["UNANIMOUS", "AFFIRMATIVE", "CONSENSUS"]);
const UMA_PROTECTION = "uma_protection";

/** Settings from a ResourceServerRepresentation: fields sent replace, others stay. */
export function settingsFrom(input: Record<string, unknown>, current: ResourceServerSettings): ResourceServerSettings {
  return {
    policyEnforcementMode: MODES.has(String(input.policyEnforcementMode))
      ? (input.policyEnforcementMode as ResourceServerSettings["policyEnforcementMode"])
      : current.policyEnforcementMode,
    decisionStrategy: STRATEGIES.has(String(input.decisionStrategy))
      ? (input.decisionStrategy as ResourceServerSettings["decisionStrategy"])
      : current.decisionStrategy,
    allowRemoteResourceManagement:
      typeof input.allowRemoteResourceManagement === "boolean"
        ? input.allowRemoteResourceManagement
        : current.allowRemoteResourceManagement,
  };
}

/**
 * Turns authorization services on as Keycloak 26 does for a client: an empty resource server (no default resource,
 * policy or permission any more), a `uma_protection` role of the client granted to its service account, which is
 * enabled when the client has none. `serviceAccount` is the one this same request enabled, when it did.
 */
export function enableAuthorization(
  db: Db,
  tx: Tx,
  realm: RealmRecord,
  client: ClientRecord,
  serviceAccount?: UserRecord,
): void {
  if (client.authorization) return;
  client.authorization = { ...DEFAULT_SETTINGS };
  client.rep.authorizationServicesEnabled = true;
  const account = serviceAccount ?? serviceAccountUser(db, client) ?? enableServiceAccount(db, tx, realm, client);
  let role = findRoleByName(db, realm, UMA_PROTECTION, client.id);
  if (!role) {
    role = {
      id: newId(),
      realmId: realm.id,
      name: UMA_PROTECTION,
      clientId: client.id,
      compositeIds: [],
      attributes: {},
    };
    tx.put("roles", role);
  }
  if (!account.roleIds.includes(role.id)) {
    account.roleIds = [...account.roleIds, role.id];
    tx.put("users", account);
  }
}

/** Turns them off: Keycloak removes the resource server with everything in it. */
export function disableAuthorization(db: Db, tx: Tx, client: ClientRecord): void {
  if (!client.authorization) return;
  removeResourceServer(db, tx, client);
  delete client.authorization;
  client.rep.authorizationServicesEnabled = false;
}

/**
 * ResourceServerRepresentation without its collections (`GET /authz/resource-server`). Keycloak 26.7.3 sets
 * authorizationSchema only on the admin-permissions client while admin permissions are on, and leaves it out otherwise.
 */
export function resourceServerRepresentation(client: ClientRecord, adminPermissions = false): Record<string, unknown> {
  const settings = client.authorization ?? DEFAULT_SETTINGS;
  return {
    id: client.id,
    clientId: client.id,
    name: client.clientId,
    allowRemoteResourceManagement: settings.allowRemoteResourceManagement,
    policyEnforcementMode: settings.policyEnforcementMode,
    resources: [],
    policies: [],
    scopes: [],
    decisionStrategy: settings.decisionStrategy,
    ...(adminPermissions ? { authorizationSchema: authorizationSchemaRepresentation() } : {}),
  };
}

/** `GET /authz/resource-server/settings`: the export, references by name as Keycloak writes them. */
export function exportResourceServer(db: Db, client: ClientRecord): Record<string, unknown> {
  const data = resourceServerData(db, client);
  const scopeName = new Map(data.scopes.map((s) => [s.id, s.name]));
  const resourceName = new Map(data.resources.map((r) => [r.id, r.name]));
  const policyName = new Map(data.policies.map((p) => [p.id, p.name]));
  const roleRef = (id: string) => {
    const role = db.get("roles", id);
    if (!role) return id;
    const owner = role.clientId ? db.get("clients", role.clientId) : undefined;
    return owner ? `${owner.clientId}/${role.name}` : role.name;
  };
  const ordered = [...data.policies.filter((p) => !isPermission(p)), ...data.policies.filter(isPermission)];
  return {
    allowRemoteResourceManagement: data.settings.allowRemoteResourceManagement,
    policyEnforcementMode: data.settings.policyEnforcementMode,
    resources: data.resources.map((r) => {
      const rep: Record<string, unknown> = {
        name: r.name,
        ownerManagedAccess: r.ownerManagedAccess,
        attributes: structuredClone(r.attributes),
        uris: [...r.uris],
      };
      if (r.type) rep.type = r.type;
      if (r.displayName) rep.displayName = r.displayName;
      if (r.iconUri) rep.icon_uri = r.iconUri;
      if (r.scopeIds.length) rep.scopes = r.scopeIds.map((id) => ({ name: scopeName.get(id) ?? id }));
      return rep;
    }),
    policies: ordered.map((p) => {
      const config: Record<string, string> = { ...p.config };
      if (p.type === "role")
        config.roles = JSON.stringify(
          jsonList(config.roles).map((r) => ({ ...(r as object), id: roleRef(String((r as { id?: unknown }).id)) })),
        );
      if (p.resourceIds.length)
        config.resources = JSON.stringify(p.resourceIds.map((id) => resourceName.get(id) ?? id));
      if (p.scopeIds.length) config.scopes = JSON.stringify(p.scopeIds.map((id) => scopeName.get(id) ?? id));
      if (p.policyIds.length) config.applyPolicies = JSON.stringify(p.policyIds.map((id) => policyName.get(id) ?? id));
      const rep: Record<string, unknown> = {
        name: p.name,
        type: p.type,
        logic: p.logic,
        decisionStrategy: p.decisionStrategy,
        config,
      };
      if (p.description) rep.description = p.description;
      return rep;
    }),
    scopes: data.scopes.map((s) => {
      const rep = scopeRepresentation(s);
      delete rep.id;
      return rep;
    }),
    decisionStrategy: data.settings.decisionStrategy,
    ...(isAdminPermissionsClient(db, client) ? { authorizationSchema: authorizationSchemaRepresentation() } : {}),
  };
}

/**
 * `POST /authz/resource-server/import`: settings, then scopes, resources and policies by name, each one either
 * new or updating the one of that name. Every record is checked before any is stored (the caller writes them).
 */
export function planImport(
  db: Db,
  realm: RealmRecord,
  client: ClientRecord,
  input: Record<string, unknown>,
): {
  settings: ResourceServerSettings;
  scopes: AuthzScopeRecord[];
  resources: AuthzResourceRecord[];
  policies: AuthzPolicyRecord[];
} {
  const data = resourceServerData(db, client);
  const settings = settingsFrom(input, data.settings);
  const list = (value: unknown) =>
    Array.isArray(value) ? value.filter((v): v is Record<string, unknown> => !!v && typeof v === "object") : [];
  const pending: PendingRecords = { policies: [], resources: [], scopes: [] };
  const createdScopes = new Map<string, AuthzScopeRecord>();
  for (const rep of list(input.scopes)) {
    const existing = data.scopes.find((s) => s.name === rep.name);
    const scope = existing ?? scopeFromInput(db, realm, client, { ...rep, id: undefined });
    if (existing) continue;
    if (createdScopes.has(scope.name)) continue;
    createdScopes.set(scope.name, scope);
  }
  for (const rep of list(input.resources)) {
    const existing = data.resources.find((r) => r.name === rep.name && r.ownerId === client.id);
    const { _id: _ignored, owner: _owner, ...rest } = rep;
    void _ignored;
    void _owner;
    pending.resources.push(resourceFromInput(db, realm, client, rest, existing, createdScopes));
  }
  pending.scopes.push(...createdScopes.values());
  for (const rep of list(input.policies)) {
    const existing = data.policies.find((p) => p.name === rep.name);
    const type = typeof rep.type === "string" ? rep.type : "";
    const { id: _id, ...rest } = rep;
    void _id;
    const policy = policyFromInput(db, realm, client, type, rest, existing, pending, true);
    pending.policies.push(policy);
  }
  return { settings, ...pending };
}
