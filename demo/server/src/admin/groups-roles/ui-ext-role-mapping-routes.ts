import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ServerContext } from "../../context.ts";
import type { RoleRecord } from "../../store/types.ts";
import { adminContext, type AdminRequestContext } from "../../access/admin-context.ts";
import { expandComposites } from "../../access/roles.ts";
import { badRequest, notFound } from "../../http/errors.ts";
import { findRoleById } from "./lookups.ts";
import { resolveRoleHolder } from "./role-holder.ts";
import { findClient } from "../common/lookups.ts";
import { RoleDeleteRequests } from "./schemas.ts";

type Req = FastifyRequest<{ Params: { realm: string; type: string; id: string } }>;

/** Keycloak's EffectiveRole row of `ui-ext/effective-roles-all`: `client` is the clientId, `clientId` the client's id. */
interface EffectiveRole {
  id: string;
  name: string;
  description?: string;
  clientRole: boolean;
  client?: string;
  clientId?: string;
}

/** Every role the addressed resource holds, composites expanded (a role holds itself, as in Keycloak). */
function effectiveRoleIds(server: ServerContext, ctx: AdminRequestContext, type: string, id: string): Set<string> {
  const { db } = server;
  switch (type) {
    case "users":
    case "groups": {
      const holder = resolveRoleHolder(server, ctx, type, id);
      ctx.require("view-users");
      return holder.effectiveRoleIds();
    }
    case "clients": {
      const client = findClient(db, ctx.realm, id);
      if (!client) throw notFound("Could not find client");
      ctx.require("view-clients");
      // Keycloak lists the client's scope mappings here, full scope or not.
      return expandComposites(db, client.scopeRoleIds);
    }
    case "clientScopes": {
      const scope = db.get("clientScopes", id);
      if (!scope || scope.realmId !== ctx.realm.id) throw notFound("Could not find client scope");
      ctx.require("view-clients");
      return expandComposites(db, scope.scopeRoleIds);
    }
    case "roles": {
      const role = findRoleById(db, ctx.realm, id);
      if (!role) throw notFound("Could not find role");
      return new Set([role.id, ...expandComposites(db, role.compositeIds)]);
    }
    default:
      throw notFound();
  }
}

function toEffectiveRole(server: ServerContext, role: RoleRecord): EffectiveRole | undefined {
  const row: EffectiveRole = { id: role.id, name: role.name, clientRole: role.clientId !== undefined };
  if (role.description) row.description = role.description;
  if (role.clientId === undefined) return row;
  const client = server.db.get("clients", role.clientId);
  return client ? { ...row, client: client.clientId, clientId: client.id } : undefined;
}

/** The REST path (under the realm) whose DELETE removes a mapping of the addressed resource. */
const DELETE_BASE: Record<string, (id: string) => string> = {
  users: (id) => `users/${id}/role-mappings`,
  groups: (id) => `groups/${id}/role-mappings`,
  clients: (id) => `clients/${id}/scope-mappings`,
  clientScopes: (id) => `client-scopes/${id}/scope-mappings`,
};

/** The caller's headers (token, host, proxy headers) for the in-process requests made on its behalf. */
function forwardedHeaders(req: FastifyRequest): Record<string, string> {
  const skip = new Set(["content-length", "content-type", "transfer-encoding", "connection"]);
  return Object.fromEntries(
    Object.entries(req.headers).flatMap(([name, value]) =>
      typeof value === "string" && !skip.has(name) ? [[name, value]] : [],
    ),
  );
}

interface RoleDeleteRequest {
  roleId: string;
  clientId?: string;
}

function deleteRequests(body: unknown): RoleDeleteRequest[] {
  if (!Array.isArray(body)) throw badRequest("Cannot parse the JSON");
  return body.flatMap((entry: unknown) => {
    const item = (entry ?? {}) as Record<string, unknown>;
    return typeof item.roleId === "string"
      ? [{ roleId: item.roleId, clientId: typeof item.clientId === "string" ? item.clientId : undefined }]
      : [];
  });
}

/**
 * Keycloak console's role-mapping helpers: every effective role in one list (realm roles by name, then client roles
 * by client and name; no paging), and one request removing several mappings. The removal goes through the same
 * REST resources as single removals (their permission checks and admin events); unknown roles are skipped.
 */
export async function registerUiExtRoleMappingRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  app.get("/admin/realms/:realm/ui-ext/effective-roles-all/:type/:id", async (req: Req) => {
    const ctx = await adminContext(server, req, req.params.realm);
    const ids = effectiveRoleIds(server, ctx, req.params.type, req.params.id);
    const rows = [...ids].flatMap((roleId) => {
      const role = server.db.get("roles", roleId);
      const row = role && role.realmId === ctx.realm.id ? toEffectiveRole(server, role) : undefined;
      return row ? [row] : [];
    });
    const key = (row: EffectiveRole) => [row.clientRole ? 1 : 0, row.client ?? "", row.name] as const;
    return rows.sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      return x[0] - y[0] || (x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : x[2] < y[2] ? -1 : x[2] > y[2] ? 1 : 0);
    });
  });

  app.post(
    "/admin/realms/:realm/ui-ext/role-mapping-delete/:type/:id",
    { schema: { body: RoleDeleteRequests } },
    async (req: Req, reply: FastifyReply) => {
      const ctx = await adminContext(server, req, req.params.realm);
      const { type, id } = req.params;
      const requests = deleteRequests(req.body);
      const realmPath = `/admin/realms/${encodeURIComponent(ctx.realm.realm)}`;
      const groups = new Map<string, { id: string; name: string }[]>();
      for (const request of requests) {
        const role = findRoleById(server.db, ctx.realm, request.roleId);
        if (!role) continue;
        const path =
          type === "roles"
            ? `roles-by-id/${encodeURIComponent(id)}/composites`
            : DELETE_BASE[type]
              ? `${DELETE_BASE[type]!(encodeURIComponent(id))}/${role.clientId ? `clients/${role.clientId}` : "realm"}`
              : undefined;
        if (!path) throw notFound();
        groups.set(path, [...(groups.get(path) ?? []), { id: role.id, name: role.name }]);
      }
      if (!groups.size) effectiveRoleIds(server, ctx, type, id);
      for (const [path, roles] of groups) {
        const answer = await app.inject({
          method: "DELETE",
          url: `${realmPath}/${path}`,
          headers: { ...forwardedHeaders(req), "content-type": "application/json" },
          payload: JSON.stringify(roles),
          remoteAddress: req.ip,
        });
        if (answer.statusCode >= 300) return reply.status(answer.statusCode).type("application/json").send(answer.body);
      }
      return reply.status(204).send();
    },
  );
}
