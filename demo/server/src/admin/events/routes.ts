import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context.ts";
import { adminContext } from "../../access/admin-context.ts";
import { adminEventMatcher, matchesEvent, parseDateBound } from "../../events/filters.ts";
import { adminEventRepresentation, eventRepresentation } from "../../events/representation.ts";
import { noContent } from "../common/reply.ts";
import { paramsOf } from "../common/query.ts";
import { intParam, listParam, page, queryOf, stringParam } from "../common/query.ts";
import { AdminEventQuery, EventQuery } from "./schemas.ts";

const BASE = "/admin/realms/:realm";

/** Newest first unless `direction=asc`. */
const byTime = (direction: string | undefined) => (a: { time: number }, b: { time: number }) =>
  direction?.toLowerCase() === "asc" ? a.time - b.time : b.time - a.time;

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
    const events = server.db
      .list("events", ctx.realm.id)
      .filter((e) => matchesEvent(e, filter))
      .sort(byTime(stringParam(query, "direction")));
    return page(events, intParam(query, "first", 0), intParam(query, "max", 100)).map(eventRepresentation);
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
    const matches = adminEventMatcher({
      operationTypes: listParam(query, "operationTypes"),
      resourceTypes: listParam(query, "resourceTypes"),
      resourcePath: stringParam(query, "resourcePath"),
      authRealm: stringParam(query, "authRealm"),
      authClient: stringParam(query, "authClient"),
      authUser: stringParam(query, "authUser"),
      authIpAddress: stringParam(query, "authIpAddress"),
      from: parseDateBound(stringParam(query, "dateFrom"), "From"),
      to: parseDateBound(stringParam(query, "dateTo"), "To"),
    });
    const events = server.db
      .list("adminEvents", ctx.realm.id)
      .filter(matches)
      .sort(byTime(stringParam(query, "direction")));
    return page(events, intParam(query, "first", 0), intParam(query, "max", 100)).map(adminEventRepresentation);
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
