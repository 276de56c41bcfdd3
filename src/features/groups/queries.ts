import type KeycloakAdminClient from "@keycloak/keycloak-admin-client";
import type GroupRepresentation from "@keycloak/keycloak-admin-client/lib/defs/groupRepresentation.js";
import type UserRepresentation from "@keycloak/keycloak-admin-client/lib/defs/userRepresentation.js";

type Client = KeycloakAdminClient;

/** A group row with the ids and names from the top level down to it. */
export interface GroupRow {
  group: GroupRepresentation;
  pathIds: string[];
  pathNames: string[];
}

export const groupKey = (realm: string, id: string) => ["group", realm, id] as const;
export const groupListKey = (realm: string) => ["group-list", realm] as const;

export async function fetchGroup(client: Client, realm: string, id: string): Promise<GroupRepresentation | null> {
  return (await client.groups.findOne({ realm, id })) ?? null;
}

/** One page of a level: the top level (no parent) or a group's children. */
export async function fetchGroupLevel(
  client: Client,
  realm: string,
  parentIds: string[],
  first: number,
  max: number,
  search: string,
): Promise<GroupRow[]> {
  const parentId = parentIds.at(-1);
  const groups = parentId
    ? await client.groups.listSubGroups({
        realm,
        parentId,
        first,
        max,
        search: search || undefined,
        briefRepresentation: false,
      })
    : await client.groups.find({ realm, first, max, briefRepresentation: false });
  return groups.map((group) => ({ group, pathIds: [...parentIds, group.id ?? ""], pathNames: [] }));
}

/** Groups anywhere in the hierarchy whose name contains `search`, with their paths (server pages the matches). */
export async function searchGroups(
  client: Client,
  realm: string,
  search: string,
  first: number,
  max: number,
): Promise<GroupRow[]> {
  const tree = await client.groups.find({
    realm,
    search,
    first,
    max,
    briefRepresentation: false,
    populateHierarchy: true,
  });
  const term = search.toLowerCase();
  const rows: GroupRow[] = [];
  const visit = (group: GroupRepresentation, ids: string[], names: string[]) => {
    const pathIds = [...ids, group.id ?? ""];
    const pathNames = [...names, group.name ?? ""];
    if ((group.name ?? "").toLowerCase().includes(term)) rows.push({ group, pathIds, pathNames });
    for (const child of group.subGroups ?? []) visit(child, pathIds, pathNames);
  };
  for (const group of tree) visit(group, [], []);
  return rows;
}

export async function createGroup(
  client: Client,
  realm: string,
  parentId: string | undefined,
  group: GroupRepresentation,
): Promise<string> {
  const created = parentId
    ? await client.groups.createChildGroup({ realm, id: parentId }, group)
    : await client.groups.create({ realm, ...group });
  return created.id;
}

export async function updateGroup(
  client: Client,
  realm: string,
  id: string,
  changes: GroupRepresentation,
): Promise<void> {
  const current = await client.groups.findOne({ realm, id });
  if (!current) throw new Error("Could not find group by id");
  const { subGroups: _subGroups, ...rest } = current;
  await client.groups.update({ realm, id }, { ...rest, ...changes });
}

/** Moves a group under `destinationId`, or to the top level when it is undefined. */
export async function moveGroup(
  client: Client,
  realm: string,
  group: GroupRepresentation,
  destinationId: string | undefined,
): Promise<void> {
  const payload = { id: group.id, name: group.name };
  if (destinationId) await client.groups.updateChildGroup({ realm, id: destinationId }, payload);
  else await client.groups.updateRoot({ realm, ...payload });
}

export async function deleteGroups(client: Client, realm: string, ids: string[]): Promise<void> {
  for (const id of ids) await client.groups.del({ realm, id });
}

const LEVEL_PAGE = 100;

/** Every child of a group, a page at a time. */
export async function fetchAllChildren(
  client: Client,
  realm: string,
  parentId: string,
): Promise<GroupRepresentation[]> {
  const children: GroupRepresentation[] = [];
  for (let first = 0; ; first += LEVEL_PAGE) {
    const page = await client.groups.listSubGroups({
      realm,
      parentId,
      first,
      max: LEVEL_PAGE,
      briefRepresentation: false,
    });
    children.push(...page);
    if (page.length < LEVEL_PAGE) return children;
  }
}

export interface MemberRow {
  user: UserRepresentation;
  /** Path of the sub-group the user belongs to, when it is not the group itself. */
  viaPath?: string;
}

export async function fetchDirectMembers(
  client: Client,
  realm: string,
  id: string,
  first: number,
  max: number,
): Promise<MemberRow[]> {
  const users = await client.groups.listMembers({ realm, id, first, max, briefRepresentation: true });
  return users.map((user) => ({ user }));
}

/**
 * Members of a group and of every group below it (Keycloak has no server query for this):
 * the sub-tree is walked level by level and members are read group by group until the page is full.
 */
export async function fetchMembersWithSubGroups(
  client: Client,
  realm: string,
  id: string,
  first: number,
  max: number,
): Promise<MemberRow[]> {
  const seen = new Set<string>();
  const rows: MemberRow[] = [];
  const queue: { id: string; path?: string }[] = [{ id }];
  while (queue.length > 0 && rows.length < first + max) {
    const next = queue.shift()!;
    for (let offset = 0; rows.length < first + max; offset += LEVEL_PAGE) {
      const users = await client.groups.listMembers({
        realm,
        id: next.id,
        first: offset,
        max: LEVEL_PAGE,
        briefRepresentation: true,
      });
      for (const user of users) {
        if (!user.id || seen.has(user.id)) continue;
        seen.add(user.id);
        rows.push({ user, viaPath: next.path });
      }
      if (users.length < LEVEL_PAGE) break;
    }
    for (const child of await fetchAllChildren(client, realm, next.id))
      queue.push({ id: child.id ?? "", path: child.path });
  }
  return rows.slice(first, first + max);
}

export async function addMembers(client: Client, realm: string, groupId: string, userIds: string[]): Promise<void> {
  for (const id of userIds) await client.users.addToGroup({ realm, id, groupId });
}

export async function removeMembers(client: Client, realm: string, groupId: string, userIds: string[]): Promise<void> {
  for (const id of userIds) await client.users.delFromGroup({ realm, id, groupId });
}
