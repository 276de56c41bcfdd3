import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context.ts";
import type { AuthzResourceRecord, AuthzScopeRecord, ClientRecord } from "../../store/types.ts";
import type { Db } from "../../store/db.ts";
import { notFound } from "../../http/errors.ts";
import { adminEvent } from "../common/admin-event.ts";
import { objectBody } from "../common/body.ts";
import { intParam, paramsOf, queryOf, stringParam, type Query } from "../common/query.ts";
import { noContent } from "../common/reply.ts";
import { authzRequest, AUTHZ_BASE } from "./access.ts";
import { findInServer, page, serverPolicies, serverResources, serverScopes } from "./authz-store.ts";
import { deleteResource, resourceFromInput } from "./authz-writes.ts";
import { policyRepresentation, resourceRepresentation, scopeRepresentation } from "./representations.ts";
import { AssociationQuery, PolicySearchQuery, ResourceQuery, ResourceSchema } from "./schemas.ts";

export const byName = <T extends { name: string }>(a: T, b: T) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
const contains = (value: string | undefined, wanted: string) =>
  (value ?? "").toLowerCase().includes(wanted.toLowerCase());

export function requireResource(db: Db, client: ClientRecord, id: string): AuthzResourceRecord {
  const resource = findInServer<AuthzResourceRecord>(db, "authzResources", client, id);
  if (!resource) throw notFound();
  return resource;
}

/** The username of a resource's owner, or the resource server's clientId when it owns the resource. */
export const resourceOwnerName = (db: Db, client: ClientRecord, resource: AuthzResourceRecord): string =>
  resource.ownerId === client.id ? client.clientId : (db.get("users", resource.ownerId)?.username ?? resource.ownerId);

/** Permissions that apply to a resource: by resource, by its type, and scope permissions on its scopes. */
export function resourcePermissions(db: Db, client: ClientRecord, resource: AuthzResourceRecord) {
  return serverPolicies(db, client).filter(
    (p) =>
      (p.type === "resource" &&
        (p.resourceIds.includes(resource.id) || (!!resource.type && p.config.defaultResourceType === resource.type))) ||
      (p.type === "scope" &&
        (p.resourceIds.includes(resource.id) ||
          (p.resourceIds.length === 0 && p.scopeIds.some((id) => resource.scopeIds.includes(id))))),
  );
}

/**
 * The resources a search names, sorted by name, as Keycloak's ResourceSetService.find answers both the admin resource
 * list and UMA's `resource_set`: name partly (or whole, with exactName) and type and scope name partly, uri whole, all
 * ignoring case; owner by id or username (the resource server's clientId) exactly.
 */
export function matchingResources(db: Db, client: ClientRecord, query: Query): AuthzResourceRecord[] {
  const id = stringParam(query, "_id");
  const name = stringParam(query, "name");
  const exactName = stringParam(query, "exactName")?.toLowerCase() === "true";
  const uri = stringParam(query, "uri")?.toLowerCase();
  const owner = stringParam(query, "owner");
  const type = stringParam(query, "type");
  const scope = stringParam(query, "scope");
  const scopeIds = scope
    ? new Set(
        serverScopes(db, client)
          .filter((s) => contains(s.name, scope))
          .map((s) => s.id),
      )
    : undefined;
  return serverResources(db, client)
    .filter(
      (r) =>
        (!id || r.id === id) &&
        (!name || (exactName ? r.name.toLowerCase() === name.toLowerCase() : contains(r.name, name))) &&
        (!uri || r.uris.some((u) => u.toLowerCase() === uri)) &&
        (!owner || r.ownerId === owner || resourceOwnerName(db, client, r) === owner) &&
        (!type || contains(r.type, type)) &&
        (!scopeIds || r.scopeIds.some((s) => scopeIds.has(s))),
    )
    .sort(byName);
}

/** `/authz/resource-server/resource`: paged search by name, type, owner, uri and scope; associations. */
export async function registerResourceRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  const { db } = server;
  const base = `${AUTHZ_BASE}/resource`;

  app.get(base, { schema: { querystring: ResourceQuery } }, async (req) => {
    const { client } = await authzRequest(server, req, false);
    const query = queryOf(req);
    const deep = stringParam(query, "deep")?.toLowerCase() !== "false";
    const matches = matchingResources(db, client, query);
    return page(matches, intParam(query, "first"), intParam(query, "max")).map((r) =>
      resourceRepresentation(db, client, r, deep),
    );
  });

  app.get(`${base}/search`, { schema: { querystring: PolicySearchQuery } }, async (req, reply) => {
    const { client } = await authzRequest(server, req, false);
    const name = stringParam(queryOf(req), "name");
    const found = name ? serverResources(db, client).find((r) => r.name === name) : undefined;
    if (!found) return reply.status(204).send();
    return resourceRepresentation(db, client, found);
  });

  app.post(base, { schema: { body: ResourceSchema } }, async (req, reply) => {
    const { ctx, client } = await authzRequest(server, req, true);
    const input = objectBody(req.body);
    const createdScopes = new Map<string, AuthzScopeRecord>();
    const resource = resourceFromInput(db, ctx.realm, client, input, undefined, createdScopes);
    await db.write((tx) => {
      for (const scope of createdScopes.values()) tx.put("authzScopes", scope);
      tx.put("authzResources", resource);
    });
    await adminEvent(
      server,
      ctx,
      "CREATE",
      "AUTHORIZATION_RESOURCE",
      `clients/${client.id}/authz/resource-server/resource/${resource.id}`,
      input,
    );
    return reply.status(201).send(resourceRepresentation(db, client, resource));
  });

  app.get(`${base}/:resourceId`, async (req) => {
    const { client } = await authzRequest(server, req, false);
    return resourceRepresentation(db, client, requireResource(db, client, paramsOf<"resourceId">(req).resourceId));
  });

  app.put(`${base}/:resourceId`, { schema: { body: ResourceSchema } }, async (req, reply) => {
    const { ctx, client } = await authzRequest(server, req, true);
    const existing = requireResource(db, client, paramsOf<"resourceId">(req).resourceId);
    const input = objectBody(req.body);
    const createdScopes = new Map<string, AuthzScopeRecord>();
    const resource = resourceFromInput(db, ctx.realm, client, input, existing, createdScopes);
    await db.write((tx) => {
      for (const scope of createdScopes.values()) tx.put("authzScopes", scope);
      tx.put("authzResources", resource);
    });
    await adminEvent(
      server,
      ctx,
      "UPDATE",
      "AUTHORIZATION_RESOURCE",
      `clients/${client.id}/authz/resource-server/resource/${resource.id}`,
      input,
    );
    return noContent(reply);
  });

  app.delete(`${base}/:resourceId`, async (req, reply) => {
    const { ctx, client } = await authzRequest(server, req, true);
    const resource = requireResource(db, client, paramsOf<"resourceId">(req).resourceId);
    await db.write((tx) => deleteResource(db, tx, client, resource));
    await adminEvent(
      server,
      ctx,
      "DELETE",
      "AUTHORIZATION_RESOURCE",
      `clients/${client.id}/authz/resource-server/resource/${resource.id}`,
    );
    return noContent(reply);
  });

  app.get(`${base}/:resourceId/attributes`, async (req) => {
    const { client } = await authzRequest(server, req, false);
    return structuredClone(requireResource(db, client, paramsOf<"resourceId">(req).resourceId).attributes);
  });

  app.get(`${base}/:resourceId/scopes`, { schema: { querystring: AssociationQuery } }, async (req) => {
    const { client } = await authzRequest(server, req, false);
    const resource = requireResource(db, client, paramsOf<"resourceId">(req).resourceId);
    const scopes = resource.scopeIds
      .map((id) => db.get("authzScopes", id))
      .filter((s): s is AuthzScopeRecord => s !== undefined);
    const query = queryOf(req);
    return page(scopes, intParam(query, "first"), intParam(query, "max")).map(scopeRepresentation);
  });

  app.get(`${base}/:resourceId/permissions`, { schema: { querystring: AssociationQuery } }, async (req) => {
    const { client } = await authzRequest(server, req, false);
    const resource = requireResource(db, client, paramsOf<"resourceId">(req).resourceId);
    const query = queryOf(req);
    return page(
      resourcePermissions(db, client, resource).sort(byName),
      intParam(query, "first"),
      intParam(query, "max"),
    ).map(policyRepresentation);
  });
}
