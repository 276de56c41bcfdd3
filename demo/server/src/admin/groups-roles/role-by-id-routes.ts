import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ServerContext } from "../../context.ts";
import type { RoleRecord } from "../../store/types.ts";
import { adminContext, type AdminRequestContext } from "../../access/admin-context.ts";
import { notFound } from "../../http/errors.ts";
import { compositesOf } from "./role-container-routes.ts";
import { findRoleById } from "./lookups.ts";
import { toRoleRepresentation } from "./role-representation.ts";
import { addComposites, deleteRole, removeComposites, updateRole, type RoleInput } from "./role-store.ts";
import { adminEvent } from "../common/admin-event.ts";
import { findClient } from "../common/lookups.ts";
import { containsIgnoreCase } from "./name-matching.ts";
import { intParam, page, type Query, stringParam } from "../common/query.ts";
import { OptionalRoleList, PermissionsSchema, RoleList, RoleSchema } from "./schemas.ts";
import { ListQuery } from "../common/schemas.ts";

type Req = FastifyRequest<{
  Params: { realm: string; roleId: string; clientUuid?: string };
  Querystring: Query;
  Body: unknown;
}>;

interface AddressedRole {
  ctx: AdminRequestContext;
  role: RoleRecord;
  resourceType: "REALM_ROLE" | "CLIENT_ROLE";
}

async function addressedRole(server: ServerContext, req: Req, access: "view" | "manage"): Promise<AddressedRole> {
  const ctx = await adminContext(server, req, req.params.realm);
  const role = findRoleById(server.db, ctx.realm, req.params.roleId);
  if (!role) throw notFound("Could not find role with id");
  const isClientRole = role.clientId !== undefined;
  // Keycloak's RolePermissionsV2: a client's role is viewed and managed as its client is.
  const client = isClientRole ? server.db.get("clients", role.clientId!) : undefined;
  if (client) ctx.requireClientScope(access, client);
  else ctx.require(access === "view" ? "view-realm" : "manage-realm");
  return { ctx, role, resourceType: isClientRole ? "CLIENT_ROLE" : "REALM_ROLE" };
}

/** Composites filtered by `search` and paged by `first`/`max` when any of them is given. */
function searchComposites(server: ServerContext, role: RoleRecord, query: Query, keep: (r: RoleRecord) => boolean) {
  const search = stringParam(query, "search");
  let roles = compositesOf(server, role).filter(keep);
  if (search) roles = roles.filter((r) => containsIgnoreCase(r.name, search));
  return page(roles, intParam(query, "first"), intParam(query, "max")).map((r) => toRoleRepresentation(r, true));
}

export async function registerRoleByIdRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  const base = "/admin/realms/:realm/roles-by-id/:roleId";

  app.get(base, async (req: Req) => toRoleRepresentation((await addressedRole(server, req, "view")).role));

  app.put(base, { schema: { body: RoleSchema } }, async (req: Req, reply) => {
    const { ctx, role, resourceType } = await addressedRole(server, req, "manage");
    await updateRole(server, ctx.realm, role, (req.body ?? {}) as RoleInput);
    await adminEvent(server, ctx, "UPDATE", resourceType, `roles-by-id/${role.id}`, req.body);
    return reply.status(204).send();
  });

  app.delete(base, async (req: Req, reply) => {
    const { ctx, role, resourceType } = await addressedRole(server, req, "manage");
    await deleteRole(server, ctx.realm, role);
    await adminEvent(server, ctx, "DELETE", resourceType, `roles-by-id/${role.id}`);
    return reply.status(204).send();
  });

  app.get(`${base}/composites`, { schema: { querystring: ListQuery } }, async (req: Req) => {
    const { role } = await addressedRole(server, req, "view");
    return searchComposites(server, role, req.query, () => true);
  });

  app.post(`${base}/composites`, { schema: { body: RoleList } }, async (req: Req, reply) => {
    const { ctx, role, resourceType } = await addressedRole(server, req, "manage");
    await addComposites(server, ctx.realm, role, req.body, (composite) => ctx.mayRole("map-role-composite", composite));
    await adminEvent(server, ctx, "CREATE", resourceType, `roles-by-id/${role.id}/composites`, req.body);
    return reply.status(204).send();
  });

  app.delete(`${base}/composites`, { schema: { body: OptionalRoleList } }, async (req: Req, reply) => {
    const { ctx, role, resourceType } = await addressedRole(server, req, "manage");
    await removeComposites(server, ctx.realm, role, req.body);
    await adminEvent(server, ctx, "DELETE", resourceType, `roles-by-id/${role.id}/composites`, req.body);
    return reply.status(204).send();
  });

  app.get(`${base}/composites/realm`, { schema: { querystring: ListQuery } }, async (req: Req) => {
    const { role } = await addressedRole(server, req, "view");
    return searchComposites(server, role, req.query, (r) => r.clientId === undefined);
  });

  app.get(`${base}/composites/clients/:clientUuid`, { schema: { querystring: ListQuery } }, async (req: Req) => {
    const { ctx, role } = await addressedRole(server, req, "view");
    const client = findClient(server.db, ctx.realm, req.params.clientUuid ?? "");
    if (!client) throw notFound("Could not find client");
    return searchComposites(server, role, req.query, (r) => r.clientId === client.id);
  });

  app.get(`${base}/management/permissions`, async (req: Req) => {
    await addressedRole(server, req, "view");
    return { enabled: false };
  });

  app.put(`${base}/management/permissions`, { schema: { body: PermissionsSchema } }, async (req: Req) => {
    await addressedRole(server, req, "manage");
    return { enabled: false };
  });
}
