import type { PartialImportRealmRepresentation } from "@keycloak/keycloak-admin-client/lib/defs/realmRepresentation.js";

/** What a partial import takes from a file, under the message key of its name. */
export const IMPORT_RESOURCES = [
  "users",
  "clients",
  "groups",
  "identityProviders",
  "realmRoles",
  "clientRoles",
] as const;
export type ImportResource = (typeof IMPORT_RESOURCES)[number];

export type ImportPolicy = "FAIL" | "SKIP" | "OVERWRITE";

type FileContent = Record<string, unknown>;

const listLength = (value: unknown) => (Array.isArray(value) ? value.length : 0);

function rolesOf(file: FileContent): { realm?: unknown; client?: unknown } {
  const roles = file.roles;
  return roles && typeof roles === "object" ? (roles as { realm?: unknown; client?: unknown }) : {};
}

/** How many of each resource the file holds (a realm export: top-level lists, `roles.realm`, `roles.client`). */
export function countResources(file: unknown): Record<ImportResource, number> {
  const content = (file && typeof file === "object" && !Array.isArray(file) ? file : {}) as FileContent;
  const roles = rolesOf(content);
  const clientRoles =
    roles.client && typeof roles.client === "object"
      ? Object.values(roles.client as Record<string, unknown>).reduce<number>((sum, list) => sum + listLength(list), 0)
      : 0;
  return {
    users: listLength(content.users),
    clients: listLength(content.clients),
    groups: listLength(content.groups),
    identityProviders: listLength(content.identityProviders),
    realmRoles: listLength(roles.realm),
    clientRoles,
  };
}

/** The request body: only the chosen resources of the file, and what to do with existing ones. */
export function importRequest(
  file: unknown,
  chosen: ReadonlySet<ImportResource>,
  policy: ImportPolicy,
): PartialImportRealmRepresentation {
  const content = file as FileContent;
  const roles = rolesOf(content);
  const request: Record<string, unknown> = { ifResourceExists: policy };
  if (chosen.has("users")) request.users = content.users;
  if (chosen.has("clients")) request.clients = content.clients;
  if (chosen.has("groups")) request.groups = content.groups;
  if (chosen.has("identityProviders")) request.identityProviders = content.identityProviders;
  if (chosen.has("realmRoles") || chosen.has("clientRoles"))
    request.roles = {
      ...(chosen.has("realmRoles") ? { realm: roles.realm } : {}),
      ...(chosen.has("clientRoles") ? { client: roles.client } : {}),
    };
  return request as unknown as PartialImportRealmRepresentation;
}
