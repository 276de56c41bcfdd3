import type { Realm } from "../../api/realm.ts";

/** The attribute Keycloak's user profile adds while the realm has internationalization on. */
export const LOCALE_ATTRIBUTE = "locale";

/** The locales a user may be given: the realm's supported ones, none while internationalization is off. */
export const selectableLocales = (realm: Realm | null | undefined): string[] =>
  realm?.internationalizationEnabled ? [...(realm.supportedLocales ?? [])].sort() : [];
