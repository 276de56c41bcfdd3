import type { Db } from "../../store/db.ts";
import type { ClientRecord, ClientScopeRecord, RealmRecord, RoleRecord } from "../../store/types.ts";
import { notFound } from "../../http/errors.ts";

export function requireClient(db: Db, realm: RealmRecord, id: string): ClientRecord {
  const client = db.get("clients", id);
  if (!client || client.realmId !== realm.id) throw notFound("Could not find client");
  return client;
}

export function requireClientScope(db: Db, realm: RealmRecord, id: string): ClientScopeRecord {
  const scope = db.get("clientScopes", id);
  if (!scope || scope.realmId !== realm.id) throw notFound("Could not find client scope");
  return scope;
}

export function clientByClientId(db: Db, realm: RealmRecord, clientId: string): ClientRecord | undefined {
  for (const client of db.iterate("clients", realm.id)) if (client.clientId === clientId) return client;
  return undefined;
}

export function clientScopeByName(db: Db, realm: RealmRecord, name: string): ClientScopeRecord | undefined {
  for (const scope of db.iterate("clientScopes", realm.id)) if (scope.name === name) return scope;
  return undefined;
}

export function clientRoles(db: Db, client: ClientRecord): RoleRecord[] {
  const roles: RoleRecord[] = [];
  for (const role of db.iterate("roles", client.realmId)) if (role.clientId === client.id) roles.push(role);
  return roles;
}

export function realmRoles(db: Db, realm: RealmRecord): RoleRecord[] {
  const roles: RoleRecord[] = [];
  for (const role of db.iterate("roles", realm.id)) if (!role.clientId) roles.push(role);
  return roles;
}

export const clientProtocol = (client: ClientRecord): string =>
  typeof client.rep.protocol === "string" ? client.rep.protocol : "openid-connect";
