import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context.ts";
import { adminContext } from "../../access/admin-context.ts";
import { notFound } from "../../http/errors.ts";
import { ExportNames } from "../../realm/export-names.ts";
import { adminEvent } from "../common/admin-event.ts";
import { writeRealm } from "./realm-write.ts";
import { childrenIndex, groupRepresentation } from "./group-shape.ts";
import { NoBody } from "../common/schemas.ts";

type RealmParams = { Params: { realm: string } };
type GroupParams = { Params: { realm: string; groupId: string } };

export async function registerDefaultGroupRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  const { db } = server;

  app.get<RealmParams>("/admin/realms/:realm/default-groups", async (req) => {
    const ctx = await adminContext(server, req, req.params.realm);
    ctx.require("view-realm");
    const names = new ExportNames(db, ctx.realm);
    const children = childrenIndex(db, ctx.realm.id);
    return ctx.realm.defaultGroupIds
      .map((id) => db.get("groups", id))
      .filter((g) => g !== undefined)
      .map((g) => groupRepresentation(db, names, children, g, false, false));
  });

  const groupOf = (realmId: string, groupId: string) => {
    const group = db.get("groups", groupId);
    if (!group || group.realmId !== realmId) throw notFound("Group not found");
    return group;
  };

  app.put<GroupParams>(
    "/admin/realms/:realm/default-groups/:groupId",
    { schema: { body: NoBody } },
    async (req, reply) => {
      const ctx = await adminContext(server, req, req.params.realm);
      ctx.require("manage-realm");
      const group = groupOf(ctx.realm.id, req.params.groupId);
      if (!ctx.realm.defaultGroupIds.includes(group.id)) {
        await writeRealm(server, ctx.realm.id, (r) => ({
          ...r,
          defaultGroupIds: [...r.defaultGroupIds.filter((id) => id !== group.id), group.id],
        }));
      }
      await adminEvent(server, ctx, "CREATE", "REALM", `default-groups/${group.id}`);
      return reply.status(204).send();
    },
  );

  app.delete<GroupParams>("/admin/realms/:realm/default-groups/:groupId", async (req, reply) => {
    const ctx = await adminContext(server, req, req.params.realm);
    ctx.require("manage-realm");
    const group = groupOf(ctx.realm.id, req.params.groupId);
    if (ctx.realm.defaultGroupIds.includes(group.id)) {
      await writeRealm(server, ctx.realm.id, (r) => ({
        ...r,
        defaultGroupIds: r.defaultGroupIds.filter((id) => id !== group.id),
      }));
    }
    await adminEvent(server, ctx, "DELETE", "REALM", `default-groups/${group.id}`);
    return reply.status(204).send();
  });

  app.get<{ Params: { realm: string; "*": string } }>("/admin/realms/:realm/group-by-path/*", async (req) => {
    const ctx = await adminContext(server, req, req.params.realm);
    ctx.require("view-users");
    const wanted = "/" + decodeURIComponent(req.params["*"]).replace(/^\/+|\/+$/g, "");
    const names = new ExportNames(db, ctx.realm);
    for (const g of db.iterate("groups", ctx.realm.id)) {
      if (names.groupPath(g.id) === wanted)
        return groupRepresentation(db, names, childrenIndex(db, ctx.realm.id), g, true, true);
    }
    throw notFound("Group path does not exist");
  });
}
