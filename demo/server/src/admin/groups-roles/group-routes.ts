import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ServerContext } from "../../context.ts";
import { frontendUrl } from "../../http/frontend-url.ts";
import type { GroupRecord } from "../../store/types.ts";
import { adminContext } from "../../access/admin-context.ts";
import { forbidden, notFound } from "../../http/errors.ts";
import { childGroups } from "./group-index.ts";
import { toGroupRepresentation } from "./group-representation.ts";
import { groupsByAttributes, groupsByName, toGroupHierarchy } from "./group-search.ts";
import { createGroup, deleteGroup, moveGroup, requireGroupName, updateGroup, type GroupInput } from "./group-store.ts";
import { memberRepresentation } from "../common/user-representation.ts";
import { adminEvent } from "../common/admin-event.ts";
import { requireGroup } from "../common/lookups.ts";
import { boolParam, intParam, page, parseSearchQuery, type Query, stringParam } from "../common/query.ts";
import { byName, containsIgnoreCase } from "./name-matching.ts";
import { groupMembers } from "../common/user-links-index.ts";
import { directoryGroupMembers, withDirectoryMembers } from "../../federation/ldap-directory-members.ts";
import { GroupSchema, PermissionsSchema } from "./schemas.ts";
import { ListQuery } from "../common/schemas.ts";

type RealmParams = { Params: { realm: string }; Querystring: Query };
type GroupParams = { Params: { realm: string; id: string }; Querystring: Query };
type GroupBody = { Params: { realm: string; id: string }; Body: GroupInput | undefined };
type TopBody = { Params: { realm: string }; Body: GroupInput | undefined };

const DEFAULT_MAX_MEMBERS = 100;
const DEFAULT_MAX_CHILDREN = 10;

export async function registerGroupRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  const { db } = server;
  const groupUrl = (req: FastifyRequest, realmName: string, id: string) =>
    `${frontendUrl(server, req)}/admin/realms/${encodeURIComponent(realmName)}/groups/${id}`;

  app.get<RealmParams>("/admin/realms/:realm/groups", { schema: { querystring: ListQuery } }, async (req) => {
    const ctx = await adminContext(server, req, req.params.realm);
    ctx.requireAny("query-groups", "view-users");
    const query = req.query;
    const search = stringParam(query, "search");
    const q = stringParam(query, "q");
    const first = intParam(query, "first");
    const max = intParam(query, "max");
    const options = {
      full: !boolParam(query, "briefRepresentation", true),
      subGroupCount: boolParam(query, "subGroupsCount", true),
    };
    const reach = ctx.groupsVisible();
    const visible = (groups: GroupRecord[]) => (reach === "all" ? groups : groups.filter((g) => reach.has(g.id)));
    let matches: GroupRecord[];
    if (q !== undefined) matches = page(visible(groupsByAttributes(db, ctx.realm.id, parseSearchQuery(q))), first, max);
    else if (search !== undefined)
      matches = page(
        visible(groupsByName(db, ctx.realm.id, search.trim(), boolParam(query, "exact", false))),
        first,
        max,
      );
    else matches = page(visible(childGroups(db, ctx.realm.id, null).sort(byName)), first, max);
    if ((q !== undefined || search !== undefined) && boolParam(query, "populateHierarchy", true)) {
      return toGroupHierarchy(db, ctx, matches, options);
    }
    return matches.map((group) => toGroupRepresentation(db, ctx, group, options));
  });

  app.get<RealmParams>("/admin/realms/:realm/groups/count", { schema: { querystring: ListQuery } }, async (req) => {
    const ctx = await adminContext(server, req, req.params.realm);
    ctx.requireAny("query-groups", "view-users");
    const search = stringParam(req.query, "search");
    const reach = ctx.groupsVisible();
    const count = (groups: GroupRecord[]) => ({
      count: reach === "all" ? groups.length : groups.filter((g) => reach.has(g.id)).length,
    });
    if (search !== undefined) return count(groupsByName(db, ctx.realm.id, search.trim(), false));
    if (boolParam(req.query, "top", false)) return count(childGroups(db, ctx.realm.id, null));
    if (reach !== "all") return { count: reach.size };
    return { count: db.count("groups", ctx.realm.id) };
  });

  app.post<TopBody>("/admin/realms/:realm/groups", { schema: { body: GroupSchema } }, async (req, reply) => {
    const ctx = await adminContext(server, req, req.params.realm);
    // Keycloak: a top-level group needs manage on all groups; moving one to the top also manage on it.
    if (!ctx.mayAllGroups("manage")) throw forbidden();
    const input = req.body ?? {};
    requireGroupName(input);
    if (typeof input.id === "string") {
      const group = db.get("groups", input.id);
      if (!group || group.realmId !== ctx.realm.id) throw notFound("Could not find child by id");
      ctx.requireGroup("manage", group);
      await moveGroup(server, group, null);
      await adminEvent(server, ctx, "UPDATE", "GROUP", "groups", input);
      return reply.status(204).send();
    }
    const group = await createGroup(server, ctx.realm, null, input);
    await adminEvent(server, ctx, "CREATE", "GROUP", `groups/${group.id}`, { ...input, id: group.id });
    return reply
      .status(201)
      .header("location", groupUrl(req, ctx.realm.realm, group.id))
      .send();
  });

  app.get<GroupParams>("/admin/realms/:realm/groups/:id", async (req) => {
    const ctx = await adminContext(server, req, req.params.realm);
    const group = requireGroup(db, ctx.realm, req.params.id);
    ctx.requireGroup("view", group);
    return toGroupRepresentation(db, ctx, group, { full: true, subGroupCount: true });
  });

  app.put<GroupBody>("/admin/realms/:realm/groups/:id", { schema: { body: GroupSchema } }, async (req, reply) => {
    const ctx = await adminContext(server, req, req.params.realm);
    const group = requireGroup(db, ctx.realm, req.params.id);
    ctx.requireGroup("manage", group);
    await updateGroup(server, group, req.body ?? {});
    await adminEvent(server, ctx, "UPDATE", "GROUP", `groups/${group.id}`, req.body);
    return reply.status(204).send();
  });

  app.delete<GroupParams>("/admin/realms/:realm/groups/:id", async (req, reply) => {
    const ctx = await adminContext(server, req, req.params.realm);
    const group = requireGroup(db, ctx.realm, req.params.id);
    ctx.requireGroup("manage", group);
    await deleteGroup(server, ctx.realm, group);
    await adminEvent(server, ctx, "DELETE", "GROUP", `groups/${group.id}`);
    return reply.status(204).send();
  });

  app.get<GroupParams>(
    "/admin/realms/:realm/groups/:id/children",
    { schema: { querystring: ListQuery } },
    async (req) => {
      const ctx = await adminContext(server, req, req.params.realm);
      const group = requireGroup(db, ctx.realm, req.params.id);
      // A parent of a group the caller may view is browsable, showing only the children on the way there.
      const reach = ctx.groupsVisible();
      if (reach !== "all" && !reach.has(group.id)) throw forbidden();
      const query = req.query;
      const search = stringParam(query, "search");
      const exact = boolParam(query, "exact", false);
      let children = childGroups(db, ctx.realm.id, group.id);
      if (reach !== "all") children = children.filter((g) => reach.has(g.id));
      if (search) children = children.filter((g) => (exact ? g.name === search : containsIgnoreCase(g.name, search)));
      const shown = page(
        children.sort(byName),
        intParam(query, "first") ?? 0,
        intParam(query, "max") ?? DEFAULT_MAX_CHILDREN,
      );
      const options = {
        full: !boolParam(query, "briefRepresentation", false),
        subGroupCount: boolParam(query, "subGroupsCount", true),
      };
      return shown.map((child) => toGroupRepresentation(db, ctx, child, options));
    },
  );

  app.post<GroupBody>(
    "/admin/realms/:realm/groups/:id/children",
    { schema: { body: GroupSchema } },
    async (req, reply) => {
      const ctx = await adminContext(server, req, req.params.realm);
      const parent = requireGroup(db, ctx.realm, req.params.id);
      ctx.requireGroup("manage", parent);
      const input = req.body ?? {};
      requireGroupName(input);
      if (typeof input.id === "string") {
        const child = db.get("groups", input.id);
        if (!child || child.realmId !== ctx.realm.id) throw notFound("Could not find child by id");
        await moveGroup(server, child, parent.id);
        await adminEvent(server, ctx, "UPDATE", "GROUP", `groups/${parent.id}/children`, input);
        return reply.status(204).send();
      }
      const child = await createGroup(server, ctx.realm, parent.id, input);
      await adminEvent(server, ctx, "CREATE", "GROUP", `groups/${parent.id}/children`, { ...input, id: child.id });
      return reply
        .status(201)
        .header("location", groupUrl(req, ctx.realm.realm, child.id))
        .send(toGroupRepresentation(db, ctx, child, { full: true, subGroupCount: false }));
    },
  );

  app.get<GroupParams>(
    "/admin/realms/:realm/groups/:id/members",
    { schema: { querystring: ListQuery } },
    async (req) => {
      const ctx = await adminContext(server, req, req.params.realm);
      const group = requireGroup(db, ctx.realm, req.params.id);
      ctx.requireGroup("view-members", group);
      const members = groupMembers(db, group.id);
      members.sort((a, b) => (a.username < b.username ? -1 : a.username > b.username ? 1 : 0));
      const brief = boolParam(req.query, "briefRepresentation", false);
      const shown = await withDirectoryMembers(
        members,
        intParam(req.query, "first") ?? 0,
        intParam(req.query, "max") ?? DEFAULT_MAX_MEMBERS,
        (first, max) => directoryGroupMembers(server, ctx.realm, group, first, max),
      );
      return shown.map((u) => memberRepresentation(u, brief));
    },
  );

  app.get<GroupParams>("/admin/realms/:realm/groups/:id/management/permissions", async (req) => {
    const ctx = await adminContext(server, req, req.params.realm);
    requireGroup(db, ctx.realm, req.params.id);
    ctx.require("view-users");
    return { enabled: false };
  });

  app.put<GroupParams>(
    "/admin/realms/:realm/groups/:id/management/permissions",
    { schema: { body: PermissionsSchema } },
    async (req) => {
      const ctx = await adminContext(server, req, req.params.realm);
      requireGroup(db, ctx.realm, req.params.id);
      ctx.require("manage-users");
      return { enabled: false };
    },
  );
}
