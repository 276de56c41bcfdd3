import type KeycloakAdminClient from "@keycloak/keycloak-admin-client";
import type RoleRepresentation from "@keycloak/keycloak-admin-client/lib/defs/roleRepresentation.js";
import { adminFetch } from "../../api/admin-fetch.ts";
import { mappingsPath, uiExtRolesPath } from "./role-mapping-paths.ts";
import type { MappedRole, RoleMappingType } from "./role-mapping-types.ts";

interface Mappings {
  realmMappings?: RoleRepresentation[];
  clientMappings?: Record<string, { id: string; client: string; mappings: RoleRepresentation[] }>;
}

/** The ui-ext endpoints' row: `client` is the clientId, `clientId` the client's internal id. */
interface UiExtClientRole {
  id: string;
  role: string;
  client: string;
  clientId: string;
  description?: string;
}

export interface RoleHolder {
  adminClient: KeycloakAdminClient;
  realm: string;
  type: RoleMappingType;
  id: string;
}

const matches = (role: MappedRole, search: string) =>
  !search ||
  role.name.toLowerCase().includes(search.toLowerCase()) ||
  !!role.client?.clientId.toLowerCase().includes(search.toLowerCase());

const fromRealmRole = (role: RoleRepresentation, isInherited = false): MappedRole => ({
  id: role.id ?? "",
  name: role.name ?? "",
  description: role.description,
  isInherited,
});

const fromUiExt = (row: UiExtClientRole, isInherited = false): MappedRole => ({
  id: row.id,
  name: row.role,
  description: row.description,
  client: { clientId: row.client, id: row.clientId },
  isInherited,
});

/** Roles mapped directly: realm roles first, then client roles by clientId. */
export async function directMappings(holder: RoleHolder): Promise<MappedRole[]> {
  const mappings = await adminFetch<Mappings>(holder.adminClient, mappingsPath(holder.realm, holder.type, holder.id));
  const clientRoles = Object.values(mappings.clientMappings ?? {})
    .sort((a, b) => a.client.localeCompare(b.client))
    .flatMap((entry) =>
      entry.mappings.map((role) => ({ ...fromRealmRole(role), client: { clientId: entry.client, id: entry.id } })),
    );
  return [...(mappings.realmMappings ?? []).map((role) => fromRealmRole(role)), ...clientRoles];
}

/** A page of the direct mappings (the server answers them whole; they are short). */
export async function directMappingsPage(
  holder: RoleHolder,
  first: number,
  max: number,
  search: string,
): Promise<MappedRole[]> {
  return (await directMappings(holder)).filter((role) => matches(role, search)).slice(first, first + max);
}

/**
 * A page of every role held, directly or not: effective realm roles first (one short list), then
 * effective client roles paged by the server across all clients, one request per page.
 */
export async function effectiveMappingsPage(
  holder: RoleHolder,
  first: number,
  max: number,
  search: string,
): Promise<MappedRole[]> {
  const [direct, realmComposite] = await Promise.all([
    directMappings(holder),
    adminFetch<RoleRepresentation[]>(
      holder.adminClient,
      `${mappingsPath(holder.realm, holder.type, holder.id)}/realm/composite`,
    ),
  ]);
  const directIds = new Set(direct.map((role) => role.id));
  const realmRoles = realmComposite
    .map((role) => fromRealmRole(role, !directIds.has(role.id ?? "")))
    .filter((role) => matches(role, search))
    .sort((a, b) => a.name.localeCompare(b.name));
  const page = realmRoles.slice(first, first + max);
  if (page.length === max) return page;
  const clientFirst = Math.max(0, first - realmRoles.length);
  const clientRows = await adminFetch<UiExtClientRole[]>(
    holder.adminClient,
    uiExtRolesPath(holder.realm, "effective-roles", holder.type, holder.id),
    {
      first: clientFirst,
      max: max - page.length,
      search,
    },
  );
  return [...page, ...clientRows.map((row) => fromUiExt(row, !directIds.has(row.id)))];
}

/**
 * Realm roles not yet mapped. The endpoint is asked with first/max/search; Keycloak (and our
 * server) answer the whole list, so the search is applied here too and the page is cut here
 * when the answer is longer than asked. The list is the realm's roles: short by nature.
 */
export async function availableRealmRolesPage(
  holder: RoleHolder,
  first: number,
  max: number,
  search: string,
): Promise<MappedRole[]> {
  const roles = await adminFetch<RoleRepresentation[]>(
    holder.adminClient,
    `${mappingsPath(holder.realm, holder.type, holder.id)}/realm/available`,
    { first, max, search },
  );
  const rows = roles.map((role) => fromRealmRole(role)).filter((role) => matches(role, search));
  if (roles.length <= max) return rows;
  return rows.sort((a, b) => a.name.localeCompare(b.name)).slice(first, first + max);
}

/** Client roles of every client not yet mapped: one server-paged request per page. */
export async function availableClientRolesPage(
  holder: RoleHolder,
  first: number,
  max: number,
  search: string,
): Promise<MappedRole[]> {
  const rows = await adminFetch<UiExtClientRole[]>(
    holder.adminClient,
    uiExtRolesPath(holder.realm, "available-roles", holder.type, holder.id),
    { first, max, search },
  );
  return rows.map((row) => fromUiExt(row));
}

/**
 * One client's roles not yet mapped. Keycloak answers the whole list (a client's roles are few), so
 * the search and the page are applied here.
 */
export async function availableRolesOfClientPage(
  holder: RoleHolder,
  client: { id: string; clientId: string },
  first: number,
  max: number,
  search: string,
): Promise<MappedRole[]> {
  const roles = await adminFetch<RoleRepresentation[]>(
    holder.adminClient,
    `${mappingsPath(holder.realm, holder.type, holder.id)}/clients/${encodeURIComponent(client.id)}/available`,
  );
  return roles
    .map((role) => ({ ...fromRealmRole(role), client }))
    .filter((role) => matches(role, search))
    .sort((a, b) => a.name.localeCompare(b.name))
    .slice(first, first + max);
}

const toPayload = (roles: MappedRole[]) => JSON.stringify(roles.map((role) => ({ id: role.id, name: role.name })));

/** Sends one request per container: the realm's roles together, each client's roles together. */
async function perContainer(holder: RoleHolder, roles: MappedRole[], method: "POST" | "DELETE"): Promise<void> {
  const base = mappingsPath(holder.realm, holder.type, holder.id);
  const realmRoles = roles.filter((role) => !role.client);
  const byClient = new Map<string, MappedRole[]>();
  for (const role of roles)
    if (role.client) byClient.set(role.client.id, [...(byClient.get(role.client.id) ?? []), role]);
  const init = (list: MappedRole[]): RequestInit => ({
    method,
    headers: { "content-type": "application/json" },
    body: toPayload(list),
  });
  await Promise.all([
    realmRoles.length ? adminFetch(holder.adminClient, `${base}/realm`, {}, init(realmRoles)) : undefined,
    ...[...byClient].map(([clientId, list]) =>
      adminFetch(holder.adminClient, `${base}/clients/${encodeURIComponent(clientId)}`, {}, init(list)),
    ),
  ]);
}

export const assignRoles = (holder: RoleHolder, roles: MappedRole[]) => perContainer(holder, roles, "POST");
export const unassignRoles = (holder: RoleHolder, roles: MappedRole[]) => perContainer(holder, roles, "DELETE");
