import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ServerContext } from "../../context.ts";
import type { RealmRecord, RoleRecord } from "../../store/types.ts";
import { forbidden, notFound } from "../../http/errors.ts";
import type { AdminRequestContext } from "../../access/admin-context.ts";
import { realmRoles } from "./lookups.ts";
import { findClient } from "../common/lookups.ts";
import { roleRepresentation } from "./representations.ts";
import { OWNER_PREFIX, putOwner, resolveOwner, type OwnerKind, type ScopeOwner } from "./scope-owner.ts";
import { directScopeRoles, scopeChecker } from "./scope-mapping-rules.ts";
import { adminEvent } from "../common/admin-event.ts";
import { boolParam, paramsOf, queryOf } from "../common/query.ts";
import { noContent } from "../common/reply.ts";
import { clientRoles } from "../../realm/lookup.ts";
import { OptionalRoleList, RoleList } from "../groups-roles/schemas.ts";
import { ListQuery } from "../common/schemas.ts";

/** The role list a POST/DELETE sends; a DELETE without a body means "all of them", as in Keycloak. */
function rolesBody(req: FastifyRequest): Record<string, unknown>[] | undefined {
  if (req.body === undefined || req.body === null || req.body === "") return undefined;
  return Array.isArray(req.body)
    ? req.body.filter((r): r is Record<string, unknown> => !!r && typeof r === "object")
    : [];
}

/** /clients/{id}/scope-mappings/... and /client-scopes/{id}/scope-mappings/... */
/** Keycloak's ScopeMappedResource: each role added to or removed from a scope needs `map-role-client-scope`. */
function requireMapClientScope(ctx: AdminRequestContext, roles: RoleRecord[]): void {
  if (!roles.every((role) => ctx.mayRole("map-role-client-scope", role))) throw forbidden();
}

export async function registerScopeMappingRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  const { db } = server;

  const brief = (realm: RealmRecord, roles: RoleRecord[]) => roles.map((role) => roleRepresentation(realm, role));

  const addScopes = async (ctx: AdminRequestContext, owner: ScopeOwner, roles: RoleRecord[]) => {
    requireMapClientScope(ctx, roles);
    const fresh = roles.filter((role) => !owner.record.scopeRoleIds.includes(role.id));
    if (!fresh.length) return;
    await db.write((tx) => {
      owner.record.scopeRoleIds.push(...fresh.map((role) => role.id));
      putOwner(tx, owner);
    });
  };

  const removeScopes = async (ctx: AdminRequestContext, owner: ScopeOwner, roles: RoleRecord[]) => {
    requireMapClientScope(ctx, roles);
    const ids = new Set(roles.map((role) => role.id));
    if (!owner.record.scopeRoleIds.some((id) => ids.has(id))) return;
    await db.write((tx) => {
      owner.record.scopeRoleIds = owner.record.scopeRoleIds.filter((id) => !ids.has(id));
      putOwner(tx, owner);
    });
  };

  for (const kind of ["client", "client-scope"] as OwnerKind[]) {
    const base = `/admin/realms/:realm/${OWNER_PREFIX[kind]}/:id/scope-mappings`;

    app.get(base, async (req) => {
      const { ctx, owner } = await resolveOwner(server, req, kind, "view-clients");
      const mappings: Record<string, unknown> = {};
      const roles = directScopeRoles(db, owner);
      const realmMappings = roles.filter((role) => !role.clientId);
      if (realmMappings.length) mappings.realmMappings = brief(ctx.realm, realmMappings);
      const clientMappings: Record<string, { id: string; client: string; mappings: unknown[] }> = {};
      for (const role of roles) {
        if (!role.clientId) continue;
        const client = db.get("clients", role.clientId);
        if (!client) continue;
        (clientMappings[client.clientId] ??= { id: client.id, client: client.clientId, mappings: [] }).mappings.push(
          roleRepresentation(ctx.realm, role),
        );
      }
      if (Object.keys(clientMappings).length) mappings.clientMappings = clientMappings;
      return mappings;
    });

    // Realm-level roles.
    app.get(`${base}/realm`, async (req) => {
      const { ctx, owner } = await resolveOwner(server, req, kind, "view-clients");
      return brief(
        ctx.realm,
        directScopeRoles(db, owner).filter((role) => !role.clientId),
      );
    });

    app.get(`${base}/realm/available`, async (req) => {
      const { ctx, owner } = await resolveOwner(server, req, kind, "view-clients");
      const inScope = scopeChecker(db, owner);
      return brief(
        ctx.realm,
        realmRoles(db, ctx.realm).filter((role) => !inScope(role) && ctx.mayRole("map-role-client-scope", role)),
      );
    });

    app.get(`${base}/realm/composite`, { schema: { querystring: ListQuery } }, async (req) => {
      const { ctx, owner } = await resolveOwner(server, req, kind, "view-clients");
      const inScope = scopeChecker(db, owner);
      const isBrief = boolParam(queryOf(req), "briefRepresentation", true);
      return realmRoles(db, ctx.realm)
        .filter(inScope)
        .map((role) => roleRepresentation(ctx.realm, role, isBrief));
    });

    app.post(`${base}/realm`, { schema: { body: RoleList } }, async (req, reply) => {
      const { ctx, owner } = await resolveOwner(server, req, kind, "manage-clients");
      const input = rolesBody(req) ?? [];
      const roles = input.map((rep) => {
        const role = typeof rep.id === "string" ? db.get("roles", rep.id) : undefined;
        if (!role || role.realmId !== ctx.realm.id || role.clientId) throw notFound("Role not found");
        return role;
      });
      await addScopes(ctx, owner, roles);
      await adminEvent(server, ctx, "CREATE", "REALM_SCOPE_MAPPING", `${owner.path}/scope-mappings/realm`, input);
      return noContent(reply);
    });

    app.delete(`${base}/realm`, { schema: { body: OptionalRoleList } }, async (req, reply) => {
      const { ctx, owner } = await resolveOwner(server, req, kind, "manage-clients");
      const input = rolesBody(req);
      const roles = input
        ? input.map((rep) => {
            const role = typeof rep.id === "string" ? db.get("roles", rep.id) : undefined;
            if (!role || role.realmId !== ctx.realm.id || role.clientId) throw notFound("Role not found");
            return role;
          })
        : directScopeRoles(db, owner).filter((role) => !role.clientId);
      await removeScopes(ctx, owner, roles);
      await adminEvent(server, ctx, "DELETE", "REALM_SCOPE_MAPPING", `${owner.path}/scope-mappings/realm`, input);
      return noContent(reply);
    });

    // Roles of another client (`:client` is that client's internal id).
    const clientBase = `${base}/clients/:client`;
    const scopedClient = (req: FastifyRequest, realm: RealmRecord) => {
      // ScopeMappedResource answers 404 here whatever the caller may list.
      const client = findClient(db, realm, paramsOf<"client">(req).client);
      if (!client) throw notFound("Could not find client");
      return client;
    };

    app.get(clientBase, async (req) => {
      const { ctx, owner } = await resolveOwner(server, req, kind, "view-clients");
      const client = scopedClient(req, ctx.realm);
      return brief(
        ctx.realm,
        directScopeRoles(db, owner).filter((role) => role.clientId === client.id),
      );
    });

    app.get(`${clientBase}/available`, async (req) => {
      const { ctx, owner } = await resolveOwner(server, req, kind, "view-clients");
      const inScope = scopeChecker(db, owner);
      return brief(
        ctx.realm,
        clientRoles(db, scopedClient(req, ctx.realm)).filter(
          (role) => !inScope(role) && ctx.mayRole("map-role-client-scope", role),
        ),
      );
    });

    app.get(`${clientBase}/composite`, { schema: { querystring: ListQuery } }, async (req) => {
      const { ctx, owner } = await resolveOwner(server, req, kind, "view-clients");
      const inScope = scopeChecker(db, owner);
      const isBrief = boolParam(queryOf(req), "briefRepresentation", true);
      return clientRoles(db, scopedClient(req, ctx.realm))
        .filter(inScope)
        .map((role) => roleRepresentation(ctx.realm, role, isBrief));
    });

    // Keycloak finds these roles by name within the scoped client.
    const namedClientRoles = (input: Record<string, unknown>[], roles: RoleRecord[]) =>
      input.map((rep) => {
        const role = roles.find((candidate) => candidate.name === rep.name);
        if (!role) throw notFound("Role not found");
        return role;
      });

    app.post(clientBase, { schema: { body: RoleList } }, async (req, reply) => {
      const { ctx, owner } = await resolveOwner(server, req, kind, "manage-clients");
      const client = scopedClient(req, ctx.realm);
      const input = rolesBody(req) ?? [];
      await addScopes(ctx, owner, namedClientRoles(input, clientRoles(db, client)));
      await adminEvent(
        server,
        ctx,
        "CREATE",
        "CLIENT_SCOPE_MAPPING",
        `${owner.path}/scope-mappings/clients/${client.id}`,
        input,
      );
      return noContent(reply);
    });

    app.delete(clientBase, { schema: { body: OptionalRoleList } }, async (req, reply) => {
      const { ctx, owner } = await resolveOwner(server, req, kind, "manage-clients");
      const client = scopedClient(req, ctx.realm);
      const input = rolesBody(req);
      const ownRoles = clientRoles(db, client);
      await removeScopes(ctx, owner, input ? namedClientRoles(input, ownRoles) : ownRoles);
      await adminEvent(
        server,
        ctx,
        "DELETE",
        "CLIENT_SCOPE_MAPPING",
        `${owner.path}/scope-mappings/clients/${client.id}`,
        input,
      );
      return noContent(reply);
    });
  }
}
