/** The realm settings area's addresses, as the upstream console has them (bookmarks keep working). */
export const REALM_SETTINGS_TABS = [
  "general",
  "login",
  "email",
  "themes",
  "keys",
  "events",
  "localization",
  "security-defenses",
  "sessions",
  "tokens",
  "client-policies",
  "user-profile",
  "user-registration",
] as const;
export type RealmSettingsTab = (typeof REALM_SETTINGS_TABS)[number];

export const toRealmSettings = (realm: string, tab: RealmSettingsTab = "general") => `/${realm}/realm-settings/${tab}`;

export const toRealmDashboard = (realm: string) => `/${realm}`;

export const KEYS_SUB_TABS = ["list", "providers"] as const;
export type KeysSubTab = (typeof KEYS_SUB_TABS)[number];

export const toKeysTab = (realm: string, tab: KeysSubTab = "list") => `/${realm}/realm-settings/keys/${tab}`;

/** A key provider's settings page (upstream's KeyProviderFormRoute). */
export const toKeyProvider = (realm: string, id: string, providerType: string) =>
  `/${realm}/realm-settings/keys/providers/${encodeURIComponent(id)}/${encodeURIComponent(providerType)}/settings`;
