import type { Db, Tx } from "../../store/db.ts";
import type { AuthzResourceRecord, AuthzScopeRecord, ClientRecord, RealmRecord } from "../../store/types.ts";
import { newId } from "../../common/ids.ts";
import { clientByClientId } from "../../oidc/lookup.ts";
import { newClientRecord } from "../../admin/clients/client-record.ts";
import { ADMIN_PERMISSIONS_CLIENT_ID, ALL_SCOPES, RESOURCE_TYPES } from "./schema.ts";

export const adminPermissionsOn = (realm: RealmRecord): boolean => realm.settings.adminPermissionsEnabled === true;

/** The realm's `admin-permissions` client, when it has one with authorization on. */
export function adminPermissionsClient(db: Db, realm: RealmRecord): ClientRecord | undefined {
  const client = clientByClientId(db, realm, ADMIN_PERMISSIONS_CLIENT_ID);
  return client?.authorization ? client : undefined;
}

export function isAdminPermissionsClient(db: Db, client: ClientRecord): boolean {
  const realm = db.get("realms", client.realmId);
  return !!realm && adminPermissionsOn(realm) && client.clientId === ADMIN_PERMISSIONS_CLIENT_ID;
}

/**
 * What Keycloak does when `adminPermissionsEnabled` turns on: once per realm, the `admin-permissions` client with a
 * resource server holding every scope of the schema and one resource per resource type (named and typed after it,
 * with that type's scopes). Turning the setting off keeps the client and its permissions, as Keycloak does.
 */
export function ensureAdminPermissionsClient(db: Db, tx: Tx, realm: RealmRecord): void {
  const existing = clientByClientId(db, realm, ADMIN_PERMISSIONS_CLIENT_ID);
  if (existing) return upgradeSchema(db, tx, existing);
  const client = newClientRecord(db, realm, { clientId: ADMIN_PERMISSIONS_CLIENT_ID, protocol: "openid-connect" });
  client.authorization = {
    policyEnforcementMode: "ENFORCING",
    decisionStrategy: "UNANIMOUS",
    allowRemoteResourceManagement: false,
  };
  client.rep.authorizationServicesEnabled = true;
  tx.put("clients", client);
  const base = { realmId: realm.id, resourceServerId: client.id };
  const scopes = new Map<string, AuthzScopeRecord>();
  for (const name of ALL_SCOPES) {
    const scope: AuthzScopeRecord = { ...base, id: newId(), name };
    scopes.set(name, scope);
    tx.put("authzScopes", scope);
  }
  for (const type of Object.values(RESOURCE_TYPES)) {
    const resource: AuthzResourceRecord = {
      ...base,
      id: newId(),
      name: type.type,
      type: type.type,
      uris: [],
      ownerId: client.id,
      ownerManagedAccess: false,
      scopeIds: type.scopes.map((name) => scopes.get(name)!.id),
      attributes: {},
    };
    tx.put("authzResources", resource);
  }
}

/** Scopes a later schema added (reset-password, impersonate-members, …) join a client created before them. */
function upgradeSchema(db: Db, tx: Tx, client: ClientRecord): void {
  if (!client.authorization) return;
  const scopes = new Map<string, AuthzScopeRecord>();
  for (const scope of db.iterate("authzScopes", client.realmId))
    if (scope.resourceServerId === client.id) scopes.set(scope.name, scope);
  for (const name of ALL_SCOPES)
    if (!scopes.has(name)) {
      const scope: AuthzScopeRecord = { realmId: client.realmId, resourceServerId: client.id, id: newId(), name };
      scopes.set(name, scope);
      tx.put("authzScopes", scope);
    }
  for (const resource of db.iterate("authzResources", client.realmId)) {
    const type =
      resource.resourceServerId === client.id && resource.type
        ? RESOURCE_TYPES[resource.type as keyof typeof RESOURCE_TYPES]
        : undefined;
    if (!type) continue;
    const ids = type.scopes.map((name) => scopes.get(name)!.id);
    if (ids.some((id) => !resource.scopeIds.includes(id))) tx.put("authzResources", { ...resource, scopeIds: ids });
  }
}
