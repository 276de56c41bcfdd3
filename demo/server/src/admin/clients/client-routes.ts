import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context.ts";
import type { AdminRequestContext } from "../../access/admin-context.ts";
import type { ClientRecord } from "../../store/types.ts";
import { adminContext } from "../../access/admin-context.ts";
import { conflict, forbidden } from "../../http/errors.ts";
import { clientByClientId } from "./lookups.ts";
import { clientRepresentation, type ClientAccess } from "./representations.ts";
import { applyClientUpdate, newClientRecord } from "./client-record.ts";
import { disableAuthorization, enableAuthorization } from "../authorization/resource-server.ts";
import { planClientAuthorization } from "../../realm/import-authorization.ts";
import {
  disableServiceAccount,
  enableServiceAccount,
  renameServiceAccount,
  serviceAccountUser,
} from "./service-account.ts";
import { removeClient } from "./client-removal.ts";
import { adminPath, created, noContent } from "../common/reply.ts";
import { adminEvent } from "../common/admin-event.ts";
import { boolParam, intParam, page, paramsOf, parseSearchQuery, queryOf, stringParam } from "../common/query.ts";
import { objectBody } from "../common/body.ts";
import { requireClient } from "../common/lookups.ts";
import { ClientListQuery, ClientSchema } from "./schemas.ts";
import { checkClient } from "./client-checks.ts";
import { onAdminClientChange } from "../../client-policies/events.ts";

/** ClientRepresentation.access for one client: the caller's legacy roles, then admin permissions v2. */
export function clientAccess(ctx: AdminRequestContext, client: ClientRecord): ClientAccess {
  const manage = ctx.mayClient("manage", client);
  return { view: ctx.mayClient("view", client), configure: manage, manage };
}

const byClientId = (a: ClientRecord, b: ClientRecord) =>
  a.clientId < b.clientId ? -1 : a.clientId > b.clientId ? 1 : 0;

function matchesAttributes(client: ClientRecord, wanted: Map<string, string>): boolean {
  const attributes = (client.rep.attributes ?? {}) as Record<string, unknown>;
  return [...wanted].every(([key, value]) => String(attributes[key] ?? "") === value);
}

export async function registerClientCrudRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  const { db } = server;

  app.get("/admin/realms/:realm/clients", { schema: { querystring: ClientListQuery } }, async (req) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.requireAny("query-clients", "view-clients");
    // Legacy view-clients shows every client; otherwise those admin permissions let the caller view.
    const reach = ctx.clientsVisible();
    if (reach !== "all" && reach.size === 0) return [];
    const realmClients = () =>
      db.list("clients", ctx.realm.id).filter((client) => reach === "all" || reach.has(client.id));
    const clientId = stringParam(queryOf(req), "clientId")?.trim();
    const q = stringParam(queryOf(req), "q");
    const first = intParam(queryOf(req), "first");
    const max = intParam(queryOf(req), "max");
    let matches: ClientRecord[];
    if (q !== undefined) {
      const wanted = parseSearchQuery(q);
      matches = page(
        realmClients()
          .filter((c) => matchesAttributes(c, wanted))
          .sort(byClientId),
        first,
        max,
      );
    } else if (!clientId) {
      matches = page(realmClients().sort(byClientId), first, max);
    } else if (boolParam(queryOf(req), "search", false)) {
      const needle = clientId.toLowerCase();
      matches = page(
        realmClients()
          .filter((c) => c.clientId.toLowerCase().includes(needle))
          .sort(byClientId),
        first,
        max,
      );
    } else {
      const client = clientByClientId(db, ctx.realm, clientId);
      matches = client && (reach === "all" || reach.has(client.id)) ? [client] : [];
    }
    return matches.map((client) => clientRepresentation(db, client, clientAccess(ctx, client)));
  });

  app.post("/admin/realms/:realm/clients", { schema: { body: ClientSchema } }, async (req, reply) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    if (!ctx.mayAllClients("manage")) throw forbidden();
    const input = objectBody(req.body);
    // Keycloak runs the client policies first and validates the client's URLs after them.
    await onAdminClientChange(server, ctx, req, input);
    checkClient(server, ctx.realm, input);
    const record = newClientRecord(db, ctx.realm, input);
    if (clientByClientId(db, ctx.realm, record.clientId) || db.get("clients", record.id)) {
      throw conflict(`Client ${record.clientId} already exists`);
    }
    await db.write((tx) => {
      const account =
        input.serviceAccountsEnabled === true ? enableServiceAccount(db, tx, ctx.realm, record) : undefined;
      if (input.authorizationServicesEnabled === true) enableAuthorization(db, tx, ctx.realm, record, account);
      tx.put("clients", record);
    });
    const settings = input.authorizationSettings;
    if (input.authorizationServicesEnabled === true && settings && typeof settings === "object") {
      // As Keycloak: the new resource server (with its defaults) takes the `authorizationSettings`, matched by
      // name; settings it refuses leave no client behind.
      let write: ReturnType<typeof planClientAuthorization>;
      try {
        write = planClientAuthorization(db, ctx.realm, record, settings as Record<string, unknown>);
      } catch (error) {
        await db.write((tx) => removeClient(db, tx, ctx.realm, record));
        throw error;
      }
      await db.write((tx) => write(tx));
    }
    await adminEvent(server, ctx, "CREATE", "CLIENT", `clients/${record.id}`, input);
    return created(reply, server, adminPath(ctx.realm.realm, "clients", record.id));
  });

  app.get("/admin/realms/:realm/clients/:id", async (req) => {
    const { realm, id } = paramsOf<"id">(req);
    const ctx = await adminContext(server, req, realm);
    const client = requireClient(db, ctx, id);
    ctx.requireClientScope("view", client);
    return clientRepresentation(db, client, clientAccess(ctx, client));
  });

  app.put("/admin/realms/:realm/clients/:id", { schema: { body: ClientSchema } }, async (req, reply) => {
    const { realm, id } = paramsOf<"id">(req);
    const ctx = await adminContext(server, req, realm);
    const client = requireClient(db, ctx, id);
    ctx.requireClientScope("manage", client);
    const input = objectBody(req.body);
    await onAdminClientChange(server, ctx, req, input, client);
    checkClient(server, ctx.realm, input, client);
    const renamedTo =
      typeof input.clientId === "string" && input.clientId !== client.clientId ? input.clientId : undefined;
    if (renamedTo !== undefined && clientByClientId(db, ctx.realm, renamedTo)) throw conflict("Client already exists");
    await db.write((tx) => {
      applyClientUpdate(client, input);
      let account = serviceAccountUser(db, client);
      if (input.serviceAccountsEnabled === true) {
        account ??= enableServiceAccount(db, tx, ctx.realm, client);
      } else if (input.serviceAccountsEnabled === false) {
        disableServiceAccount(db, tx, ctx.realm, client);
        account = undefined;
      }
      if (renamedTo !== undefined) renameServiceAccount(db, tx, client);
      if (input.authorizationServicesEnabled === true) enableAuthorization(db, tx, ctx.realm, client, account);
      else if (input.authorizationServicesEnabled === false) disableAuthorization(db, tx, client);
      tx.put("clients", client);
    });
    await adminEvent(server, ctx, "UPDATE", "CLIENT", `clients/${client.id}`, input);
    return noContent(reply);
  });

  app.delete("/admin/realms/:realm/clients/:id", async (req, reply) => {
    const { realm, id } = paramsOf<"id">(req);
    const ctx = await adminContext(server, req, realm);
    const client = requireClient(db, ctx, id);
    ctx.requireClientScope("manage", client);
    await db.write((tx) => removeClient(db, tx, ctx.realm, client));
    await adminEvent(server, ctx, "DELETE", "CLIENT", `clients/${client.id}`);
    return noContent(reply);
  });
}
