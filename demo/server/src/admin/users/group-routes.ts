import type { FastifyInstance } from "fastify";
import { beforeFederatedGroupChange } from "../../federation/user-hooks.ts";
import { withMapperMemberships } from "../../federation/ldap-directory-memberships.ts";
import type { ServerContext } from "../../context.ts";
import type { Db } from "../../store/db.ts";
import type { GroupRecord, UserRecord } from "../../store/types.ts";
import type { AdminRequestContext } from "../../access/admin-context.ts";
import { adminContext } from "../../access/admin-context.ts";
import { notFound } from "../../http/errors.ts";
import { adminEvent } from "../common/admin-event.ts";
import { findGroup, requireUser } from "../common/lookups.ts";
import { groupPath } from "../common/group-path.ts";
import { omitUndefined } from "../common/omit-undefined.ts";
import { boolParam, intParam, paramsOf, queryOf, stringParam } from "../common/query.ts";
import { NoBody } from "../common/schemas.ts";
import { ListQuery } from "../common/schemas.ts";

const USER = "/admin/realms/:realm/users/:id";

function groupRepresentation(db: Db, ctx: AdminRequestContext, group: GroupRecord, brief: boolean) {
  const rep: Record<string, unknown> = omitUndefined({
    id: group.id,
    name: group.name,
    description: group.description,
    path: groupPath(db, group),
    parentId: group.parentId ?? undefined,
  });
  if (brief) return rep;
  const realmRoles: string[] = [];
  const clientRoles: Record<string, string[]> = {};
  for (const roleId of group.roleIds) {
    const role = db.get("roles", roleId);
    if (!role) continue;
    if (!role.clientId) realmRoles.push(role.name);
    else {
      const clientId = db.get("clients", role.clientId)?.clientId ?? role.clientId;
      (clientRoles[clientId] ??= []).push(role.name);
    }
  }
  return {
    ...rep,
    attributes: group.attributes,
    realmRoles,
    clientRoles,
    access: {
      view: ctx.mayGroup("view", group),
      viewMembers: ctx.mayGroup("view-members", group),
      manageMembers: ctx.mayGroup("manage-members", group),
      manage: ctx.mayGroup("manage", group),
      manageMembership: ctx.mayGroup("manage-membership", group),
    },
  };
}

/**
 * The user's direct groups the caller may view (as Keycloak 26 filters them: a grant on a group's members alone
 * shows none), by name, filtered by `search` (name contains, case-insensitive).
 */
function userGroups(db: Db, ctx: AdminRequestContext, user: UserRecord, search: string | undefined): GroupRecord[] {
  const needle = search?.toLowerCase();
  return withMapperMemberships(db, user)
    .groupIds.map((id) => findGroup(db, ctx.realm, id))
    .filter(
      (g): g is GroupRecord => !!g && (!needle || g.name.toLowerCase().includes(needle)) && ctx.mayGroup("view", g),
    )
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

export async function registerUserGroupRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  const { db } = server;

  app.get(`${USER}/groups`, { schema: { querystring: ListQuery } }, async (req) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    const user = requireUser(db, ctx, paramsOf(req).id);
    ctx.requireUser("view", user);
    const query = queryOf(req);
    const brief = boolParam(query, "briefRepresentation") ?? true;
    const first = Math.max(intParam(query, "first") ?? 0, 0);
    const max = intParam(query, "max") ?? -1;
    const groups = userGroups(db, ctx, user, stringParam(query, "search"));
    const page = max >= 0 ? groups.slice(first, first + max) : groups.slice(first);
    return page.map((g) => ({ subGroups: [], ...groupRepresentation(db, ctx, g, brief) }));
  });

  app.get(`${USER}/groups/count`, { schema: { querystring: ListQuery } }, async (req) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    const user = requireUser(db, ctx, paramsOf(req).id);
    ctx.requireUser("view", user);
    return { count: userGroups(db, ctx, user, stringParam(queryOf(req), "search")).length };
  });

  app.put(`${USER}/groups/:groupId`, { schema: { body: NoBody } }, async (req, reply) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    const user = requireUser(db, ctx, paramsOf(req).id);
    ctx.requireUser("manage-group-membership", user);
    const group = findGroup(db, ctx.realm, paramsOf(req).groupId);
    if (!group) throw notFound("Group not found");
    ctx.requireGroup("manage-membership", group);
    if (!withMapperMemberships(db, user).groupIds.includes(group.id)) {
      if (!(await beforeFederatedGroupChange(server, user, group, "add"))) {
        user.groupIds = [...user.groupIds, group.id];
        await db.write((tx) => tx.put("users", user));
      }
      await adminEvent(
        server,
        ctx,
        "CREATE",
        "GROUP_MEMBERSHIP",
        `users/${user.id}/groups/${group.id}`,
        groupRepresentation(db, ctx, group, true),
      );
    }
    return reply.status(204).send();
  });

  app.delete(`${USER}/groups/:groupId`, async (req, reply) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    const user = requireUser(db, ctx, paramsOf(req).id);
    ctx.requireUser("manage-group-membership", user);
    const group = findGroup(db, ctx.realm, paramsOf(req).groupId);
    if (!group) throw notFound("Group not found");
    ctx.requireGroup("manage-membership", group);
    if (withMapperMemberships(db, user).groupIds.includes(group.id)) {
      await beforeFederatedGroupChange(server, user, group, "delete");
      user.groupIds = user.groupIds.filter((id) => id !== group.id);
      await db.write((tx) => tx.put("users", user));
      await adminEvent(
        server,
        ctx,
        "DELETE",
        "GROUP_MEMBERSHIP",
        `users/${user.id}/groups/${group.id}`,
        groupRepresentation(db, ctx, group, true),
      );
    }
    return reply.status(204).send();
  });
}
