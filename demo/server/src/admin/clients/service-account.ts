import type { Db, Tx } from "../../store/db.ts";
import type { ClientRecord, RealmRecord, UserRecord } from "../../store/types.ts";
import { newId, now } from "../../common/ids.ts";
import { clientScopeByName } from "./lookups.ts";
import { serviceAccountOf } from "../common/user-links-index.ts";

export const serviceAccountUsername = (clientId: string): string => `service-account-${clientId}`.toLowerCase();

export function serviceAccountUser(db: Db, client: ClientRecord): UserRecord | undefined {
  return serviceAccountOf(db, client.id);
}

/**
 * Keycloak's enableServiceAccount: the `service-account-{clientId}` user with
 * the realm's default role and default groups, and the `service_account`
 * client scope as a default scope of the client. Mutates `client`; the caller puts it.
 */
export function enableServiceAccount(db: Db, tx: Tx, realm: RealmRecord, client: ClientRecord): UserRecord {
  client.rep.serviceAccountsEnabled = true;
  const scope = clientScopeByName(db, realm, "service_account");
  if (scope && !client.defaultClientScopeIds.includes(scope.id)) {
    client.optionalClientScopeIds = client.optionalClientScopeIds.filter((id) => id !== scope.id);
    client.defaultClientScopeIds.push(scope.id);
  }
  const existing = serviceAccountUser(db, client);
  if (existing) return existing;
  const user: UserRecord = {
    id: newId(),
    realmId: realm.id,
    username: serviceAccountUsername(client.clientId),
    enabled: true,
    emailVerified: false,
    attributes: {},
    requiredActions: [],
    createdTimestamp: now(),
    notBefore: 0,
    serviceAccountClientId: client.id,
    credentials: [],
    groupIds: [...realm.defaultGroupIds],
    roleIds: realm.defaultRoleId ? [realm.defaultRoleId] : [],
    federatedIdentities: [],
    consents: [],
  };
  tx.put("users", user);
  return user;
}

/** Keycloak 26's disableServiceAccount: removes the service account user and the `service_account` scope. */
export function disableServiceAccount(db: Db, tx: Tx, realm: RealmRecord, client: ClientRecord): void {
  client.rep.serviceAccountsEnabled = false;
  const scope = clientScopeByName(db, realm, "service_account");
  if (scope) client.defaultClientScopeIds = client.defaultClientScopeIds.filter((id) => id !== scope.id);
  const user = serviceAccountUser(db, client);
  if (!user) return;
  removeUserSessions(db, tx, user.id, realm.id);
  tx.delete("users", user.id);
}

function removeUserSessions(db: Db, tx: Tx, userId: string, realmId: string): void {
  for (const session of db.iterate("userSessions", realmId))
    if (session.userId === userId) tx.delete("userSessions", session.id);
}

/** Keeps the service account's username in step with a renamed clientId, as Keycloak's clientIdChanged. */
export function renameServiceAccount(db: Db, tx: Tx, client: ClientRecord): void {
  const user = serviceAccountUser(db, client);
  if (!user) return;
  user.username = serviceAccountUsername(client.clientId);
  tx.put("users", user);
}
