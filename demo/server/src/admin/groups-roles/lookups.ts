import type { Db } from "../../store/db.ts";
import type { RealmRecord, RoleRecord } from "../../store/types.ts";

/** Roles by id or name within a realm. */

export function findRoleById(db: Db, realm: RealmRecord, roleId: string | undefined): RoleRecord | undefined {
  if (!roleId) return undefined;
  const role = db.get("roles", roleId);
  return role && role.realmId === realm.id ? role : undefined;
}

/** A realm role (clientUuid undefined) or a role of the given client, by name. */
export function findRoleByName(
  db: Db,
  realm: RealmRecord,
  name: string | undefined,
  clientUuid?: string,
): RoleRecord | undefined {
  if (name === undefined) return undefined;
  for (const role of db.iterate("roles", realm.id)) {
    if (role.name === name && role.clientId === clientUuid) return role;
  }
  return undefined;
}

/** Roles of one container (realm roles when clientUuid is undefined). */
export function containerRoles(db: Db, realm: RealmRecord, clientUuid?: string): RoleRecord[] {
  const roles: RoleRecord[] = [];
  for (const role of db.iterate("roles", realm.id)) if (role.clientId === clientUuid) roles.push(role);
  return roles;
}
