import type KeycloakAdminClient from "@keycloak/keycloak-admin-client";
import type { ImportResource } from "./partial-import-resources.ts";

/** Items of one resource the preview looks up; a larger file is previewed on its first ones. */
export const PREVIEW_LIMIT = 200;
const PARALLEL_LOOKUPS = 6;

export interface ResourcePreview {
  inFile: number;
  checked: number;
  existing: number;
}

type Entry = Record<string, unknown>;
type Exists = (client: KeycloakAdminClient, realm: string, entry: Entry) => Promise<boolean>;

const text = (value: unknown) => (typeof value === "string" ? value : "");
const entries = (value: unknown): Entry[] =>
  Array.isArray(value) ? value.filter((item): item is Entry => !!item && typeof item === "object") : [];

/** How Keycloak's partial import matches an item of each resource with one the realm already has. */
const EXISTS: Record<ImportResource, Exists> = {
  users: async (client, realm, user) =>
    (await client.users.find({ realm, username: text(user.username), exact: true, max: 1 })).length > 0,
  clients: async (client, realm, app) =>
    (await client.clients.find({ realm, clientId: text(app.clientId), max: 1 })).length > 0,
  groups: async (client, realm, group) =>
    (await client.groups.find({ realm, search: text(group.name), exact: true, max: 1 })).some(
      (found) => found.name === text(group.name),
    ),
  identityProviders: async (client, realm, provider) =>
    !!(await client.identityProviders.findOne({ realm, alias: text(provider.alias) })),
  realmRoles: async (client, realm, role) => !!(await client.roles.findOneByName({ realm, name: text(role.name) })),
  clientRoles: async (client, realm, role) => {
    const [owner] = await client.clients.find({ realm, clientId: text(role.clientId), max: 1 });
    return !!owner?.id && !!(await client.clients.findRole({ realm, id: owner.id, roleName: text(role.name) }));
  },
};

/** The file's items of a resource; client roles carry their client's clientId. */
export function itemsOf(file: unknown, resource: ImportResource): Entry[] {
  const content = (file && typeof file === "object" ? file : {}) as Entry;
  const roles = (content.roles && typeof content.roles === "object" ? content.roles : {}) as Entry;
  switch (resource) {
    case "realmRoles":
      return entries(roles.realm);
    case "clientRoles":
      return Object.entries((roles.client && typeof roles.client === "object" ? roles.client : {}) as Entry).flatMap(
        ([clientId, list]) => entries(list).map((role) => ({ ...role, clientId })),
      );
    default:
      return entries(content[resource]);
  }
}

/** Looks up, a few at a time, which of the file's items the realm already has: one exact lookup per item. */
export async function previewImport(
  client: KeycloakAdminClient,
  realm: string,
  file: unknown,
  resources: readonly ImportResource[],
): Promise<Record<string, ResourcePreview>> {
  const preview: Record<string, ResourcePreview> = {};
  for (const resource of resources) {
    const items = itemsOf(file, resource);
    const checked = items.slice(0, PREVIEW_LIMIT);
    let existing = 0;
    for (let start = 0; start < checked.length; start += PARALLEL_LOOKUPS) {
      const found = await Promise.all(
        checked.slice(start, start + PARALLEL_LOOKUPS).map((item) => EXISTS[resource](client, realm, item)),
      );
      existing += found.filter(Boolean).length;
    }
    preview[resource] = { inFile: items.length, checked: checked.length, existing };
  }
  return preview;
}
