import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context.ts";
import { adminContext, contextIn, type AdminPermission } from "../../access/admin-context.ts";
import { intParam, page, queryOf, stringParam } from "../common/query.ts";
import { paramsOf } from "../common/query.ts";
import { registerUiExtRealmUpdateRoute } from "./realm-update-routes.ts";
import { catalog } from "../server-info/catalog.ts";
import { sessionPage, type SessionType } from "./sessions.ts";
import { ClientSessionsQuery, RealmNamesQuery, SessionsQuery } from "./schemas.ts";
import { badRequest } from "../../http/errors.ts";
import { requireClient } from "../common/lookups.ts";

const ANY_ADMIN_ROLE: AdminPermission[] = [
  "view-realm",
  "view-users",
  "view-clients",
  "view-events",
  "view-identity-providers",
  "view-authorization",
  "query-users",
  "query-groups",
  "query-clients",
  "query-realms",
];

/** Listeners Keycloak 26.7 runs for every realm (EventListenerProviderFactory.isGlobal): no realm enables them. */
const GLOBAL_EVENT_LISTENERS = ["workflow-event-listener"];

export async function registerUiExtRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  await registerUiExtRealmUpdateRoute(app, server);

  /** The event listeners a realm may enable (Keycloak lists every listener provider that is not global). */
  app.get("/admin/realms/:realm/ui-ext/available-event-listeners", async (req) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.require("view-events");
    const listeners = catalog().providers.eventsListener?.providers ?? {};
    return Object.keys(listeners)
      .filter((id) => !GLOBAL_EVENT_LISTENERS.includes(id))
      .map((id) => ({ id }));
  });

  app.get("/admin/realms/:realm/ui-ext/info", async (req) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.requireAny(...ANY_ADMIN_ROLE);
    const storageEnabled = server.db
      .list("components", ctx.realm.id)
      .some((c) => c.providerType === "org.keycloak.storage.UserStorageProvider" && c.config.enabled?.[0] !== "false");
    return { userProfileProvidersEnabled: storageEnabled };
  });

  app.get("/admin/realms/:realm/ui-ext/realms/names", { schema: { querystring: RealmNamesQuery } }, async (req) => {
    await adminContext(server, req, paramsOf(req).realm);
    const query = queryOf(req);
    const search = stringParam(query, "search")?.toLowerCase();
    const visible = [];
    for (const realm of server.db.all("realms").sort((a, b) => a.realm.localeCompare(b.realm))) {
      if (search && !realm.realm.toLowerCase().includes(search) && !realm.displayName?.toLowerCase().includes(search))
        continue;
      // A realm's own administrators may not address the other realms at all: those are left out, not refused.
      const ctx = await contextIn(server, req, realm.realm);
      if (ctx && ANY_ADMIN_ROLE.some((p) => ctx.has(p)))
        visible.push({ name: realm.realm, displayName: realm.displayName ?? "" });
    }
    return page(visible, intParam(query, "first", 0), intParam(query, "max", 10));
  });

  const sessionQuery = (query: ReturnType<typeof queryOf>) => {
    const type = (stringParam(query, "type") ?? "ALL").toUpperCase();
    if (type !== "ALL" && type !== "REGULAR" && type !== "OFFLINE")
      throw badRequest("type must be one of ALL, REGULAR, OFFLINE");
    return {
      type: type as SessionType,
      search: stringParam(query, "search"),
      first: intParam(query, "first", 0),
      max: intParam(query, "max", 10),
    } as const;
  };

  app.get("/admin/realms/:realm/ui-ext/sessions", { schema: { querystring: SessionsQuery } }, async (req) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.require("view-realm");
    return sessionPage(server, ctx.realm, sessionQuery(queryOf(req)));
  });

  app.get(
    "/admin/realms/:realm/ui-ext/sessions/client",
    { schema: { querystring: ClientSessionsQuery } },
    async (req) => {
      const ctx = await adminContext(server, req, paramsOf(req).realm);
      ctx.require("view-clients");
      const query = queryOf(req);
      const client = requireClient(server.db, ctx, stringParam(query, "clientId") ?? "");
      return sessionPage(server, ctx.realm, { ...sessionQuery(query), clientUuid: client.id });
    },
  );
}
