import type { ServerInfo } from "../../core/api/server-info.ts";
import type { Realm } from "./queries.ts";

export const THEME_FIELDS = ["loginTheme", "accountTheme", "adminTheme", "emailTheme"] as const;
export type ThemeField = (typeof THEME_FIELDS)[number];
/** The server info's theme type of each realm field. */
export const THEME_TYPE: Record<ThemeField, string> = {
  loginTheme: "login",
  accountTheme: "account",
  adminTheme: "admin",
  emailTheme: "email",
};

export interface ThemesValues {
  loginTheme: string;
  accountTheme: string;
  adminTheme: string;
  emailTheme: string;
  internationalizationEnabled: boolean;
  supportedLocales: string[];
  defaultLocale: string;
}

export function toThemesValues(realm: Realm): ThemesValues {
  return {
    loginTheme: realm.loginTheme ?? "",
    accountTheme: realm.accountTheme ?? "",
    adminTheme: realm.adminTheme ?? "",
    emailTheme: realm.emailTheme ?? "",
    internationalizationEnabled: realm.internationalizationEnabled === true,
    supportedLocales: realm.supportedLocales ?? [],
    defaultLocale: realm.defaultLocale ?? "",
  };
}

/** The themes the server has for a type, by name. */
export function themeNames(info: ServerInfo | undefined, type: string): string[] {
  const themes = (info as { themes?: Record<string, { name: string }[]> } | undefined)?.themes?.[type] ?? [];
  return themes.map((theme) => theme.name);
}

/** Every locale any theme of the server offers, sorted. */
export function themeLocales(info: ServerInfo | undefined): string[] {
  const themes = (info as { themes?: Record<string, { locales?: string[] }[]> } | undefined)?.themes ?? {};
  const locales = new Set<string>();
  for (const list of Object.values(themes))
    for (const theme of list) for (const locale of theme.locales ?? []) locales.add(locale);
  return [...locales].sort();
}
