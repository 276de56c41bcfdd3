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
  if (clientByClientId(db, realm, ADMIN_PERMISSIONS_CLIENT_ID)) return;
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
