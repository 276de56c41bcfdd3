import type KeycloakAdminClient from "@keycloak/keycloak-admin-client";
import type { SelectChoice } from "../overlays/index.ts";
import { flattenSearchMatches, searchClients } from "../pickers/index.ts";
import { fetchPoliciesPage, fetchResourcesPage, fetchScopesPage } from "./authorization-queries.ts";

/**
 * What the authorization forms' pickers offer for a typed text: one page asked of the server per text, never a
 * whole collection. Values are the names the forms keep and the server resolves (role `name` or
 * `clientId/name`, username, group path, clientId, client scope, resource, scope and policy names).
 */
export type ReferenceKind = "resource" | "scope" | "policy" | "role" | "user" | "group" | "client" | "clientScope";

const named = (items: { name?: string }[], describe?: (item: never) => string | undefined): SelectChoice[] =>
  items
    .filter((item) => item.name)
    .map((item) => ({ value: item.name!, label: item.name!, description: describe?.(item as never) }));

export async function searchReferences(
  kc: KeycloakAdminClient,
  realm: string,
  clientUuid: string,
  kind: ReferenceKind,
  text: string,
  max: number,
): Promise<SelectChoice[]> {
  const search = text.trim();
  switch (kind) {
    case "resource":
      return named(await fetchResourcesPage(kc, realm, clientUuid, 0, max, search));
    case "scope":
      return named(await fetchScopesPage(kc, realm, clientUuid, 0, max, search));
    case "policy":
      return named(await fetchPoliciesPage(kc, realm, clientUuid, 0, max, search), (p: { type?: string }) => p.type);
    case "user":
      return (await kc.users.find({ realm, search: search || undefined, first: 0, max, briefRepresentation: true }))
        .filter((user) => user.username)
        .map((user) => ({ value: user.username!, label: user.username!, description: user.email }));
    case "group": {
      const roots = await kc.groups.find({ realm, search: search || undefined, first: 0, max });
      return flattenSearchMatches(roots, search)
        .slice(0, max)
        .map((group) => ({ value: group.path, label: group.path }));
    }
    case "client":
      return (await searchClients(kc, realm, search, max))
        .filter((client) => client.clientId)
        .map((client) => ({ value: client.clientId!, label: client.clientId!, description: client.name }));
    case "clientScope": {
      // Keycloak lists client scopes without a search or paging; a realm has few of them.
      const needle = search.toLowerCase();
      return named((await kc.clientScopes.find({ realm })).filter((s) => s.name?.toLowerCase().includes(needle))).slice(
        0,
        max,
      );
    }
    case "role":
      return searchRoles(kc, realm, search, max);
  }
}

/** Realm roles by name; `clientId/` followed by text searches that client's roles. */
async function searchRoles(kc: KeycloakAdminClient, realm: string, search: string, max: number) {
  const slash = search.indexOf("/");
  if (slash < 0)
    return named(await kc.roles.find({ realm, search: search || undefined, first: 0, max, briefRepresentation: true }));
  const clientId = search.slice(0, slash);
  const [client] = await kc.clients.find({ realm, clientId, search: false, first: 0, max: 1 });
  if (!client?.id) return [];
  const roles = await kc.clients.listRoles({
    realm,
    id: client.id,
    search: search.slice(slash + 1),
    first: 0,
    max,
  } as never);
  return roles
    .filter((role) => role.name)
    .map((role) => ({ value: `${clientId}/${role.name}`, label: `${clientId}/${role.name}` }));
}
