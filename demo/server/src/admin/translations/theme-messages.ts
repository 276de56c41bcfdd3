import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { parseProperties } from "./properties-file.ts";
import { themeFileLocale } from "./locale-chain.ts";
import { UI_PAGE_MESSAGES } from "../server-info/ui-pages.ts";

/** Where Keycloak's admin theme messages ship: `messages_{locale}.properties` (UTF-8). */
function adminMessagesDir(): string {
  const packageJson = createRequire(import.meta.url).resolve("@keycloakify/keycloak-admin-ui/package.json");
  return join(dirname(packageJson), "keycloak-theme", "admin", "i18n");
}

let available: Set<string> | undefined;
const cache = new Map<string, ReadonlyMap<string, string>>();
const EMPTY: ReadonlyMap<string, string> = new Map();

/** The file locales the theme ships (`de`, `pt_BR`, `zh_Hans`, …), read once. */
function availableFileLocales(): Set<string> {
  available ??= new Set(
    readdirSync(adminMessagesDir())
      .map((name) => /^messages_(.+)\.properties$/.exec(name)?.[1])
      .filter((locale): locale is string => Boolean(locale)),
  );
  return available;
}

/** The admin theme's own messages for exactly one locale (no fallback), parsed once; empty when the theme lacks it. */
export function adminThemeMessages(locale: string): ReadonlyMap<string, string> {
  const file = themeFileLocale(locale);
  if (!availableFileLocales().has(file)) return EMPTY;
  let messages = cache.get(file);
  if (!messages) {
    messages = parseProperties(readFileSync(join(adminMessagesDir(), `messages_${file}.properties`), "utf8"));
    if (file === "en") messages = new Map([...messages, ...UI_PAGE_MESSAGES]);
    cache.set(file, messages);
  }
  return messages;
}

/** Locale tags the admin theme has messages for (`pt-BR`, `zh-Hans`, …). */
export const adminThemeLocales = () => [...availableFileLocales()].map((file) => file.replace(/_/g, "-")).sort();
