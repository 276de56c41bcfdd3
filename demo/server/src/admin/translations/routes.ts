import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context.ts";
import { notFound } from "../../http/errors.ts";

type TranslationParams = { realm: string; locale: string };

/** [{key, value}] of a realm's localization texts for one locale, sorted by key. */
function realmTexts(server: ServerContext, realmName: string, locale: string): { key: string; value: string }[] {
  const realm = server.db.all("realms").find((r) => r.realm === realmName);
  if (!realm) throw notFound("Realm not found.");
  const texts = realm.localizationTexts[locale] ?? realm.localizationTexts[locale.replace("_", "-")] ?? {};
  return Object.entries(texts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => ({ key, value }));
}

/**
 * Message bundles the console loads without a token. The theme messages ship
 * with the console itself, so only the realm's own overrides are served here.
 */
export async function registerTranslationRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  app.get("/resources/:realm/admin/:locale", async (req) => {
    const { realm, locale } = req.params as TranslationParams;
    return realmTexts(server, realm, locale);
  });
  app.get("/resources/:realm/:themeType/:locale", async (req) => {
    const { realm, locale } = req.params as TranslationParams;
    return realmTexts(server, realm, locale);
  });
}
