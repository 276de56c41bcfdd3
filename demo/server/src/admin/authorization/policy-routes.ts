import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ServerContext } from "../../context.ts";
import type { AuthzPolicyRecord, AuthzResourceRecord, AuthzScopeRecord, ClientRecord } from "../../store/types.ts";
import type { Db } from "../../store/db.ts";
import { notFound } from "../../http/errors.ts";
import { adminEvent } from "../common/admin-event.ts";
import { objectBody } from "../common/body.ts";
import { intParam, paramsOf, queryOf, stringParam, type Query } from "../common/query.ts";
import { noContent } from "../common/reply.ts";
import { authzRequest, AUTHZ_BASE } from "./access.ts";
import {
  findInServer,
  isPermission,
  page,
  PERMISSION_TYPES,
  serverPolicies,
  serverResources,
  serverScopes,
} from "./authz-store.ts";
import { deletePolicy, policyFromInput } from "./authz-writes.ts";
import { adminPermissionFromInput } from "../../access/admin-permissions/permission-input.ts";
import { isAdminPermissionsClient } from "../../access/admin-permissions/setup.ts";
import { POLICY_PROVIDERS, POLICY_TYPES, PERMISSION_TYPE_NAMES } from "./policy-types.ts";
import {
  policyRepresentation,
  resourceRepresentation,
  scopeRepresentation,
  typedPolicyRepresentation,
} from "./representations.ts";
import { byName } from "./resource-routes.ts";
import { AssociationQuery, PolicyQuery, PolicySchema, PolicySearchQuery } from "./schemas.ts";

const ASSOCIATIONS = new Set(["associatedPolicies", "dependentPolicies", "scopes", "resources"]);

function requirePolicy(db: Db, client: ClientRecord, id: string): AuthzPolicyRecord {
  const policy = findInServer<AuthzPolicyRecord>(db, "authzPolicies", client, id);
  if (!policy) throw notFound();
  return policy;
}

/** The policy list's filters, as Keycloak's `GET /policy` and `GET /permission` read them. */
function filterPolicies(
  db: Db,
  client: ClientRecord,
  query: Query,
  permissions: boolean | undefined,
): AuthzPolicyRecord[] {
  const name = stringParam(query, "name")?.toLowerCase();
  const type = stringParam(query, "type");
  const resourceType = stringParam(query, "resourceType");
  const policyId = stringParam(query, "policyId");
  const resource = stringParam(query, "resource");
  const scope = stringParam(query, "scope");
  const resourceIds = resource
    ? new Set(
        serverResources(db, client)
          .filter((r) => r.id === resource || r.name.toLowerCase().includes(resource.toLowerCase()))
          .map((r) => r.id),
      )
    : undefined;
  const scopeIds = scope
    ? new Set(
        serverScopes(db, client)
          .filter((s) => s.id === scope || s.name.toLowerCase().includes(scope.toLowerCase()))
          .map((s) => s.id),
      )
    : undefined;
  return serverPolicies(db, client)
    .filter(
      (p) =>
        (permissions === undefined || isPermission(p) === permissions) &&
        (!policyId || p.id === policyId) &&
        (!name || p.name.toLowerCase().includes(name)) &&
        (!type || p.type === type) &&
        (!resourceType || p.config.resourceType === resourceType) &&
        (!resourceIds || p.resourceIds.some((id) => resourceIds.has(id))) &&
        (!scopeIds || p.scopeIds.some((id) => scopeIds.has(id))),
    )
    .sort(byName);
}

function permissionFlag(query: Query): boolean | undefined {
  const raw = stringParam(query, "permission");
  return raw === undefined ? undefined : raw.toLowerCase() === "true";
}

/** `/policy` and `/permission`: lists, typed create / read / update, delete, associations, providers, search. */
export async function registerPolicyRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  const { db } = server;

  for (const kind of ["policy", "permission"] as const) {
    const base = `${AUTHZ_BASE}/${kind}`;
    const allowed = (type: string) =>
      kind === "permission" ? PERMISSION_TYPES.has(type) : POLICY_TYPES.includes(type) || PERMISSION_TYPES.has(type);
    const eventType = kind === "policy" ? "AUTHORIZATION_POLICY" : "AUTHORIZATION_POLICY";

    app.get(base, { schema: { querystring: PolicyQuery } }, async (req) => {
      const { client } = await authzRequest(server, req, false);
      const query = queryOf(req);
      const list = filterPolicies(db, client, query, kind === "permission" ? true : permissionFlag(query));
      return page(list, intParam(query, "first"), intParam(query, "max")).map(policyRepresentation);
    });

    app.get(`${base}/providers`, async (req) => {
      await authzRequest(server, req, false);
      return POLICY_PROVIDERS;
    });

    app.get(`${base}/search`, { schema: { querystring: PolicySearchQuery } }, async (req, reply) => {
      const { client } = await authzRequest(server, req, false);
      const name = stringParam(queryOf(req), "name");
      const found = name ? serverPolicies(db, client).find((p) => p.name === name) : undefined;
      if (!found) return reply.status(204).send();
      return policyRepresentation(found);
    });

    // `/{kind}/{type}` lists that type; `/policy/{id}` reads one policy (generic representation).
    app.get(`${base}/:policyId`, { schema: { querystring: PolicyQuery } }, async (req) => {
      const { client } = await authzRequest(server, req, false);
      const { policyId } = paramsOf<"policyId">(req);
      const query = queryOf(req);
      if (allowed(policyId) || POLICY_TYPES.includes(policyId) || PERMISSION_TYPE_NAMES.includes(policyId)) {
        const list = filterPolicies(db, client, query, undefined).filter((p) => p.type === policyId);
        return page(list, intParam(query, "first"), intParam(query, "max")).map(typedPolicyRepresentation);
      }
      return policyRepresentation(requirePolicy(db, client, policyId));
    });

    app.post(`${base}/:policyId`, { schema: { body: PolicySchema } }, async (req, reply) => {
      const { ctx, client } = await authzRequest(server, req, true);
      const type = paramsOf<"policyId">(req).policyId;
      // Keycloak has no sub-resource for an unknown type: 404 before the body is looked at.
      if (!POLICY_TYPES.includes(type) && !PERMISSION_TYPE_NAMES.includes(type)) throw notFound();
      const input = objectBody(req.body);
      const { policy, resources } = isAdminPermissionsClient(db, client)
        ? adminPermissionFromInput(db, ctx.realm, client, type, input, undefined)
        : { policy: policyFromInput(db, ctx.realm, client, type, input, undefined), resources: [] };
      if (!allowed(policy.type)) throw notFound();
      await db.write((tx) => {
        for (const resource of resources) tx.put("authzResources", resource);
        tx.put("authzPolicies", policy);
      });
      await adminEvent(
        server,
        ctx,
        "CREATE",
        eventType,
        `clients/${client.id}/authz/resource-server/${kind}/${policy.id}`,
        input,
      );
      return reply.status(201).send({ ...typedPolicyRepresentation(policy), ...echoedReferences(input, policy) });
    });

    const update = async (req: FastifyRequest, reply: FastifyReply, id: string, type: string | undefined) => {
      const { ctx, client } = await authzRequest(server, req, true);
      const existing = requirePolicy(db, client, id);
      if (type !== undefined && type !== existing.type) throw notFound();
      const input = objectBody(req.body);
      const { policy, resources } = isAdminPermissionsClient(db, client)
        ? adminPermissionFromInput(db, ctx.realm, client, existing.type, input, existing)
        : {
            policy: policyFromInput(db, ctx.realm, client, existing.type, input, existing, undefined, true),
            resources: [],
          };
      await db.write((tx) => {
        for (const resource of resources) tx.put("authzResources", resource);
        tx.put("authzPolicies", policy);
      });
      await adminEvent(
        server,
        ctx,
        "UPDATE",
        eventType,
        `clients/${client.id}/authz/resource-server/${kind}/${policy.id}`,
        input,
      );
      return noContent(reply);
    };
    const remove = async (req: FastifyRequest, reply: FastifyReply, id: string, type: string | undefined) => {
      const { ctx, client } = await authzRequest(server, req, true);
      const policy = requirePolicy(db, client, id);
      if (type !== undefined && type !== policy.type) throw notFound();
      await db.write((tx) => deletePolicy(db, tx, client, policy));
      await adminEvent(
        server,
        ctx,
        "DELETE",
        eventType,
        `clients/${client.id}/authz/resource-server/${kind}/${policy.id}`,
      );
      return noContent(reply);
    };

    app.put(`${base}/:policyId`, { schema: { body: PolicySchema } }, async (req, reply) =>
      update(req, reply, paramsOf<"policyId">(req).policyId, undefined),
    );
    app.delete(`${base}/:policyId`, async (req, reply) =>
      remove(req, reply, paramsOf<"policyId">(req).policyId, undefined),
    );

    // `/{kind}/{type}/{id}` (typed) and `/{kind}/{id}/{association}`.
    app.get(`${base}/:policyId/:second`, { schema: { querystring: AssociationQuery } }, async (req) => {
      const { client } = await authzRequest(server, req, false);
      const { policyId, second } = paramsOf<"policyId" | "second">(req);
      const query = queryOf(req);
      if (!ASSOCIATIONS.has(second)) {
        const policy = requirePolicy(db, client, second);
        if (policy.type !== policyId) throw notFound();
        return typedPolicyRepresentation(policy);
      }
      const policy = requirePolicy(db, client, policyId);
      const first = intParam(query, "first");
      const max = intParam(query, "max");
      switch (second) {
        case "associatedPolicies":
          return page(
            policy.policyIds
              .map((id) => db.get("authzPolicies", id))
              .filter((p): p is AuthzPolicyRecord => p !== undefined)
              .sort(byName),
            first,
            max,
          ).map(policyRepresentation);
        case "dependentPolicies":
          return page(
            serverPolicies(db, client)
              .filter((p) => p.policyIds.includes(policy.id))
              .sort(byName),
            first,
            max,
          ).map(policyRepresentation);
        case "scopes":
          return page(
            policy.scopeIds
              .map((id) => db.get("authzScopes", id))
              .filter((s): s is AuthzScopeRecord => s !== undefined)
              .sort(byName),
            first,
            max,
          ).map(scopeRepresentation);
        default:
          return page(
            policy.resourceIds
              .map((id) => db.get("authzResources", id))
              .filter((r): r is AuthzResourceRecord => r !== undefined)
              .sort(byName),
            first,
            max,
          ).map((r) => resourceRepresentation(db, client, r, false));
      }
    });

    app.put(`${base}/:policyId/:second`, { schema: { body: PolicySchema } }, async (req, reply) => {
      const { policyId, second } = paramsOf<"policyId" | "second">(req);
      return update(req, reply, second, policyId);
    });
    app.delete(`${base}/:policyId/:second`, async (req, reply) => {
      const { policyId, second } = paramsOf<"policyId" | "second">(req);
      return remove(req, reply, second, policyId);
    });
  }
}

/**
 * Keycloak answers a create with the representation it was given: the policies, resources and scopes it named (as
 * names or ids) come back as ids; an empty list stays empty (a scope permission on all objects of a type).
 */
function echoedReferences(input: Record<string, unknown>, policy: AuthzPolicyRecord): Record<string, string[]> {
  const echoed: Record<string, string[]> = {};
  const given = (key: string) => Array.isArray(input[key]) && (input[key] as unknown[]).length > 0;
  if (Array.isArray(input.policies)) echoed.policies = given("policies") ? policy.policyIds : [];
  if (Array.isArray(input.resources)) echoed.resources = given("resources") ? policy.resourceIds : [];
  if (Array.isArray(input.scopes)) echoed.scopes = given("scopes") ? policy.scopeIds : [];
  return echoed;
}
