import type { FastifyInstance } from "fastify";
import { frontendUrl } from "../../http/frontend-url.ts";
import type { ServerContext } from "../../context.ts";
import { adminContext } from "../../access/admin-context.ts";
import { endSessions, toUserSessionRepresentation } from "../../access/sessions.ts";
import { liveSessionsOfUser } from "../../access/session-expiry.ts";
import { sessionIdsOfUser } from "../../access/session-index.ts";
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
    return liveSessionsOfUser(db, ctx.realm, user.id)
      .filter((s) => !s.offline)
      .map((s) => toUserSessionRepresentation(db, s));
  });

  app.get(`${USER}/offline-sessions/:clientUuid`, async (req) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    const user = requireUser(db, ctx, paramsOf(req).id);
    ctx.requireUser("view", user);
    const client = db.get("clients", paramsOf(req).clientUuid);
    if (!client || client.realmId !== ctx.realm.id) throw notFound("Client not found");
    return liveSessionsOfUser(db, ctx.realm, user.id)
      .filter((s) => s.offline && client.id in s.clients)
      .map((s) => toUserSessionRepresentation(db, s));
  });

  app.post(`${USER}/logout`, { schema: { body: NoBody } }, async (req, reply) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    const user = requireUser(db, ctx, paramsOf(req).id);
    ctx.requireUser("manage", user);
    user.notBefore = Math.floor(Date.now() / 1000);
    await db.write((tx) => tx.put("users", user));
    const regular = sessionIdsOfUser(db, ctx.realm.id, user.id).flatMap((id) => {
      const session = db.get("userSessions", id);
      return session && !session.offline ? [session] : [];
    });
    await endSessions(server, regular, { baseUrl: frontendUrl(server, req) });
    await adminEvent(server, ctx, "ACTION", "USER", `users/${user.id}/logout`);
    return reply.status(204).send();
  });
}
