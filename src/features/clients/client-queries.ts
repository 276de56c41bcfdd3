import type KeycloakAdminClient from "@keycloak/keycloak-admin-client";
import type ClientRepresentation from "@keycloak/keycloak-admin-client/lib/defs/clientRepresentation.js";
import { removeEntityTabComponents } from "../../core/ui/page/extension-tab-components.ts";

export const clientKeys = {
  all: (realm: string) => ["clients", realm] as const,
  one: (realm: string, id: string) => ["clients", realm, "client", id] as const,
};

/** A page of clients whose clientId contains `search` (Keycloak's `search=true` infix match). */
export async function fetchClientPage(
  client: KeycloakAdminClient,
  realm: string,
  search: string,
  first: number,
  max: number,
): Promise<ClientRepresentation[]> {
  const clientId = search.trim();
  return client.clients.find({ realm, first, max, ...(clientId ? { clientId, search: true } : {}) });
}

export async function fetchClient(
  client: KeycloakAdminClient,
  realm: string,
  id: string,
): Promise<ClientRepresentation | undefined> {
  return client.clients.findOne({ realm, id });
}

/** Creates the client and returns its internal id. */
export async function createClient(
  client: KeycloakAdminClient,
  realm: string,
  representation: ClientRepresentation,
): Promise<string> {
  const { id } = await client.clients.create({ realm, ...representation });
  return id;
}

export async function updateClient(
  client: KeycloakAdminClient,
  realm: string,
  id: string,
  representation: ClientRepresentation,
): Promise<void> {
  await client.clients.update({ realm, id }, representation);
}

export async function deleteClient(client: KeycloakAdminClient, realm: string, id: string): Promise<void> {
  await client.clients.del({ realm, id });
  // The client is gone either way: an administrator who may not manage the realm's components leaves them.
  await removeEntityTabComponents(client, realm, id).catch(() => undefined);
}
