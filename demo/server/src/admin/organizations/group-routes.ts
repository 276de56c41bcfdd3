import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ServerContext } from "../../context.ts";
import type { AdminRequestContext } from "../../access/admin-context.ts";
import type { OrganizationGroupRecord, OrganizationRecord } from "../../store/types.ts";
import { newId, now } from "../../common/ids.ts";
import { badRequest, conflict, notFound } from "../../http/errors.ts";
import { adminEvent } from "../common/admin-event.ts";
import { adminPath, created, noContent } from "../common/reply.ts";
import { boolParam, intParam, page, paramsOf, queryOf, stringParam } from "../common/query.ts";
import { ListQuery, NoBody } from "../common/schemas.ts";
import { userRepresentation } from "../common/user-representation.ts";
import { GroupSchema } from "../groups-roles/schemas.ts";
import { organizationPath, organizationsContext, requireOrganization } from "./lookup.ts";

const BASE = "/admin/realms/:realm/organizations/:id/groups";

type GroupInput = { name?: unknown; description?: unknown; attributes?: unknown };

const groupsOf = (org: OrganizationRecord) => org.groups ?? [];

function pathOf(org: OrganizationRecord, group: OrganizationGroupRecord): string {
  const names = [group.name];
  let parent = group.parentId;
  while (parent) {
    const next = groupsOf(org).find((g) => g.id === parent);
    if (!next) break;
    names.unshift(next.name);
    parent = next.parentId;
  }
  return `/${names.join("/")}`;
}

function representation(org: OrganizationRecord, group: OrganizationGroupRecord, brief = true) {
  const children = groupsOf(org).filter((g) => g.parentId === group.id);
  return {
    id: group.id,
    name: group.name,
    ...(group.description ? { description: group.description } : {}),
    path: pathOf(org, group),
    ...(group.parentId ? { parentId: group.parentId } : {}),
    subGroupCount: children.length,
    subGroups: [],
    ...(brief ? {} : { attributes: group.attributes }),
    access: { view: true, viewMembers: true, manageMembers: true, manage: true, manageMembership: true },
  };
}

function readInput(body: unknown): { name: string; description?: string; attributes?: Record<string, string[]> } {
  const input = (body ?? {}) as GroupInput;
  if (typeof input.name !== "string" || !input.name.trim()) throw badRequest("Group name is missing");
  const attributes =
    input.attributes && typeof input.attributes === "object"
      ? Object.fromEntries(
          Object.entries(input.attributes as Record<string, unknown>).map(([key, value]) => [
            key,
            (Array.isArray(value) ? value : [value]).map(String),
          ]),
        )
      : undefined;
  return {
    name: input.name.trim(),
    ...(typeof input.description === "string" ? { description: input.description } : {}),
    ...(attributes ? { attributes } : {}),
  };
}

/** Descendants of `id`, itself included. */
function subtree(org: OrganizationRecord, id: string): Set<string> {
  const ids = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const group of groupsOf(org))
      if (group.parentId && ids.has(group.parentId) && !ids.has(group.id)) {
        ids.add(group.id);
        grew = true;
      }
  }
  return ids;
}

/** Organization groups (Keycloak 26.6): a group tree of the organization's own, whose members are its members. */
export async function registerOrganizationGroupRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  const context = async (req: FastifyRequest) => {
    const ctx = await organizationsContext(server, req);
    return { ctx, org: requireOrganization(server, ctx, paramsOf<"id">(req).id) };
  };
  const requireGroup = (org: OrganizationRecord, id: string) => {
    const group = groupsOf(org).find((g) => g.id === id);
    if (!group) throw notFound("Could not find group by id");
    return group;
  };
  const save = (org: OrganizationRecord, groups: OrganizationGroupRecord[]) =>
    server.db.write((tx) => tx.put("organizations", { ...org, groups }));
  const list = (req: FastifyRequest, org: OrganizationRecord, parentId: string | null) => {
    const query = queryOf(req);
    const search = stringParam(query, "search")?.toLowerCase();
    const exact = boolParam(query, "exact") ?? false;
    const brief = boolParam(query, "briefRepresentation") ?? true;
    const groups = groupsOf(org)
      .filter((g) => g.parentId === parentId)
      .filter((g) => !search || (exact ? g.name.toLowerCase() === search : g.name.toLowerCase().includes(search)))
      .sort((a, b) => a.name.localeCompare(b.name));
    return page(groups, intParam(query, "first", 0), intParam(query, "max", 100)).map((g) =>
      representation(org, g, brief),
    );
  };
  const create = async (
    ctx: AdminRequestContext,
    org: OrganizationRecord,
    body: unknown,
    parentId: string | null,
    reply: FastifyReply,
  ) => {
    const input = readInput(body);
    if (groupsOf(org).some((g) => g.parentId === parentId && g.name === input.name))
      throw conflict(
        parentId
          ? `Sibling group named '${input.name}' already exists.`
          : `Top level group named '${input.name}' already exists.`,
      );
    const group: OrganizationGroupRecord = {
      id: newId(),
      name: input.name,
      ...(input.description ? { description: input.description } : {}),
      parentId,
      attributes: input.attributes ?? {},
      memberIds: [],
      createdTimestamp: now(),
    };
    await save(org, [...groupsOf(org), group]);
    await adminEvent(server, ctx, "CREATE", "GROUP", organizationPath(org.id, "groups", group.id), input);
    return created(reply, server, adminPath(ctx.realm.realm, "organizations", org.id, "groups", group.id));
  };

  app.get(BASE, { schema: { querystring: ListQuery } }, async (req) => {
    const { org } = await context(req);
    return list(req, org, null);
  });

  app.get(`${BASE}/count`, async (req) => {
    const { org } = await context(req);
    return { count: groupsOf(org).filter((g) => g.parentId === null).length };
  });

  app.post(BASE, { schema: { body: GroupSchema } }, async (req, reply) => {
    const { ctx, org } = await context(req);
    return create(ctx, org, req.body, null, reply);
  });

  app.get(`${BASE}/:groupId`, async (req) => {
    const { org } = await context(req);
    return representation(org, requireGroup(org, paramsOf<"groupId">(req).groupId), false);
  });

  app.put(`${BASE}/:groupId`, { schema: { body: GroupSchema } }, async (req, reply) => {
    const { ctx, org } = await context(req);
    const group = requireGroup(org, paramsOf<"groupId">(req).groupId);
    const input = readInput(req.body);
    if (groupsOf(org).some((g) => g.id !== group.id && g.parentId === group.parentId && g.name === input.name))
      throw conflict(`Sibling group named '${input.name}' already exists.`);
    const updated: OrganizationGroupRecord = {
      ...group,
      name: input.name,
      attributes: input.attributes ?? group.attributes,
    };
    if (input.description !== undefined) updated.description = input.description;
    await save(
      org,
      groupsOf(org).map((g) => (g.id === group.id ? updated : g)),
    );
    await adminEvent(server, ctx, "UPDATE", "GROUP", organizationPath(org.id, "groups", group.id), input);
    return noContent(reply);
  });

  app.delete(`${BASE}/:groupId`, async (req, reply) => {
    const { ctx, org } = await context(req);
    const group = requireGroup(org, paramsOf<"groupId">(req).groupId);
    const removed = subtree(org, group.id);
    await save(
      org,
      groupsOf(org).filter((g) => !removed.has(g.id)),
    );
    await adminEvent(server, ctx, "DELETE", "GROUP", organizationPath(org.id, "groups", group.id));
    return noContent(reply);
  });

  app.get(`${BASE}/:groupId/children`, { schema: { querystring: ListQuery } }, async (req) => {
    const { org } = await context(req);
    const group = requireGroup(org, paramsOf<"groupId">(req).groupId);
    return list(req, org, group.id);
  });

  app.post(`${BASE}/:groupId/children`, { schema: { body: GroupSchema } }, async (req, reply) => {
    const { ctx, org } = await context(req);
    const group = requireGroup(org, paramsOf<"groupId">(req).groupId);
    return create(ctx, org, req.body, group.id, reply);
  });

  app.get(`${BASE}/:groupId/members`, { schema: { querystring: ListQuery } }, async (req) => {
    const { org } = await context(req);
    const group = requireGroup(org, paramsOf<"groupId">(req).groupId);
    const query = queryOf(req);
    const users = group.memberIds
      .filter((id) => id in org.members)
      .map((id) => server.db.get("users", id))
      .filter((user) => user !== undefined)
      .sort((a, b) => a.username.localeCompare(b.username));
    return page(users, intParam(query, "first", 0), intParam(query, "max", 100)).map((u) => userRepresentation(u));
  });

  app.put(`${BASE}/:groupId/members/:userId`, { schema: { body: NoBody } }, async (req, reply) => {
    const { ctx, org } = await context(req);
    const group = requireGroup(org, paramsOf<"groupId">(req).groupId);
    const { userId } = paramsOf<"userId">(req);
    if (!server.db.get("users", userId)) throw notFound("User not found");
    if (!(userId in org.members)) throw badRequest("User is not a member of the organization");
    if (!group.memberIds.includes(userId))
      await save(
        org,
        groupsOf(org).map((g) => (g.id === group.id ? { ...g, memberIds: [...g.memberIds, userId] } : g)),
      );
    await adminEvent(
      server,
      ctx,
      "CREATE",
      "GROUP_MEMBERSHIP",
      organizationPath(org.id, "groups", group.id, "members", userId),
    );
    return noContent(reply);
  });

  app.delete(`${BASE}/:groupId/members/:userId`, async (req, reply) => {
    const { ctx, org } = await context(req);
    const group = requireGroup(org, paramsOf<"groupId">(req).groupId);
    const { userId } = paramsOf<"userId">(req);
    if (!group.memberIds.includes(userId)) throw notFound("User is not a member of the group");
    await save(
      org,
      groupsOf(org).map((g) =>
        g.id === group.id ? { ...g, memberIds: g.memberIds.filter((id) => id !== userId) } : g,
      ),
    );
    await adminEvent(
      server,
      ctx,
      "DELETE",
      "GROUP_MEMBERSHIP",
      organizationPath(org.id, "groups", group.id, "members", userId),
    );
    return noContent(reply);
  });

  app.get("/admin/realms/:realm/organizations/:id/members/:userId/groups", async (req) => {
    const { org } = await context(req);
    const { userId } = paramsOf<"userId">(req);
    if (!(userId in org.members)) throw notFound();
    return groupsOf(org)
      .filter((g) => g.memberIds.includes(userId))
      .sort((a, b) => pathOf(org, a).localeCompare(pathOf(org, b)))
      .map((g) => representation(org, g));
  });
}
