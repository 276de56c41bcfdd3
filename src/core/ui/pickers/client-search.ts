import type KeycloakAdminClient from "@keycloak/keycloak-admin-client";
import type ClientRepresentation from "@keycloak/keycloak-admin-client/lib/defs/clientRepresentation.js";

/**
 * Clients whose clientId contains `text` (server search, one page), with the client whose clientId
 * is exactly `text` first even when the page would not hold it.
 */
export async function searchClients(
  adminClient: KeycloakAdminClient,
  realm: string,
  text: string,
  max: number,
): Promise<ClientRepresentation[]> {
  const [matches, exact] = await Promise.all([
    adminClient.clients.find({ realm, clientId: text || undefined, search: true, first: 0, max }),
    text ? adminClient.clients.find({ realm, clientId: text, search: false, first: 0, max: 1 }) : Promise.resolve([]),
  ]);
  const exactMatch =
    exact.find((client) => client.clientId === text) ?? matches.find((client) => client.clientId === text);
  if (!exactMatch) return matches;
  return [exactMatch, ...matches.filter((client) => client.id !== exactMatch.id)].slice(0, max);
}
