import type { ServerContext } from "../../context.ts";
import type { Attributes, GroupRecord, RealmRecord } from "../../store/types.ts";
import { newId, now } from "../../common/ids.ts";
import { badRequest, conflict } from "../../http/errors.ts";
import { childGroups, indexGroupPlacement, invalidateGroupIndex } from "./group-index.ts";
import { removeObjectResources } from "../../access/admin-permissions/object-removal.ts";

/** The parts of a GroupRepresentation a create or update reads. */
export interface GroupInput {
  id?: unknown;
  name?: unknown;
  description?: unknown;
  attributes?: unknown;
}

export function requireGroupName(input: GroupInput): string {
  if (typeof input.name !== "string" || input.name.trim() === "") throw badRequest("Group name is missing");
  return input.name;
}

export function readAttributes(value: unknown): Attributes | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "object" || Array.isArray(value)) throw badRequest("Invalid attributes");
  const attributes: Attributes = {};
  for (const [key, raw] of Object.entries(value as Record<string, unknown>)) {
    const list = Array.isArray(raw) ? raw : [raw];
    attributes[key] = list.filter((v) => v !== null && v !== undefined).map(String);
  }
  return attributes;
}

export function duplicateNameMessage(name: string, parentId: string | null): string {
  return parentId ? `Sibling group named '${name}' already exists.` : `Top level group named '${name}' already exists.`;
}

export function siblingNamed(
  server: ServerContext,
  realmId: string,
  parentId: string | null,
  name: string,
  exceptId?: string,
): boolean {
  return childGroups(server.db, realmId, parentId).some((g) => g.name === name && g.id !== exceptId);
}

export async function createGroup(
  server: ServerContext,
  realm: RealmRecord,
  parentId: string | null,
  input: GroupInput,
): Promise<GroupRecord> {
  const name = requireGroupName(input);
  const attributes = readAttributes(input.attributes) ?? {};
  if (siblingNamed(server, realm.id, parentId, name)) throw conflict(duplicateNameMessage(name, parentId));
  const group: GroupRecord = {
    id: newId(),
    realmId: realm.id,
    name,
    parentId,
    attributes,
    roleIds: [],
    createdTimestamp: now(),
  };
  if (typeof input.description === "string") group.description = input.description;
  await server.db.write((tx) => tx.put("groups", group));
  indexGroupPlacement(server.db, group, undefined);
  return group;
}

function isSelfOrDescendant(server: ServerContext, group: GroupRecord, candidateParentId: string): boolean {
  let current = server.db.get("groups", candidateParentId);
  for (let depth = 0; current && depth < 1000; depth++) {
    if (current.id === group.id) return true;
    current = current.parentId ? server.db.get("groups", current.parentId) : undefined;
  }
  return false;
}

/** Moves a group under `parentId` (null: top level). Moving a group onto itself does nothing, as in Keycloak. */
export async function moveGroup(server: ServerContext, group: GroupRecord, parentId: string | null): Promise<void> {
  if (group.parentId === parentId || parentId === group.id) return;
  if (parentId && isSelfOrDescendant(server, group, parentId))
    throw badRequest("Cannot move a group into one of its subgroups");
  if (siblingNamed(server, group.realmId, parentId, group.name, group.id))
    throw conflict(duplicateNameMessage(group.name, parentId));
  const previousParentId = group.parentId;
  group.parentId = parentId;
  await server.db.write((tx) => tx.put("groups", group));
  indexGroupPlacement(server.db, group, previousParentId);
}

/** Applies name, description and attributes of an update (Keycloak's GroupResource.updateGroup). */
export async function updateGroup(server: ServerContext, group: GroupRecord, input: GroupInput): Promise<void> {
  const name = requireGroupName(input);
  if (input.id !== undefined && input.id !== null && input.id !== group.id) throw badRequest("Invalid group id");
  const attributes = readAttributes(input.attributes);
  if (name !== group.name && siblingNamed(server, group.realmId, group.parentId, name, group.id)) {
    throw conflict(`Sibling group named '${name}' already exists.`);
  }
  group.name = name;
  if (attributes) group.attributes = attributes;
  if (typeof input.description === "string") group.description = input.description;
  else delete group.description;
  await server.db.write((tx) => tx.put("groups", group));
}

function subtree(server: ServerContext, group: GroupRecord): GroupRecord[] {
  const all: GroupRecord[] = [];
  const stack = [group];
  while (stack.length) {
    const next = stack.pop()!;
    all.push(next);
    stack.push(...childGroups(server.db, group.realmId, next.id));
  }
  return all;
}

/** Deletes a group with its subgroups, and removes them from memberships and the realm's default groups. */
export async function deleteGroup(server: ServerContext, realm: RealmRecord, group: GroupRecord): Promise<void> {
  const removed = new Set(subtree(server, group).map((g) => g.id));
  await server.db.write((tx) => {
    for (const user of server.db.iterate("users", realm.id)) {
      if (!user.groupIds.some((id) => removed.has(id))) continue;
      user.groupIds = user.groupIds.filter((id) => !removed.has(id));
      tx.put("users", user);
    }
    if (realm.defaultGroupIds.some((id) => removed.has(id))) {
      realm.defaultGroupIds = realm.defaultGroupIds.filter((id) => !removed.has(id));
      tx.put("realms", realm);
    }
    for (const id of removed) tx.delete("groups", id);
    removeObjectResources(server.db, tx, realm, removed);
  });
  invalidateGroupIndex(server.db, realm.id);
}
