import type { Db, Tx } from "../store/db.ts";
import type { ClientRecord, RoleRecord } from "../store/types.ts";
import { newId } from "../common/ids.ts";
import { MASTER_REALM, clientByClientId, clientRoles, realmByName, realmRoleByName } from "./lookup.ts";
import { REALM_MANAGEMENT_COMPOSITES, REALM_MANAGEMENT_ROLES } from "./template.ts";

/** Keycloak names the master-realm client that administers realm X `X-realm`. */
export const masterAdminClientId = (realmName: string) => `${realmName}-realm`;

/**
 * As Keycloak does for every realm but master: a bearer-only client `X-realm`
 * in master carrying the realm-management roles, all of them composites of
 * master's `admin` role.
 */
export function addMasterAdminClient(db: Db, tx: Tx, realmName: string): void {
  const master = realmByName(db, MASTER_REALM);
  if (!master || realmName === MASTER_REALM) return;
  if (clientByClientId(db, master.id, masterAdminClientId(realmName))) return;
  const client: ClientRecord = {
    id: newId(),
    realmId: master.id,
    clientId: masterAdminClientId(realmName),
    rep: {
      name: `${realmName} Realm`,
      surrogateAuthRequired: false,
      enabled: true,
      alwaysDisplayInConsole: false,
      clientAuthenticatorType: "client-secret",
      redirectUris: [],
      webOrigins: [],
      notBefore: 0,
      bearerOnly: true,
      consentRequired: false,
      standardFlowEnabled: true,
      implicitFlowEnabled: false,
      directAccessGrantsEnabled: false,
      serviceAccountsEnabled: false,
      publicClient: false,
      frontchannelLogout: false,
      protocol: "openid-connect",
      attributes: { realm_client: "true", "post.logout.redirect.uris": "+" },
      authenticationFlowBindingOverrides: {},
      fullScopeAllowed: false,
      nodeReRegistrationTimeout: 0,
    },
    protocolMappers: [],
    defaultClientScopeIds: [],
    optionalClientScopeIds: [],
    scopeRoleIds: [],
  };
  tx.put("clients", client);
  const roles = new Map<string, RoleRecord>();
  for (const name of REALM_MANAGEMENT_ROLES) {
    roles.set(name, {
      id: newId(),
      realmId: master.id,
      name,
      description: `\${role_${name}}`,
      clientId: client.id,
      compositeIds: [],
      attributes: {},
    });
  }
  for (const [name, parts] of Object.entries(REALM_MANAGEMENT_COMPOSITES))
    roles.get(name)!.compositeIds = parts.map((p) => roles.get(p)!.id);
  for (const role of roles.values()) tx.put("roles", role);
  const admin = realmRoleByName(db, master.id, "admin");
  if (admin)
    tx.put("roles", { ...admin, compositeIds: [...admin.compositeIds, ...[...roles.values()].map((r) => r.id)] });
}

/** Removes `X-realm` and its roles from master, and every mapping of those roles there. */
export function removeMasterAdminClient(db: Db, tx: Tx, realmName: string): void {
  const master = realmByName(db, MASTER_REALM);
  if (!master || realmName === MASTER_REALM) return;
  const client = clientByClientId(db, master.id, masterAdminClientId(realmName));
  if (!client) return;
  const roleIds = new Set(clientRoles(db, client).map((r) => r.id));
  for (const id of roleIds) tx.delete("roles", id);
  tx.delete("clients", client.id);
  const without = (ids: string[]) => ids.filter((id) => !roleIds.has(id));
  for (const r of db.iterate("roles", master.id))
    if (r.compositeIds.some((id) => roleIds.has(id))) tx.put("roles", { ...r, compositeIds: without(r.compositeIds) });
  for (const u of db.iterate("users", master.id))
    if (u.roleIds.some((id) => roleIds.has(id))) tx.put("users", { ...u, roleIds: without(u.roleIds) });
  for (const g of db.iterate("groups", master.id))
    if (g.roleIds.some((id) => roleIds.has(id))) tx.put("groups", { ...g, roleIds: without(g.roleIds) });
  for (const c of db.iterate("clients", master.id))
    if (c.scopeRoleIds.some((id) => roleIds.has(id)))
      tx.put("clients", { ...c, scopeRoleIds: without(c.scopeRoleIds) });
}

export function renameMasterAdminClient(db: Db, tx: Tx, oldName: string, newName: string): void {
  const master = realmByName(db, MASTER_REALM);
  if (!master) return;
  const client = clientByClientId(db, master.id, masterAdminClientId(oldName));
  if (!client) return;
  tx.put("clients", {
    ...client,
    clientId: masterAdminClientId(newName),
    rep: { ...client.rep, name: `${newName} Realm` },
  });
}
