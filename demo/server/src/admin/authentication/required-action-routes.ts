import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ServerContext } from "../../context.ts";
import type { RealmRecord, RequiredActionRecord } from "../../store/types.ts";
import { adminContext, type AdminPermission } from "../../access/admin-context.ts";
import { badRequest, conflict, fieldErrors, HttpError, notFound } from "../../http/errors.ts";
import { adminEvent } from "../common/admin-event.ts";
import { objectBody, optionalString, stringMapOf } from "../common/body.ts";
import { noContent } from "../common/reply.ts";
import { paramsOf } from "../common/query.ts";
import {
  REQUIRED_ACTION_CONFIG,
  REQUIRED_ACTION_PROVIDERS,
  requiredActionConfigError,
} from "./required-action-catalog.ts";
import { RegisterRequiredActionSchema, RequiredActionConfigSchema, RequiredActionSchema } from "./schemas.ts";
import { NoBody } from "../common/schemas.ts";

const BASE = "/admin/realms/:realm/authentication";

const byPriority = (a: RequiredActionRecord, b: RequiredActionRecord) =>
  a.priority - b.priority || a.name.localeCompare(b.name);

function representation(action: RequiredActionRecord): Record<string, unknown> {
  return {
    alias: action.alias,
    name: action.name,
    providerId: action.providerId,
    enabled: action.enabled,
    defaultAction: action.defaultAction,
    priority: action.priority,
    config: action.config,
  };
}

export async function registerRequiredActionRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  const actionsOf = (realm: RealmRecord) => server.db.list("requiredActions", realm.id).sort(byPriority);
  const context = async (req: FastifyRequest, permission: AdminPermission) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.require(permission);
    const { alias } = paramsOf<"alias">(req);
    const action = alias === undefined ? undefined : actionsOf(ctx.realm).find((a) => a.alias === alias);
    if (alias !== undefined && !action) throw notFound("Failed to find required action");
    return { ctx, action: action! };
  };
  /** A configurable action's config call (Keycloak answers 400 for an unknown alias too, before looking it up). */
  const configContext = async (req: FastifyRequest, permission: AdminPermission) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.require(permission);
    const action = actionsOf(ctx.realm).find((a) => a.alias === paramsOf<"alias">(req).alias);
    const properties = action && REQUIRED_ACTION_CONFIG[action.providerId];
    if (!action || !properties) throw new HttpError(400, { error: "RequiredAction is not configurable" });
    return { ctx, action, properties };
  };

  app.get(`${BASE}/required-actions`, async (req) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.requireAny("view-realm", "manage-users");
    return actionsOf(ctx.realm).map(representation);
  });

  app.get(`${BASE}/required-actions/:alias`, async (req) => representation((await context(req, "view-realm")).action));

  app.put(`${BASE}/required-actions/:alias`, { schema: { body: RequiredActionSchema } }, async (req, reply) => {
    const { ctx, action } = await context(req, "manage-realm");
    const rep = objectBody(req.body);
    const enabled = typeof rep.enabled === "boolean" ? rep.enabled : action.enabled;
    const updated: RequiredActionRecord = {
      ...action,
      name: optionalString(rep.name) ?? action.name,
      enabled,
      defaultAction: enabled && (typeof rep.defaultAction === "boolean" ? rep.defaultAction : action.defaultAction),
      priority: typeof rep.priority === "number" ? rep.priority : action.priority,
      config: rep.config === undefined ? action.config : stringMapOf(rep.config),
    };
    await server.db.write((tx) => tx.put("requiredActions", updated));
    await adminEvent(
      server,
      ctx,
      "UPDATE",
      "REQUIRED_ACTION",
      `authentication/required-actions/${action.alias}`,
      representation(updated),
    );
    return noContent(reply);
  });

  app.delete(`${BASE}/required-actions/:alias`, async (req, reply) => {
    const { ctx, action } = await context(req, "manage-realm");
    await server.db.write((tx) => tx.delete("requiredActions", action.id));
    await adminEvent(server, ctx, "DELETE", "REQUIRED_ACTION", `authentication/required-actions/${action.alias}`);
    return noContent(reply);
  });

  for (const [path, step] of [
    ["raise-priority", -1],
    ["lower-priority", 1],
  ] as const) {
    app.post(`${BASE}/required-actions/:alias/${path}`, { schema: { body: NoBody } }, async (req, reply) => {
      const { ctx, action } = await context(req, "manage-realm");
      const ordered = actionsOf(ctx.realm);
      const index = ordered.findIndex((a) => a.id === action.id);
      const neighbour = ordered[index + step];
      if (neighbour) {
        const theirs = action.priority;
        const mine = neighbour.priority === theirs ? neighbour.priority + step : neighbour.priority;
        await server.db.write((tx) => {
          tx.put("requiredActions", { ...action, priority: mine });
          tx.put("requiredActions", { ...neighbour, priority: theirs });
        });
      }
      await adminEvent(
        server,
        ctx,
        "UPDATE",
        "REQUIRED_ACTION",
        `authentication/required-actions/${action.alias}/${path}`,
      );
      return noContent(reply);
    });
  }

  app.get(`${BASE}/unregistered-required-actions`, async (req) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.require("view-realm");
    const registered = new Set(actionsOf(ctx.realm).map((a) => a.providerId));
    return Object.entries(REQUIRED_ACTION_PROVIDERS)
      .filter(([providerId]) => !registered.has(providerId))
      .map(([providerId, name]) => ({ providerId, name }));
  });

  app.post(
    `${BASE}/register-required-action`,
    { schema: { body: RegisterRequiredActionSchema } },
    async (req, reply) => {
      const ctx = await adminContext(server, req, paramsOf(req).realm);
      ctx.require("manage-realm");
      const rep = objectBody(req.body);
      const providerId = optionalString(rep.providerId);
      if (!providerId || !(providerId in REQUIRED_ACTION_PROVIDERS))
        throw badRequest("Required Action Provider with given providerId not found");
      const existing = actionsOf(ctx.realm);
      if (existing.some((a) => a.alias === providerId))
        throw conflict(`Required action ${providerId} is already registered`);
      const action: RequiredActionRecord = {
        id: `${ctx.realm.id}/${providerId}`,
        realmId: ctx.realm.id,
        alias: providerId,
        name: optionalString(rep.name) ?? REQUIRED_ACTION_PROVIDERS[providerId],
        providerId,
        enabled: true,
        defaultAction: false,
        priority: existing.length ? existing[existing.length - 1].priority + 1 : 0,
        config: {},
      };
      await server.db.write((tx) => tx.put("requiredActions", action));
      await adminEvent(
        server,
        ctx,
        "CREATE",
        "REQUIRED_ACTION",
        `authentication/register-required-action`,
        representation(action),
      );
      return noContent(reply);
    },
  );

  app.get(`${BASE}/required-actions/:alias/config-description`, async (req) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.require("view-realm");
    const action = actionsOf(ctx.realm).find((a) => a.alias === paramsOf<"alias">(req).alias);
    const properties = action && REQUIRED_ACTION_CONFIG[action.providerId];
    if (!properties) throw notFound("Could not find configurable RequiredAction provider");
    return { properties };
  });

  // Keycloak answers the stored config only: the form shows the description's defaults for what is not set.
  app.get(`${BASE}/required-actions/:alias/config`, async (req) => {
    const { action } = await configContext(req, "view-realm");
    return { config: action.config };
  });

  app.put(
    `${BASE}/required-actions/:alias/config`,
    { schema: { body: RequiredActionConfigSchema } },
    async (req, reply) => {
      const { ctx, action } = await configContext(req, "manage-realm");
      const config = stringMapOf(objectBody(req.body).config);
      const invalid = requiredActionConfigError(action.providerId, config);
      if (invalid) throw fieldErrors([invalid]);
      await server.db.write((tx) => tx.put("requiredActions", { ...action, config }));
      await adminEvent(
        server,
        ctx,
        "UPDATE",
        "REQUIRED_ACTION",
        `authentication/required-actions/${action.alias}/config`,
        { config },
      );
      return noContent(reply);
    },
  );

  app.delete(`${BASE}/required-actions/:alias/config`, async (req, reply) => {
    const { ctx, action } = await configContext(req, "manage-realm");
    await server.db.write((tx) => tx.put("requiredActions", { ...action, config: {} }));
    await adminEvent(
      server,
      ctx,
      "DELETE",
      "REQUIRED_ACTION",
      `authentication/required-actions/${action.alias}/config`,
    );
    return noContent(reply);
  });
}
