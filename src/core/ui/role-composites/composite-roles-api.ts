import type KeycloakAdminClient from "@keycloak/keycloak-admin-client";
import type RoleRepresentation from "@keycloak/keycloak-admin-client/lib/defs/roleRepresentation.js";
import { adminFetch } from "../../api/admin-fetch.ts";

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

export const toRoleRow = (role: RoleRepresentation): RoleRow => ({
  id: role.id ?? "",
  name: role.name ?? "",
  description: role.description,
  composite: role.composite,
  containerId: role.clientRole ? role.containerId : undefined,
});

/** Query key of one role by id; the role pages and the composite tables refresh it after a change. */
export const roleByIdKey = (realm: string, id: string) => ["role", realm, id] as const;

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
  return roles.map(toRoleRow);
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

/**
 * Client roles of every client offered as the role's composites (Keycloak leaves out only the role itself, not the
 * composites it has): one request per page (ui-ext).
 */
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
  const roles = await client.roles.find({ realm, first, max, search: search || undefined, briefRepresentation: false });
  return roles.map(toRoleRow).filter((row) => row.id !== roleId);
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

export const clientIdKey = (realm: string, id: string) => ["client", realm, id] as const;

export async function fetchClientId(client: Client, realm: string, id: string): Promise<string> {
  const found = await client.clients.findOne({ realm, id });
  return found?.clientId ?? id;
}
