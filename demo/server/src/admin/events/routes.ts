import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context.ts";
import { adminContext } from "../../access/admin-context.ts";
import { parseDateBound } from "../../events/filters.ts";
import { searchAdminEvents, searchEvents } from "../../events/event-store.ts";
import { adminEventRepresentation, eventRepresentation } from "../../events/representation.ts";
import { noContent } from "../common/reply.ts";
import { paramsOf } from "../common/query.ts";
import { intParam, listParam, queryOf, stringParam } from "../common/query.ts";
import { AdminEventQuery, EventQuery } from "./schemas.ts";

const BASE = "/admin/realms/:realm";

/** Newest first unless `direction=asc`; Keycloak's default page of 100. */
const windowOf = (query: ReturnType<typeof queryOf>) => ({
  descending: stringParam(query, "direction")?.toLowerCase() !== "asc",
  first: Math.max(0, intParam(query, "first", 0)),
  max: Math.max(0, intParam(query, "max", 100)),
});

export async function registerEventRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  app.get(`${BASE}/events`, { schema: { querystring: EventQuery } }, async (req) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.require("view-events");
    const query = queryOf(req);
    const filter = {
      types: listParam(query, "type"),
      client: stringParam(query, "client"),
      user: stringParam(query, "user"),
      ipAddress: stringParam(query, "ipAddress"),
      from: parseDateBound(stringParam(query, "dateFrom"), "From"),
      to: parseDateBound(stringParam(query, "dateTo"), "To"),
    };
    return searchEvents(server.db, ctx.realm, filter, windowOf(query)).map(eventRepresentation);
  });

  app.delete(`${BASE}/events`, async (req, reply) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.require("manage-events");
    const ids = server.db.list("events", ctx.realm.id).map((e) => e.id);
    await server.db.write((tx) => {
      for (const id of ids) tx.delete("events", id);
    });
    return noContent(reply);
  });

  app.get(`${BASE}/admin-events`, { schema: { querystring: AdminEventQuery } }, async (req) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.require("view-events");
    const query = queryOf(req);
    const filter = {
      operationTypes: listParam(query, "operationTypes"),
      resourceTypes: listParam(query, "resourceTypes"),
      resourcePath: stringParam(query, "resourcePath"),
      authRealm: stringParam(query, "authRealm"),
      authClient: stringParam(query, "authClient"),
      authUser: stringParam(query, "authUser"),
      authIpAddress: stringParam(query, "authIpAddress"),
      from: parseDateBound(stringParam(query, "dateFrom"), "From"),
      to: parseDateBound(stringParam(query, "dateTo"), "To"),
    };
    return searchAdminEvents(server.db, ctx.realm, filter, windowOf(query)).map(adminEventRepresentation);
  });

  app.delete(`${BASE}/admin-events`, async (req, reply) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.require("manage-events");
    const ids = server.db.list("adminEvents", ctx.realm.id).map((e) => e.id);
    await server.db.write((tx) => {
      for (const id of ids) tx.delete("adminEvents", id);
    });
    return noContent(reply);
  });
}
