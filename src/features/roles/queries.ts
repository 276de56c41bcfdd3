import type KeycloakAdminClient from "@keycloak/keycloak-admin-client";
import type RoleRepresentation from "@keycloak/keycloak-admin-client/lib/defs/roleRepresentation.js";
import type UserRepresentation from "@keycloak/keycloak-admin-client/lib/defs/userRepresentation.js";
import { adminFetch } from "../../core/api/admin-fetch.ts";

type Client = KeycloakAdminClient;

/** A role as the associated-roles tables show it; `clientId` is set for client roles. */
export interface RoleRow {
  id: string;
  name: string;
  description?: string;
  composite?: boolean;
  clientId?: string;
  /** The client's internal id, for client roles. */
  containerId?: string;
}

export const roleKey = (realm: string, id: string) => ["role", realm, id] as const;
export const defaultRoleKey = (realm: string) => ["role", realm, "default-role"] as const;

const toRow = (role: RoleRepresentation): RoleRow => ({
  id: role.id ?? "",
  name: role.name ?? "",
  description: role.description,
  composite: role.composite,
  containerId: role.clientRole ? role.containerId : undefined,
});

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

/** Direct composites of a role (realm and client roles), paged and searched on the server. */
export async function fetchCompositesPage(
  client: Client,
  realm: string,
  roleId: string,
  first: number,
  max: number,
  search: string,
): Promise<RoleRow[]> {
  const roles = await client.roles.getCompositeRoles({ realm, id: roleId, first, max, search: search || undefined });
  return roles.map(toRow);
}

interface UiExtClientRole {
  id: string;
  role: string;
  /** The client's clientId. */
  client: string;
  /** The client's internal id. */
  clientId: string;
  description?: string;
}

/** Client roles of every client that the role does not include yet: one request per page (ui-ext). */
export async function fetchAvailableClientRolesPage(
  client: Client,
  realm: string,
  roleId: string,
  first: number,
  max: number,
  search: string,
): Promise<RoleRow[]> {
  const rows = await adminFetch<UiExtClientRole[]>(
    client,
    `/admin/realms/${encodeURIComponent(realm)}/ui-ext/available-roles/roles/${encodeURIComponent(roleId)}`,
    { first, max, search },
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.role,
    description: row.description,
    clientId: row.client,
    containerId: row.clientId,
  }));
}

/** Realm roles that could be added to the role (itself left out). */
export async function fetchAvailableRealmRolesPage(
  client: Client,
  realm: string,
  roleId: string,
  first: number,
  max: number,
  search: string,
): Promise<RoleRow[]> {
  const rows = await fetchRealmRolesPage(client, realm, first, max, search);
  return rows.filter((row) => row.id !== roleId);
}

export async function addComposites(client: Client, realm: string, roleId: string, roles: RoleRow[]): Promise<void> {
  await client.roles.createComposite(
    { realm, roleId },
    roles.map(({ id, name }) => ({ id, name })),
  );
}

export async function removeComposites(client: Client, realm: string, roleId: string, roles: RoleRow[]): Promise<void> {
  await client.roles.delCompositeRoles(
    { realm, id: roleId },
    roles.map(({ id, name }) => ({ id, name })),
  );
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

export const clientKey = (realm: string, id: string) => ["client", realm, id] as const;

export async function fetchClientId(client: Client, realm: string, id: string): Promise<string> {
  const found = await client.clients.findOne({ realm, id });
  return found?.clientId ?? id;
}
