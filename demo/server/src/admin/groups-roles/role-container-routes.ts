import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ServerContext } from "../../context.ts";
import { frontendUrl } from "../../http/frontend-url.ts";
import type { ClientRecord, RoleRecord } from "../../store/types.ts";
import { adminContext, type AdminPermission, type AdminRequestContext } from "../../access/admin-context.ts";
import { ADMIN_PERMISSIONS } from "../../access/permissions.ts";
import { notFound } from "../../http/errors.ts";
import { toGroupRepresentation } from "./group-representation.ts";
import { containerRoles, findRoleByName } from "./lookups.ts";
import { toRoleRepresentation } from "./role-representation.ts";
import { addComposites, createRole, deleteRole, removeComposites, updateRole, type RoleInput } from "./role-store.ts";
import { memberRepresentation } from "../common/user-representation.ts";
import { adminEvent } from "../common/admin-event.ts";
import { findClient, requireClient } from "../common/lookups.ts";
import { boolParam, intParam, page, type Query, stringParam } from "../common/query.ts";
import { byName, containsIgnoreCase } from "./name-matching.ts";
import { roleHolders } from "../common/user-links-index.ts";
import { directoryRoleMembers, withDirectoryMembers } from "../../federation/ldap-directory-members.ts";
import { OptionalRoleList, PermissionsSchema, RoleList, RoleSchema } from "./schemas.ts";
import { ListQuery } from "../common/schemas.ts";

const DEFAULT_MAX_RESULTS = 100;

type Params = { realm: string; clientUuid?: string; roleName?: string; targetClientUuid?: string };
type Req = FastifyRequest<{ Params: Params; Querystring: Query; Body: unknown }>;

/** The realm's roles, or one client's roles, with what guards them. */
interface RoleContainer {
  ctx: AdminRequestContext;
  clientUuid: string | undefined;
  /** The client owning the roles; none for the realm's roles. */
  client?: ClientRecord;
  view: AdminPermission;
  manage: AdminPermission;
  resourceType: "REALM_ROLE" | "CLIENT_ROLE";
  /** resourcePath prefix of admin events, e.g. `roles` or `clients/{uuid}/roles`. */
  path: string;
}

async function resolveContainer(server: ServerContext, req: Req): Promise<RoleContainer> {
  const ctx = await adminContext(server, req, req.params.realm);
  const clientUuid = req.params.clientUuid;
  if (clientUuid === undefined)
    return { ctx, clientUuid, view: "view-realm", manage: "manage-realm", resourceType: "REALM_ROLE", path: "roles" };
  const client = requireClient(server.db, ctx, clientUuid);
  return {
    ctx,
    clientUuid,
    client,
    view: "view-clients",
    manage: "manage-clients",
    resourceType: "CLIENT_ROLE",
    path: `clients/${clientUuid}/roles`,
  };
}

/** A realm's roles need view-realm / manage-realm; a client's, view / manage on that client (roles or v2). */
function requireContainer(container: RoleContainer, access: "view" | "manage"): void {
  if (container.client) container.ctx.requireClientScope(access, container.client);
  else container.ctx.require(container[access]);
}

function requireRole(server: ServerContext, container: RoleContainer, roleName: string | undefined): RoleRecord {
  const role = findRoleByName(server.db, container.ctx.realm, roleName, container.clientUuid);
  if (!role) throw notFound("Could not find role");
  return role;
}

/** Registers the by-name role endpoints under `base` (realm roles or a client's roles). */
function registerContainer(app: FastifyInstance, server: ServerContext, base: string): void {
  const { db } = server;

  app.get(base, { schema: { querystring: ListQuery } }, async (req: Req) => {
    const container = await resolveContainer(server, req);
    // Keycloak lets any administrator list roles (needed to map them).
    container.ctx.requireAny(...ADMIN_PERMISSIONS);
    const search = stringParam(req.query, "search")?.trim() ?? "";
    const first = intParam(req.query, "first");
    const max = intParam(req.query, "max");
    let roles = containerRoles(db, container.ctx.realm, container.clientUuid).sort(byName);
    if (search)
      roles = page(
        roles.filter((r) => containsIgnoreCase(r.name, search) || containsIgnoreCase(r.description, search)),
        first,
        max,
      );
    else if (first !== undefined && max !== undefined) roles = page(roles, first, max);
    const brief = boolParam(req.query, "briefRepresentation", true);
    return roles.map((role) => toRoleRepresentation(role, brief));
  });

  app.post(base, { schema: { body: RoleSchema } }, async (req: Req, reply) => {
    const container = await resolveContainer(server, req);
    requireContainer(container, "manage");
    const input = (req.body ?? {}) as RoleInput;
    const role = await createRole(server, container.ctx.realm, container.clientUuid, input);
    await adminEvent(server, container.ctx, "CREATE", container.resourceType, `${container.path}/${role.name}`, {
      ...input,
      id: role.id,
    });
    const location = `${frontendUrl(server, req)}/admin/realms/${encodeURIComponent(container.ctx.realm.realm)}/${container.path}/${encodeURIComponent(role.name)}`;
    return reply.status(201).header("location", location).send();
  });

  app.get(`${base}/:roleName`, async (req: Req) => {
    const container = await resolveContainer(server, req);
    requireContainer(container, "view");
    return toRoleRepresentation(requireRole(server, container, req.params.roleName));
  });

  app.put(`${base}/:roleName`, { schema: { body: RoleSchema } }, async (req: Req, reply) => {
    const container = await resolveContainer(server, req);
    requireContainer(container, "manage");
    const role = requireRole(server, container, req.params.roleName);
    await updateRole(server, container.ctx.realm, role, (req.body ?? {}) as RoleInput);
    await adminEvent(
      server,
      container.ctx,
      "UPDATE",
      container.resourceType,
      `${container.path}/${req.params.roleName}`,
      req.body,
    );
    return reply.status(204).send();
  });

  app.delete(`${base}/:roleName`, async (req: Req, reply) => {
    const container = await resolveContainer(server, req);
    requireContainer(container, "manage");
    const role = requireRole(server, container, req.params.roleName);
    await deleteRole(server, container.ctx.realm, role);
    await adminEvent(server, container.ctx, "DELETE", container.resourceType, `${container.path}/${role.name}`, {
      id: role.id,
      name: role.name,
    });
    return reply.status(204).send();
  });

  app.get(`${base}/:roleName/composites`, async (req: Req) => {
    const container = await resolveContainer(server, req);
    requireContainer(container, "view");
    const role = requireRole(server, container, req.params.roleName);
    return compositesOf(server, role).map((r) => toRoleRepresentation(r, true));
  });

  app.post(`${base}/:roleName/composites`, { schema: { body: RoleList } }, async (req: Req, reply) => {
    const container = await resolveContainer(server, req);
    requireContainer(container, "manage");
    const role = requireRole(server, container, req.params.roleName);
    await addComposites(server, container.ctx.realm, role, req.body, (composite) =>
      container.ctx.mayRole("map-role-composite", composite),
    );
    await adminEvent(
      server,
      container.ctx,
      "CREATE",
      container.resourceType,
      `${container.path}/${role.name}/composites`,
      req.body,
    );
    return reply.status(204).send();
  });

  app.delete(`${base}/:roleName/composites`, { schema: { body: OptionalRoleList } }, async (req: Req, reply) => {
    const container = await resolveContainer(server, req);
    requireContainer(container, "manage");
    const role = requireRole(server, container, req.params.roleName);
    await removeComposites(server, container.ctx.realm, role, req.body);
    await adminEvent(
      server,
      container.ctx,
      "DELETE",
      container.resourceType,
      `${container.path}/${role.name}/composites`,
      req.body,
    );
    return reply.status(204).send();
  });

  app.get(`${base}/:roleName/composites/realm`, async (req: Req) => {
    const container = await resolveContainer(server, req);
    requireContainer(container, "view");
    const role = requireRole(server, container, req.params.roleName);
    return compositesOf(server, role)
      .filter((r) => r.clientId === undefined)
      .map((r) => toRoleRepresentation(r, true));
  });

  app.get(`${base}/:roleName/composites/clients/:targetClientUuid`, async (req: Req) => {
    const container = await resolveContainer(server, req);
    requireContainer(container, "view");
    const role = requireRole(server, container, req.params.roleName);
    const target = findClient(db, container.ctx.realm, req.params.targetClientUuid ?? "");
    if (!target) throw notFound("Could not find client");
    return compositesOf(server, role)
      .filter((r) => r.clientId === target.id)
      .map((r) => toRoleRepresentation(r, true));
  });

  app.get(`${base}/:roleName/users`, { schema: { querystring: ListQuery } }, async (req: Req) => {
    const container = await resolveContainer(server, req);
    requireContainer(container, "view");
    container.ctx.requireAny("query-users", "view-users");
    const role = requireRole(server, container, req.params.roleName);
    const users = roleHolders(db, role.id);
    users.sort((a, b) => (a.username < b.username ? -1 : a.username > b.username ? 1 : 0));
    const brief = boolParam(req.query, "briefRepresentation", false);
    const shown = await withDirectoryMembers(
      users,
      intParam(req.query, "first") ?? 0,
      intParam(req.query, "max") ?? DEFAULT_MAX_RESULTS,
      (first, max) => directoryRoleMembers(server, container.ctx.realm, role, first, max),
    );
    return shown.map((u) => memberRepresentation(u, brief));
  });

  app.get(`${base}/:roleName/groups`, { schema: { querystring: ListQuery } }, async (req: Req) => {
    const container = await resolveContainer(server, req);
    requireContainer(container, "view");
    const role = requireRole(server, container, req.params.roleName);
    const groups = db
      .list("groups", container.ctx.realm.id)
      .filter((g) => g.roleIds.includes(role.id))
      .sort(byName);
    const full = !boolParam(req.query, "briefRepresentation", true);
    const shown = page(groups, intParam(req.query, "first") ?? 0, intParam(req.query, "max") ?? DEFAULT_MAX_RESULTS);
    return shown.map((g) => {
      const {
        access: _access,
        subGroups: _subGroups,
        ...rep
      } = toGroupRepresentation(db, container.ctx, g, { full, subGroupCount: false });
      return { ...rep, subGroups: [] };
    });
  });

  app.get(`${base}/:roleName/management/permissions`, async (req: Req) => {
    const container = await resolveContainer(server, req);
    requireContainer(container, "view");
    requireRole(server, container, req.params.roleName);
    return { enabled: false };
  });

  app.put(`${base}/:roleName/management/permissions`, { schema: { body: PermissionsSchema } }, async (req: Req) => {
    const container = await resolveContainer(server, req);
    requireContainer(container, "manage");
    requireRole(server, container, req.params.roleName);
    return { enabled: false };
  });
}

/** Direct composites of a role, sorted by name. */
export function compositesOf(server: ServerContext, role: RoleRecord): RoleRecord[] {
  const roles: RoleRecord[] = [];
  for (const id of role.compositeIds) {
    const composite = server.db.get("roles", id);
    if (composite) roles.push(composite);
  }
  return roles.sort(byName);
}

export async function registerRoleContainerRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  registerContainer(app, server, "/admin/realms/:realm/roles");
  registerContainer(app, server, "/admin/realms/:realm/clients/:clientUuid/roles");
}
