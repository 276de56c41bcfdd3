import type KeycloakAdminClient from "@keycloak/keycloak-admin-client";
import type GroupRepresentation from "@keycloak/keycloak-admin-client/lib/defs/groupRepresentation.js";

/** The groups a user is directly in (server paged and searched, with their paths). */
export async function fetchUserGroups(
  client: KeycloakAdminClient,
  realm: string,
  id: string,
  first: number,
  max: number,
  search: string,
): Promise<GroupRepresentation[]> {
  return client.users.listGroups({ realm, id, first, max, search: search || undefined, briefRepresentation: false });
}

export async function countUserGroups(
  client: KeycloakAdminClient,
  realm: string,
  id: string,
  search: string,
): Promise<number> {
  const { count } = await client.users.countGroups({ realm, id, search: search || undefined });
  return count;
}

/** Every ancestor path of the direct groups: membership of a sub-group implies its parents' roles. */
export function inheritedPaths(groups: GroupRepresentation[]): string[] {
  const direct = new Set(groups.map((group) => group.path ?? ""));
  const inherited = new Set<string>();
  for (const path of direct) {
    const parts = path.split("/").filter(Boolean);
    for (let depth = 1; depth < parts.length; depth++) {
      const ancestor = `/${parts.slice(0, depth).join("/")}`;
      if (!direct.has(ancestor)) inherited.add(ancestor);
    }
  }
  return [...inherited].sort();
}

export async function joinGroups(
  client: KeycloakAdminClient,
  realm: string,
  id: string,
  groups: { id: string }[],
): Promise<void> {
  for (const group of groups) await client.users.addToGroup({ realm, id, groupId: group.id });
}

export async function leaveGroups(
  client: KeycloakAdminClient,
  realm: string,
  id: string,
  groups: { id?: string }[],
): Promise<void> {
  for (const group of groups) await client.users.delFromGroup({ realm, id, groupId: group.id! });
}
