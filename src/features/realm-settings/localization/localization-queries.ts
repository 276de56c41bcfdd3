import type KeycloakAdminClient from "@keycloak/keycloak-admin-client";
import type { QueryClient } from "@tanstack/react-query";
import type EffectiveMessageBundleRepresentation from "@keycloak/keycloak-admin-client/lib/defs/effectiveMessageBundleRepresentation.js";

export interface Translation {
  key: string;
  value: string;
}

export const localizationKeys = {
  all: (realm: string) => ["realm-settings", realm, "localization"] as const,
  overrides: (realm: string, locale: string) => ["realm-settings", realm, "localization", "overrides", locale] as const,
  bundle: (realm: string, theme: string, themeType: string, locale: string) =>
    ["realm-settings", realm, "localization", "bundle", theme, themeType, locale] as const,
};

/** The realm's texts for a locale; Keycloak answers the whole map, read once per locale and paged in the table. */
export function fetchOverrides(
  queryClient: QueryClient,
  client: KeycloakAdminClient,
  realm: string,
  locale: string,
): Promise<Translation[]> {
  return queryClient.fetchQuery({
    queryKey: localizationKeys.overrides(realm, locale),
    queryFn: async () =>
      Object.entries(await client.realms.getRealmLocalizationTexts({ realm, selectedLocale: locale }))
        .map(([key, value]) => ({ key, value }))
        .sort((a, b) => a.key.localeCompare(b.key)),
    staleTime: 30_000,
  });
}

/** The theme's messages merged with the realm's texts, read once per theme, theme type and locale. */
export function fetchEffectiveBundle(
  queryClient: QueryClient,
  client: KeycloakAdminClient,
  query: { realm: string; theme: string; themeType: string; locale: string },
): Promise<EffectiveMessageBundleRepresentation[]> {
  return queryClient.fetchQuery({
    queryKey: localizationKeys.bundle(query.realm, query.theme, query.themeType, query.locale),
    queryFn: () => client.serverInfo.findEffectiveMessageBundles({ ...query, source: true }),
    staleTime: 30_000,
  });
}

export function saveOverride(client: KeycloakAdminClient, realm: string, locale: string, entry: Translation) {
  return client.realms.addLocalization({ realm, selectedLocale: locale, key: entry.key }, entry.value);
}

export function deleteOverride(client: KeycloakAdminClient, realm: string, locale: string, key: string) {
  return client.realms.deleteRealmLocalizationTexts({ realm, selectedLocale: locale, key });
}

/** What reads the realm's texts again after a change: this tab's lists and the console's own bundle for the realm. */
export async function refreshLocalization(queryClient: QueryClient, realm: string) {
  await queryClient.invalidateQueries({ queryKey: localizationKeys.all(realm) });
}

/** Matches a translation by key or text, ignoring case. */
export const matchesTranslation = (entry: Translation, search: string) => {
  const needle = search.trim().toLowerCase();
  return !needle || entry.key.toLowerCase().includes(needle) || entry.value.toLowerCase().includes(needle);
};
