import type { FastifyInstance, FastifyRequest } from "fastify";
import { Type } from "typebox";
import type { ServerContext } from "../context.ts";
import type { AuthzResourceRecord, AuthzScopeRecord, ClientRecord, RealmRecord } from "../store/types.ts";
import { HttpError } from "../http/errors.ts";
import { frontendUrl } from "../http/frontend-url.ts";
import { bearerToken } from "../access/bearer.ts";
import { verifyToken } from "../oidc/verify-token.ts";
import { clientByClientId, realmByName } from "../oidc/lookup.ts";
import { arrayBody, objectBody } from "../admin/common/body.ts";
import { intParam, paramsOf, queryOf, stringParam } from "../admin/common/query.ts";
import { noContent } from "../admin/common/reply.ts";
import { Representation } from "../admin/common/schemas.ts";
import { page, serverScopes } from "../admin/authorization/authz-store.ts";
import { authzError, deleteResource, resourceFromInput } from "../admin/authorization/authz-writes.ts";
import { resourceRepresentation } from "../admin/authorization/representations.ts";
import { matchingResources, requireResource } from "../admin/authorization/resource-routes.ts";
import { ResourceQuery, ResourceSchema } from "../admin/authorization/schemas.ts";
import { issuePermissionTicket, type TicketPermission } from "./permission-ticket.ts";
import { tokenUserId } from "../access/token-user.ts";

const PROTECTION = "/realms/:realm/authz/protection";

/** UMA's resource description: Keycloak's ResourceRepresentation read with `resource_scopes` (or `scopes`). */
const UmaResourceSchema = Representation("UmaResourceRepresentation", {
  ...ResourceSchema.properties,
  owner: Type.Optional(Type.Any()),
  resource_scopes: ResourceSchema.properties.scopes,
});

export interface ProtectionRequest {
  realm: RealmRecord;
  /** The resource server whose protection API token (PAT) was sent. */
  client: ClientRecord;
  /** The PAT's subject. */
  subject: string;
  baseUrl: string;
}

/** The realm and resource server of a protection API call, from its PAT; 403 as Keycloak answers without one. */
export async function protectionRequest(server: ServerContext, req: FastifyRequest): Promise<ProtectionRequest> {
  const realm = realmByName(server.db, paramsOf(req).realm);
  if (!realm) throw new HttpError(404, { error: "Realm does not exist" });
  const baseUrl = frontendUrl(server, req);
  const token = bearerToken(req);
  const verified = token ? await verifyToken(server, baseUrl, token, "Bearer", realm.realm) : undefined;
  const subject = verified ? tokenUserId(server.db, realm, verified.payload) : undefined;
  if (!verified || !subject)
    throw authzError(403, "invalid_bearer_token", "Could not obtain bearer access_token from request.");
  const azp = verified.payload.azp ?? "";
  const client = clientByClientId(server.db, realm, azp);
  if (!client || (!client.authorization && client.rep.authorizationServicesEnabled !== true))
    throw authzError(403, "invalid_clientId", `Client application [${azp}] is not registered as a resource server.`);
  return { realm, client, subject, baseUrl };
}

const scopeNames = (server: ServerContext, resource: AuthzResourceRecord) =>
  resource.scopeIds
    .map((id) => server.db.get("authzScopes", id))
    .filter((scope): scope is AuthzScopeRecord => scope !== undefined);

/** The resource as the protection API writes it: `resource_scopes` beside `scopes`, owner by id only when read. */
function umaRepresentation(server: ServerContext, client: ClientRecord, resource: AuthzResourceRecord, read: boolean) {
  const { attributes, scopes: _adminScopes, ...rep } = resourceRepresentation(server.db, client, resource, true);
  void _adminScopes;
  const scopes = scopeNames(server, resource).map((scope) =>
    read ? { name: scope.name } : { id: scope.id, name: scope.name },
  );
  return {
    ...rep,
    ...(read ? { owner: { id: resource.ownerId }, attributes } : {}),
    resource_scopes: scopes,
    ...(scopes.length > 0 ? { scopes } : {}),
  };
}

/**
 * The body as the admin resource writer reads it: UMA's `resource_scopes` as scopes. Keycloak 26.7 ignores a
 * body's `owner` here: what a PAT registers belongs to its resource server.
 */
function adminInput(body: unknown): Record<string, unknown> {
  const { resource_scopes, owner: _owner, ...rest } = objectBody(body);
  void _owner;
  return { ...rest, scopes: resource_scopes ?? rest.scopes };
}

/** The permission endpoint's body: `[{resource_id, resource_scopes}]`, every resource and scope checked. */
function ticketPermissions(server: ServerContext, client: ClientRecord, body: unknown): TicketPermission[] {
  const requested = arrayBody(body);
  if (requested.length === 0) throw authzError(400, "invalid_permission_request", "Invalid permission request.");
  const scopes = new Set(serverScopes(server.db, client).map((scope) => scope.name));
  return requested.map((entry) => {
    const rsid = typeof entry.resource_id === "string" ? entry.resource_id : "";
    const resource = rsid ? server.db.get("authzResources", rsid) : undefined;
    if (!resource || resource.resourceServerId !== client.id)
      throw authzError(400, "invalid_resource_id", `Resource set with id [${rsid}] does not exists in this server.`);
    const names = Array.isArray(entry.resource_scopes) ? entry.resource_scopes.map(String) : [];
    for (const name of names)
      if (!scopes.has(name)) throw authzError(400, "invalid_scope", `Scope [${name}] is invalid`);
    return { rsid: resource.id, scopes: names };
  });
}

/**
 * UMA's protection API under `/realms/{realm}/authz/protection`, called with a resource server's PAT (its
 * client-credentials token): the resource registration endpoint (`resource_set`) and the permission endpoint.
 */
export async function registerProtectionRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  const { db } = server;
  const resourceSet = `${PROTECTION}/resource_set`;

  app.post(resourceSet, { schema: { body: UmaResourceSchema } }, async (req, reply) => {
    const { realm, client } = await protectionRequest(server, req);
    const createdScopes = new Map<string, AuthzScopeRecord>();
    const resource = resourceFromInput(db, realm, client, adminInput(req.body), undefined, createdScopes);
    await db.write((tx) => {
      for (const scope of createdScopes.values()) tx.put("authzScopes", scope);
      tx.put("authzResources", resource);
    });
    return reply.status(201).send(umaRepresentation(server, client, resource, false));
  });

  app.get(resourceSet, { schema: { querystring: ResourceQuery } }, async (req) => {
    const { client } = await protectionRequest(server, req);
    const query = queryOf(req);
    const matches = matchingResources(db, client, query);
    const found = page(matches, intParam(query, "first"), intParam(query, "max"));
    if (stringParam(query, "deep")?.toLowerCase() === "true")
      return found.map((r) => resourceRepresentation(db, client, r, true));
    return found.map((r) => r.id);
  });

  app.get(`${resourceSet}/:resourceId`, async (req) => {
    const { client } = await protectionRequest(server, req);
    const resource = requireResource(db, client, paramsOf<"resourceId">(req).resourceId);
    return umaRepresentation(server, client, resource, true);
  });

  app.put(`${resourceSet}/:resourceId`, { schema: { body: UmaResourceSchema } }, async (req, reply) => {
    const { realm, client } = await protectionRequest(server, req);
    const existing = requireResource(db, client, paramsOf<"resourceId">(req).resourceId);
    const createdScopes = new Map<string, AuthzScopeRecord>();
    const resource = resourceFromInput(db, realm, client, adminInput(req.body), existing, createdScopes);
    await db.write((tx) => {
      for (const scope of createdScopes.values()) tx.put("authzScopes", scope);
      tx.put("authzResources", resource);
    });
    return noContent(reply);
  });

  app.delete(`${resourceSet}/:resourceId`, async (req, reply) => {
    const { client } = await protectionRequest(server, req);
    const resource = requireResource(db, client, paramsOf<"resourceId">(req).resourceId);
    await db.write((tx) => deleteResource(db, tx, client, resource));
    return noContent(reply);
  });

  app.post(`${PROTECTION}/permission`, { schema: { body: Type.Unknown() } }, async (req, reply) => {
    const { realm, client, subject, baseUrl } = await protectionRequest(server, req);
    const permissions = ticketPermissions(server, client, req.body);
    const ticket = await issuePermissionTicket(server, baseUrl, realm, {
      sub: subject,
      azp: client.clientId,
      permissions,
    });
    return reply.status(201).send({ ticket });
  });
}
