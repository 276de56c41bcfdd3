import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context.ts";
import { adminContext } from "../../access/admin-context.ts";
import { forbidden, notFound } from "../../http/errors.ts";
import { adminEvent } from "../common/admin-event.ts";
import { noContent } from "../common/reply.ts";
import { paramsOf } from "../common/query.ts";
import { NoBody } from "../common/schemas.ts";

type Kind = "default" | "optional";

/** /admin/realms/{realm}/default-default-client-scopes and /default-optional-client-scopes. */
export async function registerRealmDefaultScopeRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  const { db } = server;
  for (const kind of ["default", "optional"] as Kind[]) {
    const path = `/admin/realms/:realm/default-${kind}-client-scopes`;
    const field = kind === "default" ? "defaultClientScopeIds" : "optionalClientScopeIds";
    const otherField = kind === "default" ? "optionalClientScopeIds" : "defaultClientScopeIds";

    app.get(path, async (req) => {
      const ctx = await adminContext(server, req, paramsOf(req).realm);
      // Keycloak: requireViewClientScopes (view-clients, or v2 view on every client).
      if (!ctx.mayAllClients("view")) throw forbidden();
      return ctx.realm[field]
        .map((id) => db.get("clientScopes", id))
        .filter((scope) => scope !== undefined)
        .map((scope) => ({ id: scope.id, name: scope.name }));
    });

    app.put(`${path}/:scopeId`, { schema: { body: NoBody } }, async (req, reply) => {
      const { realm, scopeId } = paramsOf<"scopeId">(req);
      const ctx = await adminContext(server, req, realm);
      ctx.require("manage-realm");
      const scope = db.get("clientScopes", scopeId);
      if (!scope || scope.realmId !== ctx.realm.id) throw notFound("Client scope not found");
      const realmRecord = db.get("realms", ctx.realm.id) ?? ctx.realm;
      if (!realmRecord[field].includes(scope.id)) {
        await db.write((tx) => {
          realmRecord[otherField] = realmRecord[otherField].filter((id) => id !== scope.id);
          realmRecord[field] = [...realmRecord[field], scope.id];
          tx.put("realms", realmRecord);
        });
      }
      await adminEvent(server, ctx, "CREATE", "REALM", `default-${kind}-client-scopes/${scope.id}`, {
        id: scope.id,
        name: scope.name,
      });
      return noContent(reply);
    });

    app.delete(`${path}/:scopeId`, async (req, reply) => {
      const { realm, scopeId } = paramsOf<"scopeId">(req);
      const ctx = await adminContext(server, req, realm);
      ctx.require("manage-realm");
      const scope = db.get("clientScopes", scopeId);
      if (!scope || scope.realmId !== ctx.realm.id) throw notFound("Client scope not found");
      const realmRecord = db.get("realms", ctx.realm.id) ?? ctx.realm;
      if (realmRecord[field].includes(scope.id)) {
        await db.write((tx) => {
          realmRecord[field] = realmRecord[field].filter((id) => id !== scope.id);
          tx.put("realms", realmRecord);
        });
      }
      await adminEvent(server, ctx, "DELETE", "REALM", `default-${kind}-client-scopes/${scope.id}`);
      return noContent(reply);
    });
  }
}
