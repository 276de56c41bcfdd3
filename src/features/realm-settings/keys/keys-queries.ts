import type KeycloakAdminClient from "@keycloak/keycloak-admin-client";
import type { QueryClient } from "@tanstack/react-query";
import type ComponentRepresentation from "@keycloak/keycloak-admin-client/lib/defs/componentRepresentation.js";
import type ComponentTypeRepresentation from "@keycloak/keycloak-admin-client/lib/defs/componentTypeRepresentation.js";
import type { KeyMetadataRepresentation } from "@keycloak/keycloak-admin-client/lib/defs/keyMetadataRepresentation.js";
import type { ServerInfoRepresentation } from "@keycloak/keycloak-admin-client/lib/defs/serverInfoRepesentation.js";

/** The admin client leaves out Keycloak's `use` (SIG or ENC). */
export type KeyMetadata = KeyMetadataRepresentation & { use?: string };
export type KeyProvider = ComponentRepresentation;

/** Keycloak's provider type of the realm's key providers (components of the realm). */
export const KEY_PROVIDER_TYPE = "org.keycloak.keys.KeyProvider";

export const keysKeys = {
  all: (realm: string) => ["realm-settings", realm, "keys"] as const,
  list: (realm: string) => ["realm-settings", realm, "keys", "list"] as const,
  providers: (realm: string) => ["realm-settings", realm, "keys", "providers"] as const,
  provider: (realm: string, id: string) => ["realm-settings", realm, "keys", "provider", id] as const,
};

/** Keycloak answers the realm's whole, short key list at once: read once, paged and filtered in the table. */
export function fetchKeys(queryClient: QueryClient, client: KeycloakAdminClient, realm: string) {
  return queryClient.fetchQuery({
    queryKey: keysKeys.list(realm),
    queryFn: async () => (await client.realms.getKeys({ realm })).keys ?? [],
    staleTime: 30_000,
  });
}

/** The realm's key providers, highest priority first (Keycloak answers them all at once). */
export async function loadKeyProviders(client: KeycloakAdminClient, realm: string, realmId: string) {
  return (await client.components.find({ realm, type: KEY_PROVIDER_TYPE, parent: realmId })).sort(
    (a, b) => priorityOf(b) - priorityOf(a) || (a.name ?? "").localeCompare(b.name ?? ""),
  );
}

/** loadKeyProviders, read once for all pages and searches of the table. */
export function fetchKeyProviders(
  queryClient: QueryClient,
  client: KeycloakAdminClient,
  realm: string,
  realmId: string,
): Promise<KeyProvider[]> {
  return queryClient.fetchQuery({
    queryKey: keysKeys.providers(realm),
    queryFn: () => loadKeyProviders(client, realm, realmId),
    staleTime: 30_000,
  });
}

export const priorityOf = (provider: KeyProvider) => Number(provider.config?.priority?.[0] ?? 0) || 0;

/** A boolean config value of a key provider, `true` unless stored as "false" (Keycloak's default). */
export const configFlag = (provider: KeyProvider, name: "enabled" | "active") =>
  provider.config?.[name]?.[0] !== "false";

/** After a change to the providers: their list and the keys they hold are read again. */
export function refreshKeys(queryClient: QueryClient, realm: string) {
  return queryClient.invalidateQueries({ queryKey: keysKeys.all(realm) });
}

/** The key provider types server info describes, by id. */
export const keyProviderTypes = (serverInfo: ServerInfoRepresentation): ComponentTypeRepresentation[] =>
  [...(serverInfo.componentTypes?.[KEY_PROVIDER_TYPE] ?? [])].sort((a, b) => a.id.localeCompare(b.id));
