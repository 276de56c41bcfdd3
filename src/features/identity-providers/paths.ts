/** The identity providers area's addresses, as the upstream console has them (bookmarks keep working). */
export const IDENTITY_PROVIDER_TABS = ["settings", "mappers", "permissions"] as const;
export type IdentityProviderTab = (typeof IDENTITY_PROVIDER_TABS)[number];

export const toIdentityProviders = (realm: string) => `/${realm}/identity-providers`;
export const toAddIdentityProvider = (realm: string, providerId: string) =>
  `/${realm}/identity-providers/${encodeURIComponent(providerId)}/add`;
export const toIdentityProvider = (
  realm: string,
  providerId: string,
  alias: string,
  tab: IdentityProviderTab = "settings",
) => `/${realm}/identity-providers/${encodeURIComponent(providerId)}/${encodeURIComponent(alias)}/${tab}`;

export const isIdentityProviderTab = (tab: string | undefined): tab is IdentityProviderTab =>
  (IDENTITY_PROVIDER_TABS as readonly string[]).includes(tab ?? "");

export const toAddMapper = (realm: string, providerId: string, alias: string) =>
  `${toIdentityProvider(realm, providerId, alias, "mappers")}/create`;
export const toMapper = (realm: string, providerId: string, alias: string, id: string) =>
  `/${realm}/identity-providers/${encodeURIComponent(providerId)}/${encodeURIComponent(alias)}/mappers/${encodeURIComponent(id)}`;
