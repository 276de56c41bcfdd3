import type { Db, Tx } from "../../store/db.ts";
import type { ClientRecord, RealmRecord } from "../../store/types.ts";
import { serviceAccountUser } from "./service-account.ts";
import { clientRoles } from "../../realm/lookup.ts";
import { removeResourceServer } from "../authorization/authz-writes.ts";
import { removeObjectResources } from "../../access/admin-permissions/object-removal.ts";

/**
 * Removes a client the way Keycloak's ClientManager.removeClient does: its
 * roles and every reference to them (user and group mappings, composites,
 * scope mappings), its service account user, consents and client sessions.
 */
export function removeClient(db: Db, tx: Tx, realm: RealmRecord, client: ClientRecord): void {
  const roleIds = new Set(clientRoles(db, client).map((role) => role.id));
  const withoutRoles = (ids: string[]) => ids.filter((id) => !roleIds.has(id));
  const serviceAccount = serviceAccountUser(db, client);

  for (const user of db.iterate("users", realm.id)) {
    if (user.id === serviceAccount?.id) continue;
    const hasRole = user.roleIds.some((id) => roleIds.has(id));
    const hasConsent = user.consents.some((consent) => consent.clientId === client.clientId);
    if (!hasRole && !hasConsent) continue;
    user.roleIds = withoutRoles(user.roleIds);
    user.consents = user.consents.filter((consent) => consent.clientId !== client.clientId);
    tx.put("users", user);
  }
  if (roleIds.size) {
    for (const group of db.iterate("groups", realm.id)) {
      if (!group.roleIds.some((id) => roleIds.has(id))) continue;
      group.roleIds = withoutRoles(group.roleIds);
      tx.put("groups", group);
    }
    for (const role of db.iterate("roles", realm.id)) {
      if (roleIds.has(role.id) || !role.compositeIds.some((id) => roleIds.has(id))) continue;
      role.compositeIds = withoutRoles(role.compositeIds);
      tx.put("roles", role);
    }
    for (const other of db.iterate("clients", realm.id)) {
      if (other.id === client.id || !other.scopeRoleIds.some((id) => roleIds.has(id))) continue;
      other.scopeRoleIds = withoutRoles(other.scopeRoleIds);
      tx.put("clients", other);
    }
    for (const scope of db.iterate("clientScopes", realm.id)) {
      if (!scope.scopeRoleIds.some((id) => roleIds.has(id))) continue;
      scope.scopeRoleIds = withoutRoles(scope.scopeRoleIds);
      tx.put("clientScopes", scope);
    }
  }
  for (const session of db.iterate("userSessions", realm.id)) {
    if (serviceAccount && session.userId === serviceAccount.id) {
      tx.delete("userSessions", session.id);
    } else if (session.clients[client.id]) {
      delete session.clients[client.id];
      tx.put("userSessions", session);
    }
  }
  for (const id of roleIds) tx.delete("roles", id);
  if (serviceAccount) tx.delete("users", serviceAccount.id);
  removeResourceServer(db, tx, client);
  tx.delete("clients", client.id);
  removeObjectResources(db, tx, realm, [client.id, ...roleIds, ...(serviceAccount ? [serviceAccount.id] : [])]);
}
