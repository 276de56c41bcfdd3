import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context.ts";
import { adminContext } from "../../access/admin-context.ts";
import { endSessions, isSessionActive, toUserSessionRepresentation } from "../../access/sessions.ts";
import { notFound } from "../../http/errors.ts";
import { adminEvent } from "../common/admin-event.ts";
import { requireUser } from "../common/lookups.ts";
import { paramsOf } from "../common/query.ts";
import { NoBody } from "../common/schemas.ts";

const USER = "/admin/realms/:realm/users/:id";

export async function registerUserSessionRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  const { db } = server;

  app.get(`${USER}/sessions`, async (req) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    const user = requireUser(db, ctx, paramsOf(req).id);
    ctx.requireUser("view", user);
    return db
      .list("userSessions", ctx.realm.id)
      .filter((s) => s.userId === user.id && !s.offline && isSessionActive(ctx.realm, s))
      .map((s) => toUserSessionRepresentation(db, s));
  });

  app.get(`${USER}/offline-sessions/:clientUuid`, async (req) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    const user = requireUser(db, ctx, paramsOf(req).id);
    ctx.requireUser("view", user);
    const client = db.get("clients", paramsOf(req).clientUuid);
    if (!client || client.realmId !== ctx.realm.id) throw notFound("Client not found");
    return db
      .list("userSessions", ctx.realm.id)
      .filter((s) => s.userId === user.id && s.offline && client.id in s.clients)
      .map((s) => toUserSessionRepresentation(db, s));
  });

  app.post(`${USER}/logout`, { schema: { body: NoBody } }, async (req, reply) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    const user = requireUser(db, ctx, paramsOf(req).id);
    ctx.requireUser("manage", user);
    user.notBefore = Math.floor(Date.now() / 1000);
    await db.write((tx) => tx.put("users", user));
    await endSessions(
      server,
      db.list("userSessions", ctx.realm.id).filter((s) => s.userId === user.id && !s.offline),
    );
    await adminEvent(server, ctx, "ACTION", "USER", `users/${user.id}/logout`);
    return reply.status(204).send();
  });
}
