import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { Type } from "typebox";
import type { ServerContext } from "../../../context.ts";
import type { AdminRequestContext } from "../../../access/admin-context.ts";
import type { ClientRecord } from "../../../store/types.ts";
import { adminContext } from "../../../access/admin-context.ts";
import { badRequest, conflict, forbidden, notFound } from "../../../http/errors.ts";
import { isFeatureEnabled } from "../../server-info/features.ts";
import { Query, Str } from "../../common/schemas.ts";
import { intParam, paramsOf, queryOf, stringParam } from "../../common/query.ts";
import { adminEvent } from "../../common/admin-event.ts";
import { frontendUrl } from "../../../http/frontend-url.ts";
import { clientByClientId } from "../lookups.ts";
import { applyClientUpdate, newClientRecord } from "../client-record.ts";
import { checkClientUrls } from "../client-urls.ts";
import { removeClient } from "../client-removal.ts";
import { disableServiceAccount, enableServiceAccount, serviceAccountUser } from "../service-account.ts";
import { fromClientV2, SERVER_MANAGED, toClientV2, withFields, type ClientV2 } from "./representation.ts";
import { parseFilter, parseSort } from "./query.ts";

const BASE = "/admin/api/:realm/clients/v2";
const MERGE_PATCH = "application/merge-patch+json";

const ListQuery = Query({ fields: Str(), limit: Str(), offset: Str(), q: Str(), sort: Str() });
const ClientBody = Type.Object({}, { additionalProperties: true, title: "BaseClientRepresentation" });

/** RFC 7386 merge patch: objects merge, null removes, everything else replaces. */
function mergePatch(target: unknown, patch: unknown): unknown {
  if (!patch || typeof patch !== "object" || Array.isArray(patch)) return patch;
  const result: Record<string, unknown> =
    target && typeof target === "object" && !Array.isArray(target) ? { ...(target as Record<string, unknown>) } : {};
  for (const [key, value] of Object.entries(patch as Record<string, unknown>)) {
    if (value === null) delete result[key];
    else result[key] = mergePatch(result[key], value);
  }
  return result;
}

/**
 * Keycloak's experimental Admin API v2 for clients (feature `client-admin-api:v2`), addressed by clientId, as
 * the admin client's generated models describe it. Without the feature the paths do not exist (404).
 */
export async function registerClientsV2Routes(app: FastifyInstance, server: ServerContext): Promise<void> {
  const { db } = server;
  app.addContentTypeParser(MERGE_PATCH, { parseAs: "string" }, (_req, body, done) => {
    try {
      done(null, JSON.parse(String(body)));
    } catch {
      done(badRequest("Cannot parse the JSON"));
    }
  });

  // The same checks as the v1 client endpoints (Keycloak's ClientPermissionsV2): listing needs query-clients or
  // view on every client; each client its own view or manage (roles or admin permissions v2); creating one needs
  // manage on every client.
  const context = async (req: FastifyRequest) => {
    if (!isFeatureEnabled("CLIENT_ADMIN_API_V2", server.config.features)) throw notFound();
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    if (!ctx.has("query-clients") && !ctx.mayAllClients("view")) throw forbidden();
    return ctx;
  };
  const requireCreate = (ctx: AdminRequestContext) => {
    if (!ctx.mayAllClients("manage")) throw forbidden();
  };
  const find = (ctx: AdminRequestContext, clientId: string) => clientByClientId(db, ctx.realm, clientId);
  const existing = (ctx: AdminRequestContext, clientId: string, access: "view" | "manage") => {
    const client = find(ctx, clientId);
    if (!client) throw notFound("Client not found");
    ctx.requireClientScope(access, client);
    return client;
  };
  const body = (req: FastifyRequest): ClientV2 => {
    if (!req.body || typeof req.body !== "object" || Array.isArray(req.body))
      throw badRequest("Client body is missing");
    return req.body as ClientV2;
  };
  const refuseServerManaged = (input: ClientV2) => {
    const field = SERVER_MANAGED.find((name) => input[name] !== undefined);
    if (field) throw badRequest(`${field}: ${field} is server-managed and must not be user-specified`);
  };

  const create = async (ctx: AdminRequestContext, input: ClientV2, reply: FastifyReply) => {
    const v1 = fromClientV2(input);
    checkClientUrls(v1);
    if (find(ctx, String(v1.clientId))) throw conflict(`Client ${String(v1.clientId)} already exists`);
    const record = newClientRecord(db, ctx.realm, v1);
    await db.write((tx) => {
      if (v1.serviceAccountsEnabled === true) enableServiceAccount(db, tx, ctx.realm, record);
      tx.put("clients", record);
    });
    await adminEvent(server, ctx, "CREATE", "CLIENT", `clients/${record.id}`, v1);
    const location = `${frontendUrl(server, reply.request)}/admin/api/${encodeURIComponent(ctx.realm.realm)}/clients/v2/${encodeURIComponent(record.clientId)}`;
    return reply.status(201).header("location", location).send(toClientV2(db, record));
  };

  const update = async (ctx: AdminRequestContext, client: ClientRecord, input: ClientV2) => {
    refuseServerManaged(input);
    if (input.clientId !== client.clientId)
      throw badRequest("clientId: the client ID in the body differs from the path");
    const v1 = fromClientV2(input, client);
    checkClientUrls(v1);
    await db.write((tx) => {
      applyClientUpdate(client, v1);
      if (v1.serviceAccountsEnabled === true && !serviceAccountUser(db, client))
        enableServiceAccount(db, tx, ctx.realm, client);
      else if (v1.serviceAccountsEnabled === false) disableServiceAccount(db, tx, ctx.realm, client);
      tx.put("clients", client);
    });
    await adminEvent(server, ctx, "UPDATE", "CLIENT", `clients/${client.id}`, v1);
    return toClientV2(db, client);
  };

  app.get(BASE, { schema: { querystring: ListQuery } }, async (req) => {
    const ctx = await context(req);
    const reach = ctx.clientsVisible();
    const query = queryOf(req);
    const fields = stringParam(query, "fields")
      ?.split(",")
      .map((f) => f.trim())
      .filter(Boolean);
    const offset = intParam(query, "offset", 0);
    const limit = intParam(query, "limit", 100);
    if (offset < 0 || limit < 0) throw badRequest("offset and limit must not be negative");
    const matches = parseFilter(stringParam(query, "q"));
    const order = parseSort(stringParam(query, "sort"));
    return db
      .list("clients", ctx.realm.id)
      .filter((client) => reach === "all" || reach.has(client.id))
      .map((client) => toClientV2(db, client))
      .filter(matches)
      .sort(order)
      .slice(offset, offset + limit)
      .map((client) => withFields(client, fields));
  });

  app.post(BASE, { schema: { body: ClientBody } }, async (req, reply) => {
    const ctx = await context(req);
    requireCreate(ctx);
    const input = body(req);
    refuseServerManaged(input);
    return create(ctx, input, reply);
  });

  app.get(`${BASE}/:id`, async (req) => {
    const ctx = await context(req);
    return toClientV2(db, existing(ctx, paramsOf<"id">(req).id, "view"));
  });

  app.put(`${BASE}/:id`, { schema: { body: ClientBody } }, async (req, reply) => {
    const ctx = await context(req);
    const { id } = paramsOf<"id">(req);
    const input = body(req);
    if (input.protocol !== "saml" && input.auth === undefined) input.auth = null;
    const client = find(ctx, id);
    if (client) ctx.requireClientScope("manage", client);
    else requireCreate(ctx);
    if (!client) {
      refuseServerManaged(input);
      if (input.clientId !== id) throw badRequest("clientId: the client ID in the body differs from the path");
      return create(ctx, input, reply);
    }
    return reply.status(200).send(await update(ctx, client, input));
  });

  app.patch(`${BASE}/:id`, { schema: { body: ClientBody } }, async (req) => {
    const ctx = await context(req);
    const client = existing(ctx, paramsOf<"id">(req).id, "manage");
    const patch = body(req);
    refuseServerManaged(patch);
    const current = toClientV2(db, client);
    for (const field of SERVER_MANAGED) delete current[field];
    return update(ctx, client, mergePatch(current, patch) as ClientV2);
  });

  app.delete(`${BASE}/:id`, async (req, reply) => {
    const ctx = await context(req);
    const client = existing(ctx, paramsOf<"id">(req).id, "manage");
    await db.write((tx) => removeClient(db, tx, ctx.realm, client));
    await adminEvent(server, ctx, "DELETE", "CLIENT", `clients/${client.id}`);
    return reply.status(204).send();
  });
}
