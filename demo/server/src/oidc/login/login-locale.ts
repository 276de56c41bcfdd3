import { readCookies } from "../sso-cookies.ts";
import type { LoginContext } from "./login-context.ts";

interface Tag {
  language: string;
  country: string;
}

function parseTag(tag: string): Tag {
  const [language = "", second = ""] = tag.trim().split(/[-_]/);
  const country = /^([a-z]{2}|\d{3})$/i.test(second) ? second.toUpperCase() : "";
  return { language: language.toLowerCase(), country };
}

const asTag = ({ language, country }: Tag) => (country ? `${language}-${country}` : language);

/**
 * The realm's supported locale that serves a requested tag, as Keycloak matches them: the same language, and the
 * same country unless one side names none; an exact country beats a language-only match.
 */
function bestSupported(supported: Tag[], requested: string): Tag | undefined {
  const wanted = parseTag(requested);
  let best: Tag | undefined;
  for (const candidate of supported) {
    const matches =
      candidate.language === wanted.language &&
      (!candidate.country !== !wanted.country || candidate.country === wanted.country);
    if (matches && (!best || (candidate.country === wanted.country && best.country !== wanted.country)))
      best = candidate;
  }
  return best;
}

/** Accept-Language's tags, most wanted first (q=0 left out). */
function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? "")
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.split(";").map((p) => p.trim());
      const q = params.find((p) => p.startsWith("q="));
      return { tag, q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.tag && entry.tag !== "*" && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/**
 * The locale a login runs in, as Keycloak resolves it before a user is known: English unless the realm is
 * internationalized; else the first of the client's ui_locales, the KEYCLOAK_LOCALE cookie and
 * Accept-Language that a supported locale serves, else the realm's default locale.
 */
export function loginLocale(ctx: LoginContext): string {
  const settings = ctx.realm.settings;
  if (settings.internationalizationEnabled !== true) return "en";
  const supported = (Array.isArray(settings.supportedLocales) ? settings.supportedLocales : [])
    .filter((tag): tag is string => typeof tag === "string")
    .map(parseTag);
  const uiLocales = ctx.request.forwardable?.ui_locales ?? "";
  const cookie = readCookies(ctx.req).get("KEYCLOAK_LOCALE");
  const candidates = [
    ...uiLocales.split(" "),
    cookie && /^[\w-]+$/.test(cookie) ? cookie : undefined,
    ...acceptedLanguages(ctx.req.headers["accept-language"]),
  ];
  for (const tag of candidates) {
    const match = tag ? bestSupported(supported, tag) : undefined;
    if (match) return asTag(match);
  }
  const fallback = typeof settings.defaultLocale === "string" && settings.defaultLocale;
  return fallback ? asTag(parseTag(fallback)) : "en";
}
