import type KeycloakAdminClient from "@keycloak/keycloak-admin-client";
import type GroupRepresentation from "@keycloak/keycloak-admin-client/lib/defs/groupRepresentation.js";
import { createGroup, fetchAllChildren } from "./queries.ts";

type Client = KeycloakAdminClient;

async function copyRoleMappings(client: Client, realm: string, fromId: string, toId: string): Promise<void> {
  const mappings = await client.groups.listRoleMappings({ realm, id: fromId });
  if (mappings.realmMappings?.length) {
    await client.groups.addRealmRoleMappings({
      realm,
      id: toId,
      roles: mappings.realmMappings.map(({ id, name }) => ({ id: id ?? "", name: name ?? "" })),
    });
  }
  for (const clientMapping of Object.values(mappings.clientMappings ?? {})) {
    const { id: clientUniqueId, mappings: roles } = clientMapping as {
      id: string;
      mappings?: { id?: string; name?: string }[];
    };
    if (!roles?.length) continue;
    await client.groups.addClientRoleMappings({
      realm,
      id: toId,
      clientUniqueId,
      roles: roles.map(({ id, name }) => ({ id: id ?? "", name: name ?? "" })),
    });
  }
}

async function copyInto(
  client: Client,
  realm: string,
  source: GroupRepresentation,
  parentId: string | undefined,
  name: string,
): Promise<string> {
  const id = await createGroup(client, realm, parentId, {
    name,
    description: source.description,
    attributes: source.attributes,
  });
  await copyRoleMappings(client, realm, source.id ?? "", id);
  for (const child of await fetchAllChildren(client, realm, source.id ?? "")) {
    await copyInto(client, realm, child, id, child.name ?? "");
  }
  return id;
}

/**
 * Copies a group beside the original under `name`: description, attributes, role mappings and
 * the whole sub-tree (members are not copied). Returns the new group's id.
 */
export async function duplicateGroup(
  client: Client,
  realm: string,
  groupId: string,
  parentId: string | undefined,
  name: string,
): Promise<string> {
  const source = await client.groups.findOne({ realm, id: groupId });
  if (!source) throw new Error("Could not find group by id");
  return copyInto(client, realm, source, parentId, name);
}
