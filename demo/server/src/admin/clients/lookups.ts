import type { Db } from "../../store/db.ts";
import type { ClientRecord, ClientScopeRecord, RealmRecord, RoleRecord } from "../../store/types.ts";
import { notFound } from "../../http/errors.ts";
import { clientByClientId as clientByClientIdIn } from "../../realm/lookup.ts";

export function requireClientScope(db: Db, realm: RealmRecord, id: string): ClientScopeRecord {
  const scope = db.get("clientScopes", id);
  if (!scope || scope.realmId !== realm.id) throw notFound("Could not find client scope");
  return scope;
}

export const clientByClientId = (db: Db, realm: RealmRecord, clientId: string): ClientRecord | undefined =>
  clientByClientIdIn(db, realm.id, clientId);

export function clientScopeByName(db: Db, realm: RealmRecord, name: string): ClientScopeRecord | undefined {
  for (const scope of db.iterate("clientScopes", realm.id)) if (scope.name === name) return scope;
  return undefined;
}

export function realmRoles(db: Db, realm: RealmRecord): RoleRecord[] {
  const roles: RoleRecord[] = [];
  for (const role of db.iterate("roles", realm.id)) if (!role.clientId) roles.push(role);
  return roles;
}

export const clientProtocol = (client: ClientRecord): string =>
  typeof client.rep.protocol === "string" ? client.rep.protocol : "openid-connect";
