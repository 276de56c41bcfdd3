import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context.ts";
import type { AuthzScopeRecord, ClientRecord } from "../../store/types.ts";
import type { Db } from "../../store/db.ts";
import { notFound } from "../../http/errors.ts";
import { adminEvent } from "../common/admin-event.ts";
import { objectBody } from "../common/body.ts";
import { intParam, paramsOf, queryOf, stringParam } from "../common/query.ts";
import { noContent } from "../common/reply.ts";
import { authzRequest, AUTHZ_BASE } from "./access.ts";
import { findInServer, page, serverPolicies, serverResources, serverScopes } from "./authz-store.ts";
import { deleteScope, scopeFromInput, scopeInUse, scopeToCreate } from "./authz-writes.ts";
import { policyRepresentation, resourceRepresentation, scopeRepresentation } from "./representations.ts";
import { byName } from "./resource-routes.ts";
import { AssociationQuery, PolicySearchQuery, ScopeQuery, ScopeSchema } from "./schemas.ts";

function requireScope(db: Db, client: ClientRecord, id: string): AuthzScopeRecord {
  const scope = findInServer<AuthzScopeRecord>(db, "authzScopes", client, id);
  if (!scope) throw notFound();
  return scope;
}

/** `/authz/resource-server/scope`: paged search by name, resources and permissions of a scope (paged too). */
export async function registerScopeRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  const { db } = server;
  const base = `${AUTHZ_BASE}/scope`;

  app.get(base, { schema: { querystring: ScopeQuery } }, async (req) => {
    const { client } = await authzRequest(server, req, false);
    const query = queryOf(req);
    const name = stringParam(query, "name")?.toLowerCase();
    const scopeId = stringParam(query, "scopeId");
    const matches = serverScopes(db, client)
      .filter((s) => (!scopeId || s.id === scopeId) && (!name || s.name.toLowerCase().includes(name)))
      .sort(byName);
    return page(matches, intParam(query, "first"), intParam(query, "max")).map(scopeRepresentation);
  });

  app.get(`${base}/search`, { schema: { querystring: PolicySearchQuery } }, async (req, reply) => {
    const { client } = await authzRequest(server, req, false);
    const name = stringParam(queryOf(req), "name");
    const found = name ? serverScopes(db, client).find((s) => s.name === name) : undefined;
    if (!found) return reply.status(204).send();
    return scopeRepresentation(found);
  });

  app.post(base, { schema: { body: ScopeSchema } }, async (req, reply) => {
    const { ctx, client } = await authzRequest(server, req, true);
    const input = objectBody(req.body);
    const scope = scopeToCreate(db, ctx.realm, client, input);
    await db.write((tx) => tx.put("authzScopes", scope));
    await adminEvent(
      server,
      ctx,
      "CREATE",
      "AUTHORIZATION_SCOPE",
      `clients/${client.id}/authz/resource-server/scope/${scope.id}`,
      input,
    );
    return reply.status(201).send(scopeRepresentation(scope));
  });

  app.get(`${base}/:scopeId`, async (req) => {
    const { client } = await authzRequest(server, req, false);
    return scopeRepresentation(requireScope(db, client, paramsOf<"scopeId">(req).scopeId));
  });

  app.put(`${base}/:scopeId`, { schema: { body: ScopeSchema } }, async (req, reply) => {
    const { ctx, client } = await authzRequest(server, req, true);
    const existing = requireScope(db, client, paramsOf<"scopeId">(req).scopeId);
    const input = objectBody(req.body);
    const scope = scopeFromInput(db, ctx.realm, client, input, existing);
    await db.write((tx) => tx.put("authzScopes", scope));
    await adminEvent(
      server,
      ctx,
      "UPDATE",
      "AUTHORIZATION_SCOPE",
      `clients/${client.id}/authz/resource-server/scope/${scope.id}`,
      input,
    );
    return noContent(reply);
  });

  app.delete(`${base}/:scopeId`, async (req, reply) => {
    const { ctx, client } = await authzRequest(server, req, true);
    const scope = requireScope(db, client, paramsOf<"scopeId">(req).scopeId);
    const refused = scopeInUse(db, client, scope);
    if (refused) throw refused;
    await db.write((tx) => deleteScope(db, tx, client, scope));
    await adminEvent(
      server,
      ctx,
      "DELETE",
      "AUTHORIZATION_SCOPE",
      `clients/${client.id}/authz/resource-server/scope/${scope.id}`,
    );
    return noContent(reply);
  });

  app.get(`${base}/:scopeId/resources`, { schema: { querystring: AssociationQuery } }, async (req) => {
    const { client } = await authzRequest(server, req, false);
    const scope = requireScope(db, client, paramsOf<"scopeId">(req).scopeId);
    const query = queryOf(req);
    const resources = serverResources(db, client)
      .filter((r) => r.scopeIds.includes(scope.id))
      .sort(byName);
    return page(resources, intParam(query, "first"), intParam(query, "max")).map((r) =>
      resourceRepresentation(db, client, r, false),
    );
  });

  app.get(`${base}/:scopeId/permissions`, { schema: { querystring: AssociationQuery } }, async (req) => {
    const { client } = await authzRequest(server, req, false);
    const scope = requireScope(db, client, paramsOf<"scopeId">(req).scopeId);
    const query = queryOf(req);
    const permissions = serverPolicies(db, client)
      .filter((p) => p.type === "scope" && p.scopeIds.includes(scope.id))
      .sort(byName);
    return page(permissions, intParam(query, "first"), intParam(query, "max")).map(policyRepresentation);
  });
}
