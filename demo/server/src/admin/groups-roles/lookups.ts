import type { Db } from "../../store/db.ts";
import type { ClientRecord, GroupRecord, RealmRecord, RoleRecord, UserRecord } from "../../store/types.ts";
import type { AdminRequestContext } from "../../access/admin-context.ts";
import { forbidden, notFound } from "../../http/errors.ts";

/** Records addressed by URL, answering 404 (or 403 where Keycloak hides existence) like Keycloak does. */

export function findClient(db: Db, realm: RealmRecord, clientUuid: string): ClientRecord | undefined {
  const client = db.get("clients", clientUuid);
  return client && client.realmId === realm.id ? client : undefined;
}

export function requireClient(db: Db, ctx: AdminRequestContext, clientUuid: string): ClientRecord {
  const client = findClient(db, ctx.realm, clientUuid);
  if (client) return client;
  if (ctx.has("query-clients") || ctx.has("view-clients")) throw notFound("Could not find client");
  throw forbidden();
}

export function requireGroup(db: Db, realm: RealmRecord, groupId: string): GroupRecord {
  const group = db.get("groups", groupId);
  if (!group || group.realmId !== realm.id) throw notFound("Could not find group by id");
  return group;
}

export function requireUser(db: Db, ctx: AdminRequestContext, userId: string): UserRecord {
  const user = db.get("users", userId);
  if (user && user.realmId === ctx.realm.id) return user;
  if (ctx.has("query-users") || ctx.has("view-users")) throw notFound("User not found");
  throw forbidden();
}

export function findRoleById(db: Db, realm: RealmRecord, roleId: string | undefined): RoleRecord | undefined {
  if (!roleId) return undefined;
  const role = db.get("roles", roleId);
  return role && role.realmId === realm.id ? role : undefined;
}

/** A realm role (clientUuid undefined) or a role of the given client, by name. */
export function findRoleByName(db: Db, realm: RealmRecord, name: string | undefined, clientUuid?: string): RoleRecord | undefined {
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
