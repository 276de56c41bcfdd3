import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ServerContext } from "../../context.ts";
import type { RoleRecord } from "../../store/types.ts";
import { adminContext, type AdminRequestContext } from "../../access/admin-context.ts";
import { expandComposites } from "../../access/roles.ts";
import { forbidden, notFound } from "../../http/errors.ts";
import { findRoleById } from "./lookups.ts";
import { resolveRoleHolder } from "./role-holder.ts";
import { findClient } from "../common/lookups.ts";
import { intParam, page, type Query, stringParam } from "../common/query.ts";
import { ListQuery } from "../common/schemas.ts";
import { toRoleRepresentation, type RoleRepresentation } from "./role-representation.ts";

type Req = FastifyRequest<{ Params: { realm: string; type: string; id: string }; Querystring: Query }>;

/** The admin console's ClientRole row: `client` is the clientId, `clientId` the client's internal id. */
interface ClientRole {
  id: string;
  role: string;
  client: string;
  clientId: string;
  description?: string;
}

/** What the addressed resource holds: directly (for "available") and effectively (for "effective"). */
interface HeldRoles {
  direct: Set<string>;
  effective: () => Set<string>;
  /** The roles the caller may add to it (Keycloak's "available" lists only those). */
  mappable: (role: RoleRecord) => boolean;
}

const NONE = () => false;

function heldRoles(server: ServerContext, ctx: AdminRequestContext, type: string, id: string): HeldRoles {
  const { db } = server;
  switch (type) {
    case "users":
    case "groups": {
      const holder = resolveRoleHolder(server, ctx, type, id);
      // The same check as the role-mappings endpoints: view on that user or group (legacy roles or v2).
      // Keycloak offers a user's roles only to an admin who may map roles of that user.
      let mayMapHolder = true;
      if (type === "users") {
        const user = db.get("users", holder.id)!;
        ctx.requireUser("view", user);
        mayMapHolder = ctx.mayUser("map-roles", user);
      } else ctx.requireGroup("view", db.get("groups", holder.id)!);
      return {
        direct: new Set(holder.roleIds),
        effective: () => holder.effectiveRoleIds(),
        mappable: mayMapHolder ? (role) => ctx.mayRole("map-role", role) : NONE,
      };
    }
    case "clients": {
      const client = findClient(db, ctx.realm, id);
      if (!client) throw notFound("Could not find client");
      ctx.requireClientScope("view", client);
      const fullScope = client.rep.fullScopeAllowed !== false;
      return {
        direct: new Set(client.scopeRoleIds),
        // Keycloak leaves the client's own roles out too: they are always in its scope.
        mappable: (role) => role.clientId !== client.id && ctx.mayRole("map-role-client-scope", role),
        effective: () => {
          if (fullScope) return new Set(db.list("roles", ctx.realm.id).map((r) => r.id));
          const ids = expandComposites(db, client.scopeRoleIds);
          for (const role of db.iterate("roles", ctx.realm.id)) if (role.clientId === client.id) ids.add(role.id);
          return ids;
        },
      };
    }
    case "clientScopes": {
      const scope = db.get("clientScopes", id);
      if (!scope || scope.realmId !== ctx.realm.id) throw notFound("Could not find client scope");
      // Keycloak's ClientPermissionsV2: a client scope is viewed through view on every client.
      if (!ctx.mayAllClients("view")) throw forbidden();
      return {
        direct: new Set(scope.scopeRoleIds),
        effective: () => expandComposites(db, scope.scopeRoleIds),
        mappable: (role) => ctx.mayRole("map-role-client-scope", role),
      };
    }
    case "roles": {
      const role = findRoleById(db, ctx.realm, id);
      if (!role) throw notFound("Could not find role");
      // Only the effective list reads this: a role's available composites come from compositeCandidates.
      return {
        direct: new Set([role.id, ...role.compositeIds]),
        effective: () => expandComposites(db, role.compositeIds),
        mappable: NONE,
      };
    }
    default:
      throw notFound();
  }
}

/**
 * Keycloak 26.7.3's composite candidates for a role (AvailableRoleMappingResource, roles/{id}): without looking the
 * role up, every client role but the role itself for a `manage-users` holder, composites already held included;
 * otherwise, when v2 is on, the roles with a map-role-composite permission of their own and the roles of the clients
 * with a map-roles-composite permission of their own; otherwise none.
 */
function compositeCandidates(ctx: AdminRequestContext, id: string): (role: RoleRecord) => boolean {
  if (ctx.has("manage-users")) return (role) => role.id !== id;
  const roleIds = ctx.ownGrants("Roles", "map-role-composite");
  const clientIds = ctx.ownGrants("Clients", "map-roles-composite");
  if (!roleIds || !clientIds) return NONE;
  const roles = new Set(roleIds);
  const clients = new Set(clientIds);
  return (role) =>
    role.id !== id && (roles.has(role.id) || (role.clientId !== undefined && clients.has(role.clientId)));
}

/** Client roles of the realm that pass `keep`, matching `search` on role name or clientId, ordered by clientId then name, paged. */
function clientRoles(
  server: ServerContext,
  ctx: AdminRequestContext,
  query: Query,
  keep: (role: RoleRecord) => boolean,
): ClientRole[] {
  const search = (stringParam(query, "search") ?? "").toLowerCase();
  const rows: ClientRole[] = [];
  for (const role of server.db.iterate("roles", ctx.realm.id)) {
    if (role.clientId === undefined || !keep(role)) continue;
    const client = server.db.get("clients", role.clientId);
    if (!client) continue;
    if (search && !role.name.toLowerCase().includes(search) && !client.clientId.toLowerCase().includes(search))
      continue;
    const row: ClientRole = { id: role.id, role: role.name, client: client.clientId, clientId: client.id };
    if (role.description) row.description = role.description;
    rows.push(row);
  }
  rows.sort((a, b) =>
    a.client < b.client ? -1 : a.client > b.client ? 1 : a.role < b.role ? -1 : a.role > b.role ? 1 : 0,
  );
  return page(rows, intParam(query, "first") ?? 0, intParam(query, "max") ?? 10);
}

/** A role's direct composites as Keycloak's console reads them: realm roles, and client roles grouped by clientId. */
function compositeMappings(server: ServerContext, role: RoleRecord) {
  const realmMappings: RoleRepresentation[] = [];
  const clientMappings: Record<string, { id: string; client: string; mappings: RoleRepresentation[] }> = {};
  for (const id of role.compositeIds) {
    const composite = server.db.get("roles", id);
    if (!composite) continue;
    const rep = toRoleRepresentation(composite, true);
    if (composite.clientId === undefined) {
      realmMappings.push(rep);
      continue;
    }
    const client = server.db.get("clients", composite.clientId);
    if (!client) continue;
    const group = (clientMappings[client.clientId] ??= { id: client.id, client: client.clientId, mappings: [] });
    group.mappings.push({ ...rep, containerId: client.clientId });
  }
  return {
    ...(realmMappings.length ? { realmMappings } : {}),
    ...(Object.keys(clientMappings).length ? { clientMappings } : {}),
  };
}

/** The admin console's role-mapping helpers: client roles of all clients paged in one request. */
export async function registerUiExtRoleRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  app.get(
    "/admin/realms/:realm/ui-ext/available-roles/:type/:id",
    { schema: { querystring: ListQuery } },
    async (req: Req) => {
      const ctx = await adminContext(server, req, req.params.realm);
      if (req.params.type === "roles")
        return clientRoles(server, ctx, req.query, compositeCandidates(ctx, req.params.id));
      const held = heldRoles(server, ctx, req.params.type, req.params.id);
      return clientRoles(server, ctx, req.query, (role) => !held.direct.has(role.id) && held.mappable(role));
    },
  );

  app.get(
    "/admin/realms/:realm/ui-ext/effective-roles/:type/:id",
    { schema: { querystring: ListQuery } },
    async (req: Req) => {
      const ctx = await adminContext(server, req, req.params.realm);
      const effective = heldRoles(server, ctx, req.params.type, req.params.id).effective();
      return clientRoles(server, ctx, req.query, (role) => effective.has(role.id));
    },
  );

  app.get(
    "/admin/realms/:realm/ui-ext/role-mappings/roles/:id",
    async (req: FastifyRequest<{ Params: { realm: string; id: string } }>) => {
      const ctx = await adminContext(server, req, req.params.realm);
      const role = findRoleById(server.db, ctx.realm, req.params.id);
      if (!role) throw notFound("Could not find role");
      ctx.require(role.clientId === undefined ? "view-realm" : "view-clients");
      return compositeMappings(server, role);
    },
  );
}
