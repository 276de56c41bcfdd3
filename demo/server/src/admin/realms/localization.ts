import type { FastifyInstance } from "fastify";
import { boolParam, queryOf } from "../common/query.ts";
import type { ServerContext } from "../../context.ts";
import { adminContext, type AdminPermission } from "../../access/admin-context.ts";
import { badRequest, HttpError, notFound } from "../../http/errors.ts";
import { REALM_MANAGEMENT_ROLES } from "../../realm/template.ts";
import type { RealmRecord } from "../../store/types.ts";
import { adminEvent } from "../common/admin-event.ts";
import { writeRealm } from "./realm-write.ts";
import { LocalizationQuery, LocalizationTextBody, LocalizationTextsSchema } from "./transfer-schemas.ts";

type LocaleParams = { Params: { realm: string; locale: string } };
type KeyParams = { Params: { realm: string; locale: string; key: string } };

const ANY_ADMIN_PERMISSION = REALM_MANAGEMENT_ROLES as unknown as AdminPermission[];

/** Realm localization texts (`/admin/realms/{realm}/localization`). */
export async function registerLocalizationRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  /** Replaces one locale's texts with `change(current texts)`; an empty result removes the locale. */
  const writeTexts = (
    realmId: string,
    locale: string,
    change: (texts: Record<string, string>) => Record<string, string> | undefined,
  ) =>
    writeRealm(server, realmId, (realm: RealmRecord) => {
      const localizationTexts = { ...realm.localizationTexts };
      // undefined removes the locale; a locale whose last text is deleted stays listed, as in Keycloak
      const texts = change({ ...(localizationTexts[locale] ?? {}) });
      if (texts) localizationTexts[locale] = texts;
      else delete localizationTexts[locale];
      return { ...realm, localizationTexts };
    });

  app.get<{ Params: { realm: string } }>("/admin/realms/:realm/localization", async (req) => {
    const ctx = await adminContext(server, req, req.params.realm);
    ctx.requireAny(...ANY_ADMIN_PERMISSION);
    return Object.keys(ctx.realm.localizationTexts).sort();
  });

  app.get<LocaleParams & { Querystring: { useRealmDefaultLocaleFallback?: string } }>(
    "/admin/realms/:realm/localization/:locale",
    { schema: { querystring: LocalizationQuery } },
    async (req) => {
      const ctx = await adminContext(server, req, req.params.realm);
      ctx.requireAny(...ANY_ADMIN_PERMISSION);
      const texts = ctx.realm.localizationTexts;
      const own = texts[req.params.locale] ?? {};
      if (boolParam(queryOf(req), "useRealmDefaultLocaleFallback") !== true) return own;
      const defaultLocale = String(ctx.realm.settings.defaultLocale ?? "en");
      return { ...(texts[defaultLocale] ?? {}), ...own };
    },
  );

  app.post<LocaleParams & { Body: Record<string, unknown> | undefined }>(
    "/admin/realms/:realm/localization/:locale",
    { schema: { body: LocalizationTextsSchema } },
    async (req, reply) => {
      const ctx = await adminContext(server, req, req.params.realm);
      ctx.require("manage-realm");
      const body = req.body;
      if (!body || typeof body !== "object" || Array.isArray(body)) throw badRequest("Invalid localization texts");
      await writeTexts(ctx.realm.id, req.params.locale, (texts) => {
        for (const [k, v] of Object.entries(body)) texts[k] = String(v);
        return Object.keys(texts).length ? texts : undefined;
      });
      await adminEvent(server, ctx, "CREATE", "REALM", `localization/${req.params.locale}`, body);
      return reply.status(204).send();
    },
  );

  app.delete<LocaleParams>("/admin/realms/:realm/localization/:locale", async (req, reply) => {
    const ctx = await adminContext(server, req, req.params.realm);
    ctx.require("manage-realm");
    if (!ctx.realm.localizationTexts[req.params.locale]) throw notFound("No localization texts for locale found");
    await writeTexts(ctx.realm.id, req.params.locale, () => undefined);
    await adminEvent(server, ctx, "DELETE", "REALM", `localization/${req.params.locale}`);
    return reply.status(204).send();
  });

  app.get<KeyParams>("/admin/realms/:realm/localization/:locale/:key", async (req, reply) => {
    const ctx = await adminContext(server, req, req.params.realm);
    ctx.requireAny(...ANY_ADMIN_PERMISSION);
    const text = ctx.realm.localizationTexts[req.params.locale]?.[req.params.key];
    if (text === undefined) throw notFound("Localization text not found");
    return reply.type("text/plain; charset=utf-8").send(text);
  });

  app.put<KeyParams & { Body: string | undefined }>(
    "/admin/realms/:realm/localization/:locale/:key",
    {
      schema: { body: LocalizationTextBody },
      // Keycloak's resource consumes text/plain only, and says so before it reads the body
      preValidation: async (req) => {
        if (!/^text\/plain\b/i.test(req.headers["content-type"] ?? ""))
          throw new HttpError(415, { error: "The content-type header value did not match the value in @Consumes" });
      },
    },
    async (req, reply) => {
      const ctx = await adminContext(server, req, req.params.realm);
      ctx.require("manage-realm");
      const text = typeof req.body === "string" ? req.body : "";
      await writeTexts(ctx.realm.id, req.params.locale, (texts) => ({ ...texts, [req.params.key]: text }));
      await adminEvent(server, ctx, "UPDATE", "REALM", `localization/${req.params.locale}/${req.params.key}`, text);
      return reply.status(204).send();
    },
  );

  app.delete<KeyParams>("/admin/realms/:realm/localization/:locale/:key", async (req, reply) => {
    const ctx = await adminContext(server, req, req.params.realm);
    ctx.require("manage-realm");
    const current = ctx.realm.localizationTexts[req.params.locale];
    if (!current || !(req.params.key in current)) throw notFound("Localization text not found");
    await writeTexts(ctx.realm.id, req.params.locale, ({ [req.params.key]: _removed, ...rest }) => rest);
    await adminEvent(server, ctx, "DELETE", "REALM", `localization/${req.params.locale}/${req.params.key}`);
    return reply.status(204).send();
  });
}
