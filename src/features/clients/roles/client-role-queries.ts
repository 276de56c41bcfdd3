import type KeycloakAdminClient from "@keycloak/keycloak-admin-client";
import type RoleRepresentation from "@keycloak/keycloak-admin-client/lib/defs/roleRepresentation.js";
import type UserRepresentation from "@keycloak/keycloak-admin-client/lib/defs/userRepresentation.js";

type Client = KeycloakAdminClient;

/** One page of a client's roles, searched by name on the server. */
export async function fetchClientRolesPage(
  client: Client,
  realm: string,
  clientUuid: string,
  first: number,
  max: number,
  search: string,
): Promise<RoleRepresentation[]> {
  // The admin client's type lists only `id`; on a GET it sends the other keys as query parameters.
  const query = { realm, id: clientUuid, first, max, search: search.trim() || undefined, briefRepresentation: false };
  return client.clients.listRoles(query as { realm: string; id: string });
}

/** Creates the role by name and returns it as the server stores it (with its id). */
export async function createClientRole(
  client: Client,
  realm: string,
  clientUuid: string,
  role: RoleRepresentation,
): Promise<RoleRepresentation> {
  await client.clients.createRole({ realm, id: clientUuid, ...role });
  return client.clients.findRole({ realm, id: clientUuid, roleName: role.name ?? "" }) as Promise<RoleRepresentation>;
}

export async function fetchRoleById(client: Client, realm: string, roleId: string): Promise<RoleRepresentation | null> {
  return (await client.roles.findOneById({ realm, id: roleId })) ?? null;
}

/** Saves the role by id; the name is sent unchanged because the server requires it. */
export async function updateRoleById(
  client: Client,
  realm: string,
  role: RoleRepresentation,
  changes: RoleRepresentation,
): Promise<void> {
  await client.roles.updateById({ realm, id: role.id ?? "" }, { ...role, ...changes });
}

export async function deleteRoleById(client: Client, realm: string, roleId: string): Promise<void> {
  await client.roles.delById({ realm, id: roleId });
}

/** Users holding the client role directly, paged on the server. */
export async function fetchClientRoleUsersPage(
  client: Client,
  realm: string,
  clientUuid: string,
  roleName: string,
  first: number,
  max: number,
): Promise<UserRepresentation[]> {
  return client.clients.findUsersWithRole({ realm, id: clientUuid, roleName, first, max, briefRepresentation: true });
}
