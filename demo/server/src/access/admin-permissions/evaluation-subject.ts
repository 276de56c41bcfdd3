import type { Db } from "../../store/db.ts";
import type { RealmRecord } from "../../store/types.ts";
import { isAdminResourceType } from "./schema.ts";

/** One object an admin-permissions evaluation asks about: its id (a per-object resource's name) and shown name. */
export interface EvaluatedObject {
  id: string;
  label: string;
}

/**
 * The object of `resourceType` that an evaluation's resource names, by id or as Keycloak resolves a name (a user's
 * username, a client's clientId, a group's or role's name).
 */
export function evaluatedObject(
  db: Db,
  realm: RealmRecord,
  resourceType: unknown,
  ref: string,
): EvaluatedObject | undefined {
  if (!isAdminResourceType(resourceType)) return undefined;
  if (resourceType === "Users") {
    const user =
      db.get("users", ref) ?? [...db.iterate("users", realm.id)].find((u) => u.username === ref.toLowerCase());
    return user && user.realmId === realm.id ? { id: user.id, label: user.username } : undefined;
  }
  if (resourceType === "Clients") {
    const client = db.get("clients", ref) ?? [...db.iterate("clients", realm.id)].find((c) => c.clientId === ref);
    return client && client.realmId === realm.id ? { id: client.id, label: client.clientId } : undefined;
  }
  if (resourceType === "Groups") {
    const group = db.get("groups", ref) ?? [...db.iterate("groups", realm.id)].find((g) => g.name === ref);
    return group && group.realmId === realm.id ? { id: group.id, label: group.name } : undefined;
  }
  const role = db.get("roles", ref) ?? [...db.iterate("roles", realm.id)].find((r) => r.name === ref);
  return role && role.realmId === realm.id ? { id: role.id, label: role.name } : undefined;
}

interface EvaluationRow {
  resource: { name?: string; _id?: string };
  scopes: { name?: string }[];
  allowedScopes: { name?: string }[];
  deniedScopes: { name?: string }[];
}

/**
 * Keycloak's rows for an admin-permissions evaluation: each named "<object or type> with scopes [a, b]" after the
 * scopes of its answer (the granted ones, else the refused ones), which its `scopes` lists; a row about one object
 * that has no resource of its own carries no resource id.
 */
export function keycloakAdminRow(row: EvaluationRow, object: EvaluatedObject | undefined, ownResource: boolean) {
  const scopes = row.allowedScopes.length ? row.allowedScopes : row.deniedScopes;
  const label = object?.label ?? row.resource.name ?? "";
  return {
    ...row,
    resource: {
      name: `${label} with scopes [${scopes
        .map((scope) => scope.name ?? "")
        .sort()
        .join(", ")}]`,
      ...(object && !ownResource ? {} : { _id: row.resource._id }),
    },
    scopes,
  };
}
