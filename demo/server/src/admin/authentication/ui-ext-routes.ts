import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context.ts";
import { adminContext } from "../../access/admin-context.ts";
import { badRequest } from "../../http/errors.ts";
import { paramsOf } from "../common/query.ts";
import { intParam, page, queryOf, stringParam } from "../common/query.ts";
import { clientsUsingFlow, flowOverview, providersUsingFlow } from "./flow-usage.ts";
import { flowsOf, requireFlowById } from "./lookup.ts";
import { REQUIRED_ACTION_CONFIG } from "./required-action-catalog.ts";
import { FlowUsageQuery } from "./schemas.ts";

const BASE = "/admin/realms/:realm/ui-ext/authentication-management";

/** The admin console's own authentication endpoints (Keycloak's admin-ui-ext). */
export async function registerAuthenticationUiExtRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  app.get(`${BASE}/flows`, async (req) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.requireAny("view-realm", "view-clients", "view-identity-providers");
    return flowsOf(server, ctx.realm)
      .filter((f) => f.topLevel && f.alias !== "saml ecp")
      .map((f) => flowOverview(server, ctx.realm, f));
  });

  app.get(`${BASE}/:type/:id`, { schema: { querystring: FlowUsageQuery } }, async (req) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.requireAny("view-realm", "view-clients", "view-identity-providers");
    const { type, id } = paramsOf<"type" | "id">(req);
    const flow = requireFlowById(server, ctx.realm, id);
    const query = queryOf(req);
    const search = stringParam(query, "search") ?? "";
    let users: string[];
    if (type === "clients") users = clientsUsingFlow(server, ctx.realm, flow);
    else if (type === "idp") users = providersUsingFlow(server, ctx.realm, flow);
    else throw badRequest("Invalid type");
    const matching = users.filter((name) => name.includes(search));
    return page(matching, search ? 0 : intParam(query, "first", 0), intParam(query, "max", 10));
  });

  app.get(`${BASE}/required-actions`, async (req) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.requireAny("view-realm", "manage-users");
    return server.db
      .list("requiredActions", ctx.realm.id)
      .sort((a, b) => a.priority - b.priority || a.name.localeCompare(b.name))
      .map((a) => ({
        alias: a.alias,
        name: a.name,
        providerId: a.providerId,
        enabled: a.enabled,
        defaultAction: a.defaultAction,
        priority: a.priority,
        config: a.config,
        configurable: a.providerId in REQUIRED_ACTION_CONFIG,
      }));
  });
}
