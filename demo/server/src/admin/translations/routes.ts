import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context.ts";
import { notFound } from "../../http/errors.ts";
import type { RealmRecord } from "../../store/types.ts";
import { realmByName } from "../../realm/lookup.ts";
import { applicableLocales } from "./locale-chain.ts";
import { adminThemeMessages } from "./theme-messages.ts";
import { contentHash, sendRepresentation, type Representation } from "../../static/representation.ts";
import { REVALIDATE } from "../../static/cache-policy.ts";

type TranslationRoute = { Params: { realm: string; themeType: string; locale: string } };

/** Keycloak's theme types; any other path segment is not a theme. */
const THEME_TYPES = new Set(["login", "account", "admin", "email", "welcome", "common"]);

function realmTextsFor(realm: RealmRecord, locale: string): Record<string, string> {
  return realm.localizationTexts[locale] ?? realm.localizationTexts[locale.replace(/-/g, "_")] ?? {};
}

/**
 * The texts Keycloak answers for one locale: walking from English to the most specific locale, each level's theme
 * messages and then the realm's texts for that level, so a realm text beats the theme at its own level or above.
 */
export function localizedTexts(
  realm: RealmRecord,
  themeType: string,
  locale: string,
): { key: string; value: string }[] {
  return localizedTextsWithSource(realm, themeType, locale).map(({ key, value }) => ({ key, value }));
}

/** localizedTexts with where each text comes from (Keycloak's `?source=true`): the theme or the realm's texts. */
export function localizedTextsWithSource(
  realm: RealmRecord,
  themeType: string,
  locale: string,
): { key: string; value: string; source: "THEME" | "REALM" }[] {
  const merged = new Map<string, { value: string; source: "THEME" | "REALM" }>();
  for (const level of applicableLocales(locale).reverse()) {
    if (themeType === "admin")
      for (const [key, value] of adminThemeMessages(level)) merged.set(key, { value, source: "THEME" });
    for (const [key, value] of Object.entries(realmTextsFor(realm, level))) merged.set(key, { value, source: "REALM" });
  }
  return [...merged]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, { value, source }]) => ({ key, value, source }));
}

const BUNDLES_KEPT = 32;
const bundles = new Map<string, Representation>();

/**
 * The bundle as a representation, built (and compressed) once per theme type, locale and the realm's texts for
 * that locale: the realm's own texts are part of the key, so a changed text builds a new bundle.
 */
function bundleFor(realm: RealmRecord, themeType: string, locale: string): Representation {
  const realmTexts = applicableLocales(locale).map((level) => realmTextsFor(realm, level));
  const key = JSON.stringify([themeType, locale, realmTexts]);
  let bundle = bundles.get(key);
  if (!bundle) {
    const body = Buffer.from(JSON.stringify(localizedTexts(realm, themeType, locale)));
    bundle = { body, contentType: "application/json; charset=utf-8", hash: contentHash(body), encoded: {} };
    if (bundles.size >= BUNDLES_KEPT) bundles.delete(bundles.keys().next().value!);
    bundles.set(key, bundle);
  }
  return bundle;
}

/**
 * `GET /resources/{realm}/{themeType}/{locale}`: the theme's messages for the locale merged with the realm's
 * localization texts, as [{key, value}]. Read without a token; CORS follows the realm's clients' web origins.
 */
export async function registerTranslationRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  app.get<TranslationRoute>(
    "/resources/:realm/:themeType/:locale",
    {
      schema: {
        querystring: {
          type: "object",
          properties: { theme: { type: "string" }, source: { type: "string" } },
        },
      },
    },
    async (req, reply) => {
      const realm = realmByName(server.db, req.params.realm);
      if (!realm || !THEME_TYPES.has(req.params.themeType.toLowerCase())) throw notFound("Realm not found.");
      if ((req.query as { source?: string }).source === "true")
        return localizedTextsWithSource(realm, req.params.themeType.toLowerCase(), req.params.locale);
      // Every tab reads the bundle (about 400 KB, 85 KB compressed); with an ETag a current copy costs a 304.
      return sendRepresentation(
        req,
        reply,
        bundleFor(realm, req.params.themeType.toLowerCase(), req.params.locale),
        REVALIDATE,
      );
    },
  );
}
