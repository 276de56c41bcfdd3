import type { Db } from "../../store/db.ts";
import type { ClientRecord, GroupRecord, RealmRecord, UserRecord } from "../../store/types.ts";
import type { AdminRequestContext } from "../../access/admin-context.ts";
import { forbidden, notFound } from "../../http/errors.ts";

/** Records addressed by URL, answering 404 (or 403 where Keycloak hides existence) as Keycloak does. */

/** UsersResource.user: 404 `User not found` for callers who may query users, 403 otherwise. */
export function requireUser(db: Db, ctx: AdminRequestContext, userId: string): UserRecord {
  const user = db.get("users", userId);
  if (user && user.realmId === ctx.realm.id) return user;
  if (ctx.has("query-users") || ctx.has("view-users")) throw notFound("User not found");
  throw forbidden();
}

export function findGroup(db: Db, realm: RealmRecord, groupId: string): GroupRecord | undefined {
  const group = db.get("groups", groupId);
  return group && group.realmId === realm.id ? group : undefined;
}

/** GroupsResource.getGroupById. */
export function requireGroup(db: Db, realm: RealmRecord, groupId: string): GroupRecord {
  const group = findGroup(db, realm, groupId);
  if (!group) throw notFound("Could not find group by id");
  return group;
}

export function findClient(db: Db, realm: RealmRecord, clientUuid: string): ClientRecord | undefined {
  const client = db.get("clients", clientUuid);
  return client && client.realmId === realm.id ? client : undefined;
}

/** ClientsResource.getClient: 404 `Could not find client` for callers who may list clients, 403 otherwise. */
export function requireClient(db: Db, ctx: AdminRequestContext, clientUuid: string): ClientRecord {
  const client = findClient(db, ctx.realm, clientUuid);
  if (client) return client;
  if (ctx.has("query-clients") || ctx.has("view-clients")) throw notFound("Could not find client");
  throw forbidden();
}
