/** A BCP 47 tag in Java's casing (`de`, `pt-BR`, `zh-Hans`), or undefined when it is not one. */
export function normalizeLocaleTag(tag: string): string | undefined {
  const parts = tag.split(/[-_]/);
  const [language, ...rest] = parts;
  if (!/^[A-Za-z]{2,8}$/.test(language)) return undefined;
  const normalized = [language.toLowerCase()];
  for (const part of rest) {
    if (/^[A-Za-z]{4}$/.test(part) && normalized.length === 1)
      normalized.push(part[0].toUpperCase() + part.slice(1).toLowerCase());
    else if (/^([A-Za-z]{2}|\d{3})$/.test(part)) normalized.push(part.toUpperCase());
    else if (/^[A-Za-z0-9]{4,8}$/.test(part)) normalized.push(part);
    else return undefined;
  }
  return normalized.join("-");
}

/**
 * The locales whose texts apply to `tag`, most specific first, as Keycloak's LocaleUtil walks them:
 * `de-CH` → de-CH, de, en. An unreadable tag gets English only.
 */
export function applicableLocales(tag: string): string[] {
  const normalized = normalizeLocaleTag(tag);
  if (!normalized) return ["en"];
  const [language, ...rest] = normalized.split("-");
  const script = rest.find((part) => /^[A-Z][a-z]{3}$/.test(part));
  const region = rest.find((part) => /^([A-Z]{2}|\d{3})$/.test(part));
  const variant = rest.find((part) => part !== script && part !== region);
  const chain = [normalized];
  // Like java.util.Locale parents: a variant drops to language-region (losing the script), a region to the language.
  if (variant) chain.push(region ? `${language}-${region}` : language);
  if (region) chain.push(language);
  if (language !== "en") chain.push("en");
  return [...new Set(chain)];
}

/** Keycloak 26 renamed its Chinese bundles; the old tags still select them. */
const THEME_LOCALE_ALIASES: Record<string, string> = { "zh-CN": "zh-Hans", "zh-TW": "zh-Hant" };

/** The theme file suffix for a locale: `pt-BR` → `pt_BR`, `zh-CN` → `zh_Hans`. */
export const themeFileLocale = (tag: string) => (THEME_LOCALE_ALIASES[tag] ?? tag).replace(/-/g, "_");
