import type { FastifyInstance } from "fastify";
import { boolParam, queryOf } from "../admin/common/query.ts";
import type { ServerContext } from "../context.ts";
import { HttpError } from "../http/errors.ts";
import { now } from "../common/ids.ts";
import { adminContext, type AdminRequestContext } from "./admin-context.ts";
import { isSessionActive } from "./sessions.ts";
import { recordAdminEvent } from "../events/record.ts";
import { NoBody, OfflineQuery } from "../admin/common/schemas.ts";

const authDetails = (ctx: AdminRequestContext) => ({
  realmId: ctx.authRealm.id,
  clientId: ctx.clientId,
  userId: ctx.user.id,
  ipAddress: ctx.ipAddress,
});

/** Realm-wide session administration: delete one session, log out everyone, per-client counts, revocation push. */
export async function registerSessionAdmin(app: FastifyInstance, server: ServerContext): Promise<void> {
  app.delete<{ Params: { realm: string; session: string }; Querystring: { isOffline?: string } }>(
    "/admin/realms/:realm/sessions/:session",
    { schema: { querystring: OfflineQuery } },
    async (req, reply) => {
      const ctx = await adminContext(server, req, req.params.realm);
      ctx.require("manage-users");
      const offline = boolParam(queryOf(req), "isOffline") === true;
      const session = server.db.get("userSessions", req.params.session);
      if (!session || session.realmId !== ctx.realm.id || session.offline !== offline)
        throw new HttpError(404, { error: "Sesssion not found" });
      await server.db.write((tx) => tx.delete("userSessions", session.id));
      await recordAdminEvent(server, ctx.realm, {
        operationType: "DELETE",
        resourceType: "USER_SESSION",
        resourcePath: `sessions/${session.id}`,
        authDetails: authDetails(ctx),
      });
      return reply.status(204).send();
    },
  );

  app.post<{ Params: { realm: string } }>(
    "/admin/realms/:realm/logout-all",
    { schema: { body: NoBody } },
    async (req) => {
      const ctx = await adminContext(server, req, req.params.realm);
      ctx.require("manage-users");
      const sessions = server.db.list("userSessions", ctx.realm.id).filter((s) => !s.offline);
      const realm = { ...ctx.realm, settings: { ...ctx.realm.settings, notBefore: Math.floor(now() / 1000) } };
      await server.db.write((tx) => {
        tx.put("realms", realm);
        for (const s of sessions) tx.delete("userSessions", s.id);
      });
      await recordAdminEvent(server, realm, {
        operationType: "ACTION",
        resourceType: "REALM",
        resourcePath: "logout-all",
        authDetails: authDetails(ctx),
      });
      return {};
    },
  );

  app.get<{ Params: { realm: string } }>("/admin/realms/:realm/client-session-stats", async (req) => {
    const ctx = await adminContext(server, req, req.params.realm);
    ctx.require("view-realm");
    const counts = new Map<string, { active: number; offline: number }>();
    for (const session of server.db.iterate("userSessions", ctx.realm.id)) {
      if (!isSessionActive(ctx.realm, session)) continue;
      for (const clientId of Object.keys(session.clients)) {
        const count = counts.get(clientId) ?? { active: 0, offline: 0 };
        if (session.offline) count.offline++;
        else count.active++;
        counts.set(clientId, count);
      }
    }
    const stats: { id: string; clientId: string; active: string; offline: string }[] = [];
    for (const [id, count] of counts) {
      const client = server.db.get("clients", id);
      if (client)
        stats.push({ id, clientId: client.clientId, active: String(count.active), offline: String(count.offline) });
    }
    return stats;
  });

  app.post<{ Params: { realm: string } }>(
    "/admin/realms/:realm/push-revocation",
    { schema: { body: NoBody } },
    async (req) => {
      const ctx = await adminContext(server, req, req.params.realm);
      ctx.require("manage-realm");
      await recordAdminEvent(server, ctx.realm, {
        operationType: "ACTION",
        resourceType: "REALM",
        resourcePath: "push-revocation",
        authDetails: authDetails(ctx),
      });
      return {};
    },
  );
}
