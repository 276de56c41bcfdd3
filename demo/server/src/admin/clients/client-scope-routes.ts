import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context.ts";
import type { ClientScopeRecord } from "../../store/types.ts";
import { adminContext } from "../../access/admin-context.ts";
import { conflict, forbidden, HttpError } from "../../http/errors.ts";
import type { AdminRequestContext } from "../../access/admin-context.ts";
import { newId } from "../../common/ids.ts";
import { clientScopeByName, requireClientScope } from "./lookups.ts";
import { clientScopeRepresentation } from "./representations.ts";
import { mapperFromRepresentation } from "./mapper-input.ts";
import { scopeAttributes, validateScopeName, validateScopeProtocol } from "./client-scope-input.ts";
import { adminPath, created, noContent } from "../common/reply.ts";
import { adminEvent } from "../common/admin-event.ts";
import { objectBody } from "../common/body.ts";
import { paramsOf } from "../common/query.ts";
import { ClientScopeSchema } from "./schemas.ts";

/**
 * Keycloak's ClientPermissionsV2 for client scopes: listing needs query-clients or view on every client; viewing
 * one needs view-clients or v2 `view` on every client, changing any needs manage-clients or v2 `manage` on every
 * client (a client scope has no permission of its own).
 */
function mayListClientScopes(ctx: AdminRequestContext): boolean {
  return ctx.has("query-clients") || ctx.mayAllClients("view");
}
function requireClientScopes(ctx: AdminRequestContext, access: "view" | "manage"): void {
  if (!ctx.mayAllClients(access)) throw forbidden();
}

/** /admin/realms/{realm}/client-scopes and /client-scopes/{id}. */
export async function registerClientScopeRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  const { db } = server;
  const base = "/admin/realms/:realm/client-scopes";

  app.get(base, async (req) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    if (!mayListClientScopes(ctx)) throw forbidden();
    if (!ctx.mayAllClients("view")) return [];
    return db.list("clientScopes", ctx.realm.id).map(clientScopeRepresentation);
  });

  app.post(base, { schema: { body: ClientScopeSchema } }, async (req, reply) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    requireClientScopes(ctx, "manage");
    const input = objectBody(req.body);
    const name = validateScopeName(input.name);
    const protocol = validateScopeProtocol(input.protocol);
    if (clientScopeByName(db, ctx.realm, name)) throw conflict(`Client Scope ${name} already exists`);
    const attributes: Record<string, string> = {};
    for (const [key, value] of Object.entries(scopeAttributes(input.attributes)))
      if (value !== null) attributes[key] = value;
    const scope: ClientScopeRecord = {
      id: typeof input.id === "string" && input.id && !db.get("clientScopes", input.id) ? input.id : newId(),
      realmId: ctx.realm.id,
      name,
      protocol,
      attributes,
      protocolMappers: Array.isArray(input.protocolMappers)
        ? input.protocolMappers.map((m) => mapperFromRepresentation(m, protocol))
        : [],
      scopeRoleIds: [],
    };
    if (typeof input.description === "string") scope.description = input.description;
    await db.write((tx) => tx.put("clientScopes", scope));
    await adminEvent(server, ctx, "CREATE", "CLIENT_SCOPE", `client-scopes/${scope.id}`, input);
    return created(reply, server, adminPath(ctx.realm.realm, "client-scopes", scope.id));
  });

  app.get(`${base}/:id`, async (req) => {
    const { realm, id } = paramsOf<"id">(req);
    const ctx = await adminContext(server, req, realm);
    if (!mayListClientScopes(ctx)) throw forbidden();
    const scope = requireClientScope(db, ctx.realm, id);
    requireClientScopes(ctx, "view");
    return clientScopeRepresentation(scope);
  });

  app.put(`${base}/:id`, { schema: { body: ClientScopeSchema } }, async (req, reply) => {
    const { realm, id } = paramsOf<"id">(req);
    const ctx = await adminContext(server, req, realm);
    if (!mayListClientScopes(ctx)) throw forbidden();
    const scope = requireClientScope(db, ctx.realm, id);
    requireClientScopes(ctx, "manage");
    const input = objectBody(req.body);
    const name = input.name === undefined || input.name === null ? scope.name : validateScopeName(input.name);
    const protocol =
      typeof input.protocol === "string" && input.protocol ? validateScopeProtocol(input.protocol) : scope.protocol;
    const sameName = clientScopeByName(db, ctx.realm, name);
    if (sameName && sameName.id !== scope.id) throw conflict(`Client Scope ${name} already exists`);
    await db.write((tx) => {
      scope.name = name;
      scope.protocol = protocol;
      if (typeof input.description === "string") scope.description = input.description;
      for (const [key, value] of Object.entries(scopeAttributes(input.attributes))) {
        if (value === null) delete scope.attributes[key];
        else scope.attributes[key] = value;
      }
      tx.put("clientScopes", scope);
    });
    await adminEvent(server, ctx, "UPDATE", "CLIENT_SCOPE", `client-scopes/${scope.id}`, input);
    return noContent(reply);
  });

  // Keycloak 26 unlinks a deleted scope from every client, the realm defaults and user consents.
  app.delete(`${base}/:id`, async (req, reply) => {
    const { realm, id } = paramsOf<"id">(req);
    const ctx = await adminContext(server, req, realm);
    if (!mayListClientScopes(ctx)) throw forbidden();
    const scope = requireClientScope(db, ctx.realm, id);
    requireClientScopes(ctx, "manage");
    if (db.count("clientScopes", ctx.realm.id) <= 1) {
      throw new HttpError(403, { errorMessage: "You are not allowed to delete all the client scopes." });
    }
    await db.write((tx) => {
      for (const client of db.iterate("clients", ctx.realm.id)) {
        if (!client.defaultClientScopeIds.includes(scope.id) && !client.optionalClientScopeIds.includes(scope.id))
          continue;
        client.defaultClientScopeIds = client.defaultClientScopeIds.filter((linked) => linked !== scope.id);
        client.optionalClientScopeIds = client.optionalClientScopeIds.filter((linked) => linked !== scope.id);
        tx.put("clients", client);
      }
      const realmRecord = db.get("realms", ctx.realm.id) ?? ctx.realm;
      if (
        realmRecord.defaultClientScopeIds.includes(scope.id) ||
        realmRecord.optionalClientScopeIds.includes(scope.id)
      ) {
        realmRecord.defaultClientScopeIds = realmRecord.defaultClientScopeIds.filter((linked) => linked !== scope.id);
        realmRecord.optionalClientScopeIds = realmRecord.optionalClientScopeIds.filter((linked) => linked !== scope.id);
        tx.put("realms", realmRecord);
      }
      for (const user of db.iterate("users", ctx.realm.id)) {
        if (!user.consents.some((consent) => consent.grantedClientScopeIds.includes(scope.id))) continue;
        for (const consent of user.consents)
          consent.grantedClientScopeIds = consent.grantedClientScopeIds.filter((granted) => granted !== scope.id);
        tx.put("users", user);
      }
      tx.delete("clientScopes", scope.id);
    });
    await adminEvent(server, ctx, "DELETE", "CLIENT_SCOPE", `client-scopes/${scope.id}`);
    return noContent(reply);
  });
}
