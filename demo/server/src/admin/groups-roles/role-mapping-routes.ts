import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ServerContext } from "../../context.ts";
import type { ClientRecord, RealmRecord, RoleRecord } from "../../store/types.ts";
import { adminContext, type AdminRequestContext } from "../../access/admin-context.ts";
import { badRequest, forbidden, notFound } from "../../http/errors.ts";
import { containerRoles, findRoleByName } from "./lookups.ts";
import { resolveRoleHolder, type RoleHolder, type RoleHolderKind } from "./role-holder.ts";
import { beforeFederatedRoleChange } from "../../federation/user-hooks.ts";
import { toRoleRepresentation, type RoleRepresentation } from "./role-representation.ts";
import { adminEvent } from "../common/admin-event.ts";
import { findClient } from "../common/lookups.ts";
import { boolParam, type Query } from "../common/query.ts";
import { byName } from "./name-matching.ts";
import { OptionalRoleList, RoleList } from "./schemas.ts";
import { ListQuery } from "../common/schemas.ts";

type Req = FastifyRequest<{
  Params: { realm: string; id: string; clientUuid?: string };
  Querystring: Query;
  Body: unknown;
}>;

interface ClientMappings {
  id: string;
  client: string;
  mappings: RoleRepresentation[];
}

/** Keycloak's MappingsRepresentation: empty parts are left out. */
function toMappings(
  server: ServerContext,
  roleIds: Iterable<string>,
): { realmMappings?: RoleRepresentation[]; clientMappings?: Record<string, ClientMappings> } {
  const realmRoles: RoleRecord[] = [];
  const byClient = new Map<string, RoleRecord[]>();
  for (const id of roleIds) {
    const role = server.db.get("roles", id);
    if (!role) continue;
    if (role.clientId === undefined) realmRoles.push(role);
    else byClient.set(role.clientId, [...(byClient.get(role.clientId) ?? []), role]);
  }
  const result: { realmMappings?: RoleRepresentation[]; clientMappings?: Record<string, ClientMappings> } = {};
  if (realmRoles.length) result.realmMappings = realmRoles.sort(byName).map((r) => toRoleRepresentation(r, true));
  for (const [clientUuid, roles] of byClient) {
    const client = server.db.get("clients", clientUuid);
    if (!client) continue;
    result.clientMappings ??= {};
    result.clientMappings[client.clientId] = {
      id: client.id,
      client: client.clientId,
      mappings: roles.sort(byName).map((r) => toRoleRepresentation(r, true)),
    };
  }
  return result;
}

function rolesByIds(server: ServerContext, ids: Iterable<string>, keep: (role: RoleRecord) => boolean): RoleRecord[] {
  const roles: RoleRecord[] = [];
  for (const id of ids) {
    const role = server.db.get("roles", id);
    if (role && keep(role)) roles.push(role);
  }
  return roles.sort(byName);
}

/**
 * Resolves the roles named in a mapping request body: each must name a role of
 * the container (realm or client) and carry its id, else 404 "Role not found".
 */
function requestedRoles(
  server: ServerContext,
  realm: RealmRecord,
  body: unknown,
  clientUuid: string | undefined,
): RoleRecord[] {
  if (!Array.isArray(body)) throw badRequest("Expected a list of roles");
  return body.map((rep: { id?: unknown; name?: unknown }) => {
    const role = findRoleByName(server.db, realm, typeof rep?.name === "string" ? rep.name : undefined, clientUuid);
    if (!role || role.id !== rep?.id) throw notFound("Role not found");
    return role;
  });
}

interface Addressed {
  ctx: AdminRequestContext;
  holder: RoleHolder;
}

async function addressed(
  server: ServerContext,
  req: Req,
  kind: RoleHolderKind,
  access: "view" | "manage",
): Promise<Addressed> {
  const ctx = await adminContext(server, req, req.params.realm);
  const holder = resolveRoleHolder(server, ctx, kind, req.params.id);
  // Keycloak: viewing needs view on the user or group; changing needs map-roles on a user, manage on a group.
  if (kind === "users") ctx.requireUser(access === "view" ? "view" : "map-roles", server.db.get("users", holder.id)!);
  else ctx.requireGroup(access, server.db.get("groups", holder.id)!);
  return { ctx, holder };
}

function requireMappedClient(
  server: ServerContext,
  ctx: AdminRequestContext,
  clientUuid: string | undefined,
): ClientRecord {
  const client = findClient(server.db, ctx.realm, clientUuid ?? "");
  if (!client) throw notFound("Client not found");
  return client;
}

/** Each role must be one the caller may map (Keycloak refuses the whole request otherwise). */
function requireMappable(ctx: AdminRequestContext, roles: RoleRecord[]): void {
  for (const role of roles) if (!ctx.mayRole("map-role", role)) throw forbidden();
}

/** A directory user's mappings of roles a role mapper maps go through the mapper's mode first. */
async function beforeUserRoleChange(
  server: ServerContext,
  ctx: AdminRequestContext,
  holder: RoleHolder,
  roles: RoleRecord[],
  operation: "add" | "delete",
): Promise<void> {
  const user = holder.kind === "users" ? server.db.get("users", holder.id) : undefined;
  if (user) await beforeFederatedRoleChange(server, ctx.realm, user, roles, operation);
}

async function grant(
  server: ServerContext,
  ctx: AdminRequestContext,
  holder: RoleHolder,
  roles: RoleRecord[],
): Promise<void> {
  requireMappable(ctx, roles);
  await beforeUserRoleChange(
    server,
    ctx,
    holder,
    roles.filter((r) => !holder.roleIds.includes(r.id)),
    "add",
  );
  holder.setRoleIds([...new Set([...holder.roleIds, ...roles.map((r) => r.id)])]);
  await holder.save();
}

async function revoke(
  server: ServerContext,
  ctx: AdminRequestContext,
  holder: RoleHolder,
  roles: RoleRecord[],
): Promise<void> {
  requireMappable(ctx, roles);
  await beforeUserRoleChange(server, ctx, holder, roles, "delete");
  const removed = new Set(roles.map((r) => r.id));
  holder.setRoleIds(holder.roleIds.filter((id) => !removed.has(id)));
  await holder.save();
}

/** Role mapping endpoints for users and groups. */
function registerHolder(app: FastifyInstance, server: ServerContext, kind: RoleHolderKind): void {
  const base = `/admin/realms/:realm/${kind}/:id/role-mappings`;
  const isRealmRole = (r: RoleRecord) => r.clientId === undefined;

  app.get(base, async (req: Req) => {
    const { holder } = await addressed(server, req, kind, "view");
    return toMappings(server, holder.roleIds);
  });

  app.get(`${base}/composite`, async (req: Req) => {
    const { holder } = await addressed(server, req, kind, "view");
    return toMappings(server, holder.effectiveRoleIds());
  });

  app.get(`${base}/realm`, async (req: Req) => {
    const { holder } = await addressed(server, req, kind, "view");
    return rolesByIds(server, holder.roleIds, isRealmRole).map((r) => toRoleRepresentation(r, true));
  });

  app.get(`${base}/realm/composite`, { schema: { querystring: ListQuery } }, async (req: Req) => {
    const { holder } = await addressed(server, req, kind, "view");
    const brief = boolParam(req.query, "briefRepresentation", true);
    return rolesByIds(server, holder.effectiveRoleIds(), isRealmRole).map((r) => toRoleRepresentation(r, brief));
  });

  app.get(`${base}/realm/available`, async (req: Req) => {
    const { ctx, holder } = await addressed(server, req, kind, "view");
    const mapped = new Set(holder.roleIds);
    return containerRoles(server.db, ctx.realm)
      .filter((r) => !mapped.has(r.id) && ctx.mayRole("map-role", r))
      .sort(byName)
      .map((r) => toRoleRepresentation(r, true));
  });

  app.post(`${base}/realm`, { schema: { body: RoleList } }, async (req: Req, reply) => {
    const { ctx, holder } = await addressed(server, req, kind, "manage");
    const roles = requestedRoles(server, ctx.realm, req.body, undefined);
    await grant(server, ctx, holder, roles);
    if (roles.length)
      await adminEvent(
        server,
        ctx,
        "CREATE",
        "REALM_ROLE_MAPPING",
        `${kind}/${holder.id}/role-mappings/realm`,
        req.body,
      );
    return reply.status(204).send();
  });

  app.delete(`${base}/realm`, { schema: { body: OptionalRoleList } }, async (req: Req, reply) => {
    const { ctx, holder } = await addressed(server, req, kind, "manage");
    const roles =
      req.body === undefined || req.body === null
        ? rolesByIds(server, holder.roleIds, isRealmRole)
        : requestedRoles(server, ctx.realm, req.body, undefined);
    await revoke(server, ctx, holder, roles);
    const representation = roles.map((r) => toRoleRepresentation(r, true));
    await adminEvent(
      server,
      ctx,
      "DELETE",
      "REALM_ROLE_MAPPING",
      `${kind}/${holder.id}/role-mappings/realm`,
      representation,
    );
    return reply.status(204).send();
  });

  const clientBase = `${base}/clients/:clientUuid`;

  app.get(clientBase, async (req: Req) => {
    const { ctx, holder } = await addressed(server, req, kind, "view");
    const client = requireMappedClient(server, ctx, req.params.clientUuid);
    return rolesByIds(server, holder.roleIds, (r) => r.clientId === client.id).map((r) =>
      toRoleRepresentation(r, true),
    );
  });

  app.get(`${clientBase}/composite`, { schema: { querystring: ListQuery } }, async (req: Req) => {
    const { ctx, holder } = await addressed(server, req, kind, "view");
    const client = requireMappedClient(server, ctx, req.params.clientUuid);
    const brief = boolParam(req.query, "briefRepresentation", true);
    return rolesByIds(server, holder.effectiveRoleIds(), (r) => r.clientId === client.id).map((r) =>
      toRoleRepresentation(r, brief),
    );
  });

  app.get(`${clientBase}/available`, async (req: Req) => {
    const { ctx, holder } = await addressed(server, req, kind, "view");
    const client = requireMappedClient(server, ctx, req.params.clientUuid);
    const mapped = new Set(holder.roleIds);
    return containerRoles(server.db, ctx.realm, client.id)
      .filter((r) => !mapped.has(r.id) && ctx.mayRole("map-role", r))
      .sort(byName)
      .map((r) => toRoleRepresentation(r, true));
  });

  app.post(clientBase, { schema: { body: RoleList } }, async (req: Req, reply) => {
    const { ctx, holder } = await addressed(server, req, kind, "manage");
    const client = requireMappedClient(server, ctx, req.params.clientUuid);
    const roles = requestedRoles(server, ctx.realm, req.body, client.id);
    await grant(server, ctx, holder, roles);
    if (roles.length)
      await adminEvent(
        server,
        ctx,
        "CREATE",
        "CLIENT_ROLE_MAPPING",
        `${kind}/${holder.id}/role-mappings/clients/${client.id}`,
        req.body,
      );
    return reply.status(204).send();
  });

  app.delete(clientBase, { schema: { body: OptionalRoleList } }, async (req: Req, reply) => {
    const { ctx, holder } = await addressed(server, req, kind, "manage");
    const client = requireMappedClient(server, ctx, req.params.clientUuid);
    const roles =
      req.body === undefined || req.body === null
        ? rolesByIds(server, holder.roleIds, (r) => r.clientId === client.id)
        : requestedRoles(server, ctx.realm, req.body, client.id);
    await revoke(server, ctx, holder, roles);
    const representation = roles.map((r) => toRoleRepresentation(r, true));
    await adminEvent(
      server,
      ctx,
      "DELETE",
      "CLIENT_ROLE_MAPPING",
      `${kind}/${holder.id}/role-mappings/clients/${client.id}`,
      representation,
    );
    return reply.status(204).send();
  });
}

export async function registerRoleMappingRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  registerHolder(app, server, "users");
  registerHolder(app, server, "groups");
}
