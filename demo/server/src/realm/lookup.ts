import type { Db } from "../store/db.ts";
import type { ClientRecord, RealmRecord, RoleRecord } from "../store/types.ts";

export const MASTER_REALM = "master";

export function realmByName(db: Db, name: string): RealmRecord | undefined {
  return db.all("realms").find((r) => r.realm === name);
}

export function clientByClientId(db: Db, realmId: string, clientId: string): ClientRecord | undefined {
  for (const c of db.iterate("clients", realmId)) if (c.clientId === clientId) return c;
  return undefined;
}

export function realmRoleByName(db: Db, realmId: string, name: string): RoleRecord | undefined {
  for (const r of db.iterate("roles", realmId)) if (!r.clientId && r.name === name) return r;
  return undefined;
}

export function clientRoles(db: Db, client: ClientRecord): RoleRecord[] {
  const roles: RoleRecord[] = [];
  for (const r of db.iterate("roles", client.realmId)) if (r.clientId === client.id) roles.push(r);
  return roles;
}
