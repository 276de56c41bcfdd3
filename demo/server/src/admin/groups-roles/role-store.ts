import type { ServerContext } from "../../context.ts";
import type { RealmRecord, RoleRecord } from "../../store/types.ts";
import { newId } from "../../common/ids.ts";
import { HttpError, badRequest, conflict, forbidden, notFound } from "../../http/errors.ts";
import { readAttributes } from "./group-store.ts";
import { findRoleById, findRoleByName } from "./lookups.ts";
import { removeObjectResources } from "../../access/admin-permissions/object-removal.ts";

/** The parts of a RoleRepresentation a create or update reads. */
export interface RoleInput {
  id?: unknown;
  name?: unknown;
  description?: unknown;
  attributes?: unknown;
  composite?: unknown;
  composites?: { realm?: unknown; client?: unknown };
}

/** A JAX-RS BadRequestException as Keycloak answers it. */
const roleHasNoName = () => new HttpError(400, { error: "role has no name", errorMessage: "role has no name" });

const duplicateRole = (name: unknown) => conflict(`Role with name ${String(name)} already exists`);

function compositeIdsOf(server: ServerContext, realm: RealmRecord, input: RoleInput): string[] {
  if (input.composite !== true || !input.composites) return [];
  const ids: string[] = [];
  const realmNames = Array.isArray(input.composites.realm) ? input.composites.realm : [];
  for (const name of realmNames) {
    const role = findRoleByName(server.db, realm, String(name));
    if (!role) throw new HttpError(404, { errorMessage: `Realm Role with name ${String(name)} does not exist` });
    ids.push(role.id);
  }
  const byClient =
    input.composites.client && typeof input.composites.client === "object"
      ? (input.composites.client as Record<string, unknown>)
      : {};
  for (const [clientId, names] of Object.entries(byClient)) {
    const client = server.db.list("clients", realm.id).find((c) => c.clientId === clientId);
    if (!client) continue;
    for (const name of Array.isArray(names) ? names : []) {
      const role = findRoleByName(server.db, realm, String(name), client.id);
      if (!role) throw new HttpError(404, { errorMessage: `Client Role with name ${String(name)} does not exist` });
      ids.push(role.id);
    }
  }
  return [...new Set(ids)];
}

export async function createRole(
  server: ServerContext,
  realm: RealmRecord,
  clientUuid: string | undefined,
  input: RoleInput,
): Promise<RoleRecord> {
  if (typeof input.name !== "string") throw roleHasNoName();
  if (findRoleByName(server.db, realm, input.name, clientUuid)) throw duplicateRole(input.name);
  const attributes = readAttributes(input.attributes) ?? {};
  const compositeIds = compositeIdsOf(server, realm, input);
  const role: RoleRecord = { id: newId(), realmId: realm.id, name: input.name, compositeIds, attributes };
  if (clientUuid !== undefined) role.clientId = clientUuid;
  if (typeof input.description === "string") role.description = input.description;
  await server.db.write((tx) => tx.put("roles", role));
  return role;
}

export async function updateRole(
  server: ServerContext,
  realm: RealmRecord,
  role: RoleRecord,
  input: RoleInput,
): Promise<void> {
  if (typeof input.name !== "string" || input.name.trim() === "") throw roleHasNoName();
  const attributes = readAttributes(input.attributes);
  if (input.name !== role.name && findRoleByName(server.db, realm, input.name, role.clientId))
    throw duplicateRole(input.name);
  role.name = input.name;
  if (typeof input.description === "string") role.description = input.description;
  else delete role.description;
  if (attributes) role.attributes = attributes;
  await server.db.write((tx) => tx.put("roles", role));
}

/** Deletes a role and removes it from every mapping, composite and scope that names it. */
export async function deleteRole(server: ServerContext, realm: RealmRecord, role: RoleRecord): Promise<void> {
  if (realm.defaultRoleId === role.id)
    throw badRequest(`${role.name} is default role of the realm and cannot be removed.`);
  const { db } = server;
  const without = (ids: string[]) => ids.filter((id) => id !== role.id);
  await db.write((tx) => {
    for (const user of db.iterate("users", realm.id))
      if (user.roleIds.includes(role.id)) tx.put("users", Object.assign(user, { roleIds: without(user.roleIds) }));
    for (const group of db.iterate("groups", realm.id))
      if (group.roleIds.includes(role.id)) tx.put("groups", Object.assign(group, { roleIds: without(group.roleIds) }));
    for (const other of db.iterate("roles", realm.id))
      if (other.compositeIds.includes(role.id))
        tx.put("roles", Object.assign(other, { compositeIds: without(other.compositeIds) }));
    for (const client of db.iterate("clients", realm.id))
      if (client.scopeRoleIds.includes(role.id))
        tx.put("clients", Object.assign(client, { scopeRoleIds: without(client.scopeRoleIds) }));
    for (const scope of db.iterate("clientScopes", realm.id))
      if (scope.scopeRoleIds.includes(role.id))
        tx.put("clientScopes", Object.assign(scope, { scopeRoleIds: without(scope.scopeRoleIds) }));
    tx.delete("roles", role.id);
    removeObjectResources(db, tx, realm, [role.id]);
  });
}

function resolveComposites(server: ServerContext, realm: RealmRecord, input: unknown): RoleRecord[] {
  if (!Array.isArray(input)) throw badRequest("Expected a list of roles");
  return input.map((rep: { id?: unknown }) => {
    const composite = findRoleById(server.db, realm, typeof rep?.id === "string" ? rep.id : undefined);
    if (!composite) throw notFound("Could not find composite role");
    return composite;
  });
}

export async function addComposites(
  server: ServerContext,
  realm: RealmRecord,
  role: RoleRecord,
  input: unknown,
  /** Whether the caller may make this role a composite (Keycloak's `map-role-composite`); refused before any change. */
  mayMapComposite: (composite: RoleRecord) => boolean,
): Promise<void> {
  const composites = resolveComposites(server, realm, input);
  if (!composites.every(mayMapComposite)) throw forbidden();
  const ids = new Set(role.compositeIds);
  for (const composite of composites) ids.add(composite.id);
  role.compositeIds = [...ids];
  await server.db.write((tx) => tx.put("roles", role));
}

export async function removeComposites(
  server: ServerContext,
  realm: RealmRecord,
  role: RoleRecord,
  input: unknown,
): Promise<void> {
  const removed = new Set(resolveComposites(server, realm, input).map((r) => r.id));
  role.compositeIds = role.compositeIds.filter((id) => !removed.has(id));
  await server.db.write((tx) => tx.put("roles", role));
}
