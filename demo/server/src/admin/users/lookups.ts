import type { Db } from "../../store/db.ts";
import type { GroupRecord, RealmRecord, UserRecord } from "../../store/types.ts";
import type { AdminRequestContext } from "../../access/admin-context.ts";
import { groupChain } from "../../access/roles.ts";
import { forbidden, notFound } from "../../http/errors.ts";

/** The user addressed by URL; 404 for callers who may query users, 403 otherwise (Keycloak hides existence). */
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

/** `/parent/child`, as Keycloak's GroupRepresentation.path. */
export function groupPath(db: Db, group: GroupRecord): string {
  return "/" + groupChain(db, group).reverse().map((g) => g.name).join("/");
}

export function findGroupByPath(db: Db, realm: RealmRecord, path: string): GroupRecord | undefined {
  const wanted = path.startsWith("/") ? path : `/${path}`;
  for (const group of db.iterate("groups", realm.id)) if (groupPath(db, group) === wanted) return group;
  return undefined;
}

export function realmFlag(realm: RealmRecord, key: string, fallback = false): boolean {
  const value = realm.settings[key];
  return typeof value === "boolean" ? value : typeof value === "string" ? value === "true" : fallback;
}

export function omitUndefined<T extends Record<string, unknown>>(record: T): T {
  for (const key of Object.keys(record)) if (record[key] === undefined) delete record[key];
  return record;
}
