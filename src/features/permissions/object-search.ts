import type KeycloakAdminClient from "@keycloak/keycloak-admin-client";
import type { SelectChoice } from "../../core/ui/overlays/index.ts";

/** The realm objects a resource type's permission can name, searched on the server. */
export async function searchObjects(
  client: KeycloakAdminClient,
  realm: string,
  resourceType: string,
  search: string,
  max: number,
): Promise<SelectChoice[]> {
  const text = search.trim() || undefined;
  switch (resourceType) {
    case "Users":
      return (await client.users.find({ realm, search: text, first: 0, max, briefRepresentation: true })).map(
        (user) => ({ value: user.id ?? "", label: user.username ?? "" }),
      );
    case "Groups":
      return (await client.groups.find({ realm, search: text, first: 0, max, briefRepresentation: true })).map(
        (group) => ({ value: group.id ?? "", label: group.path ?? group.name ?? "" }),
      );
    case "Clients":
      return (await client.clients.find({ realm, clientId: text, search: true, first: 0, max })).map((found) => ({
        value: found.id ?? "",
        label: found.clientId ?? "",
      }));
    case "Roles":
      return (await client.roles.find({ realm, search: text, first: 0, max, briefRepresentation: true })).map(
        (role) => ({ value: role.id ?? "", label: role.name ?? "" }),
      );
    default:
      return [];
  }
}

/** Display names of chosen object ids; an id the server no longer knows stays as it is. */
export async function objectLabels(
  client: KeycloakAdminClient,
  realm: string,
  resourceType: string,
  ids: string[],
): Promise<Record<string, string>> {
  const labelOf = async (id: string): Promise<string | undefined> => {
    switch (resourceType) {
      case "Users":
        return (await client.users.findOne({ realm, id }, { catchNotFound: true }))?.username;
      case "Groups": {
        const group = await client.groups.findOne({ realm, id }, { catchNotFound: true });
        return group?.path ?? group?.name;
      }
      case "Clients":
        return (await client.clients.findOne({ realm, id }, { catchNotFound: true }))?.clientId;
      case "Roles":
        return (await client.roles.findOneById({ realm, id }, { catchNotFound: true }))?.name;
      default:
        return undefined;
    }
  };
  const entries = await Promise.all(ids.map(async (id) => [id, (await labelOf(id)) ?? id] as const));
  return Object.fromEntries(entries);
}
