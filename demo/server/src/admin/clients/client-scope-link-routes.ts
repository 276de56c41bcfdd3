import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context.ts";
import { adminContext } from "../../access/admin-context.ts";
import { badRequest, notFound } from "../../http/errors.ts";
import { clientProtocol } from "./lookups.ts";
import { adminEvent } from "../common/admin-event.ts";
import { noContent } from "../common/reply.ts";
import { paramsOf } from "../common/query.ts";
import { requireClient } from "../common/lookups.ts";
import { NoBody } from "../common/schemas.ts";

type Kind = "default" | "optional";

/** /clients/{id}/default-client-scopes and /optional-client-scopes. */
export async function registerClientScopeLinkRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  const { db } = server;
  for (const kind of ["default", "optional"] as Kind[]) {
    const path = `/admin/realms/:realm/clients/:id/${kind}-client-scopes`;
    const listOf = (client: { defaultClientScopeIds: string[]; optionalClientScopeIds: string[] }) =>
      kind === "default" ? client.defaultClientScopeIds : client.optionalClientScopeIds;

    app.get(path, async (req) => {
      const { realm, id } = paramsOf<"id">(req);
      const ctx = await adminContext(server, req, realm);
      const client = requireClient(db, ctx, id);
      ctx.requireClientScope("view", client);
      return listOf(client)
        .map((scopeId) => db.get("clientScopes", scopeId))
        .filter((scope) => scope !== undefined)
        .map((scope) => ({ id: scope.id, name: scope.name }));
    });

    app.put(`${path}/:scopeId`, { schema: { body: NoBody } }, async (req, reply) => {
      const { realm, id, scopeId } = paramsOf<"id" | "scopeId">(req);
      const ctx = await adminContext(server, req, realm);
      const client = requireClient(db, ctx, id);
      ctx.requireClientScope("manage", client);
      const scope = db.get("clientScopes", scopeId);
      if (!scope || scope.realmId !== ctx.realm.id) throw notFound("Client scope not found");
      if (kind === "default" && scope.attributes["is.dynamic.scope"] === "true") {
        throw badRequest("Can't assign a Dynamic Scope to a Client as a Default Scope");
      }
      // Keycloak silently skips scopes of another protocol and scopes the client already has.
      const alreadyLinked =
        client.defaultClientScopeIds.includes(scope.id) || client.optionalClientScopeIds.includes(scope.id);
      if (scope.protocol === clientProtocol(client) && !alreadyLinked) {
        await db.write((tx) => {
          listOf(client).push(scope.id);
          tx.put("clients", client);
        });
      }
      await adminEvent(server, ctx, "UPDATE", "CLIENT", `clients/${client.id}/${kind}-client-scopes/${scope.id}`, {
        id: scope.id,
        name: scope.name,
      });
      return noContent(reply);
    });

    app.delete(`${path}/:scopeId`, async (req, reply) => {
      const { realm, id, scopeId } = paramsOf<"id" | "scopeId">(req);
      const ctx = await adminContext(server, req, realm);
      const client = requireClient(db, ctx, id);
      ctx.requireClientScope("manage", client);
      const scope = db.get("clientScopes", scopeId);
      if (!scope || scope.realmId !== ctx.realm.id) throw notFound("Client scope not found");
      await db.write((tx) => {
        client.defaultClientScopeIds = client.defaultClientScopeIds.filter((linked) => linked !== scope.id);
        client.optionalClientScopeIds = client.optionalClientScopeIds.filter((linked) => linked !== scope.id);
        tx.put("clients", client);
      });
      await adminEvent(server, ctx, "UPDATE", "CLIENT", `clients/${client.id}/${kind}-client-scopes/${scope.id}`, {
        id: scope.id,
        name: scope.name,
      });
      return noContent(reply);
    });
  }
}
