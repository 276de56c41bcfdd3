import type KeycloakAdminClient from "@keycloak/keycloak-admin-client";
import type RoleRepresentation from "@keycloak/keycloak-admin-client/lib/defs/roleRepresentation.js";
import type UserRepresentation from "@keycloak/keycloak-admin-client/lib/defs/userRepresentation.js";
import { roleByIdKey, toRoleRow, type RoleRow } from "../../core/ui/role-composites/index.ts";

type Client = KeycloakAdminClient;

export type { RoleRow };

export const roleKey = roleByIdKey;
export const defaultRoleKey = (realm: string) => ["role", realm, "default-role"] as const;

const toRow = toRoleRow;

export async function fetchRealmRolesPage(
  client: Client,
  realm: string,
  first: number,
  max: number,
  search: string,
): Promise<RoleRow[]> {
  const roles = await client.roles.find({ realm, first, max, search: search || undefined, briefRepresentation: false });
  return roles.map(toRow);
}

export async function fetchRole(client: Client, realm: string, id: string): Promise<RoleRepresentation | null> {
  return (await client.roles.findOneById({ realm, id })) ?? null;
}

export async function createRealmRole(
  client: Client,
  realm: string,
  role: RoleRepresentation,
): Promise<RoleRepresentation> {
  await client.roles.create({ realm, ...role });
  const created = await client.roles.findOneByName({ realm, name: role.name ?? "" });
  if (!created) throw new Error("Could not find role");
  return created;
}

export async function updateRole(
  client: Client,
  realm: string,
  id: string,
  changes: RoleRepresentation,
): Promise<void> {
  const current = await client.roles.findOneById({ realm, id });
  if (!current) throw new Error("Could not find role");
  await client.roles.updateById({ realm, id }, { ...current, ...changes });
}

export async function deleteRole(client: Client, realm: string, id: string): Promise<void> {
  await client.roles.delById({ realm, id });
}

/** The role every new user of the realm gets (`default-roles-{realm}`). */
export async function fetchDefaultRole(client: Client, realm: string): Promise<RoleRepresentation> {
  const representation = await client.realms.findOne({ realm });
  const defaultRole = representation?.defaultRole;
  if (defaultRole?.id) return defaultRole;
  const byName = await client.roles.findOneByName({ realm, name: `default-roles-${realm.toLowerCase()}` });
  if (!byName) throw new Error("Could not find the default role");
  return byName;
}

export async function fetchUsersInRolePage(
  client: Client,
  realm: string,
  roleName: string,
  first: number,
  max: number,
): Promise<UserRepresentation[]> {
  return client.roles.findUsersWithRole({ realm, name: roleName, first, max, briefRepresentation: true });
}
