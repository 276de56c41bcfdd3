import type { FastifyInstance } from "fastify";
import { boolParam, queryOf } from "../admin/common/query.ts";
import type { ServerContext } from "../context.ts";
import { HttpError } from "../http/errors.ts";
import { frontendUrl } from "../http/frontend-url.ts";
import { now } from "../common/ids.ts";
import { adminContext } from "./admin-context.ts";
import { endSessions } from "./sessions.ts";
import { clientSessionCounts } from "./session-counts.ts";
import { offlineRecordId } from "./offline-sessions.ts";
import { logoutAllClients, pushNotBefore } from "./revocation-push.ts";
import { startSessionSweep } from "./session-expiry.ts";
import { adminEvent } from "../admin/common/admin-event.ts";
import { NoBody, OfflineQuery } from "../admin/common/schemas.ts";

/** Realm-wide session administration: delete one session, log out everyone, per-client counts, revocation push. */
export async function registerSessionAdmin(app: FastifyInstance, server: ServerContext): Promise<void> {
  // Expired sessions are removed periodically once the server is ready (registering the routes alone starts nothing).
  let stopSessionSweep = () => {};
  app.addHook("onReady", async () => {
    stopSessionSweep = startSessionSweep(server);
  });
  app.addHook("onClose", async () => stopSessionSweep());
  app.delete<{ Params: { realm: string; session: string }; Querystring: { isOffline?: string } }>(
    "/admin/realms/:realm/sessions/:session",
    { schema: { querystring: OfflineQuery } },
    async (req, reply) => {
      const ctx = await adminContext(server, req, req.params.realm);
      ctx.require("manage-users");
      const offline = boolParam(queryOf(req), "isOffline") === true;
      const id = offline ? offlineRecordId(req.params.session) : req.params.session;
      const session = server.db.get("userSessions", id);
      if (!session || session.realmId !== ctx.realm.id || session.offline !== offline)
        throw new HttpError(404, { error: "Sesssion not found" });
      // As Keycloak's backchannel logout of an offline session: the regular session it came from goes with it.
      const online = offline ? server.db.get("userSessions", req.params.session) : undefined;
      await endSessions(server, online && online.realmId === ctx.realm.id ? [session, online] : [session], {
        baseUrl: frontendUrl(server, req),
      });
      await adminEvent(server, ctx, "DELETE", "USER_SESSION", `sessions/${req.params.session}`);
      return reply.status(204).send();
    },
  );

  /**
   * As Keycloak: ends the realm's regular sessions, sets the realm's not-before to now and pushes it to the
   * clients with an admin URL. Offline sessions stay (Keycloak removes only the regular ones); the not-before
   * refuses the offline tokens issued before it.
   */
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
      const result = await logoutAllClients(server, realm, server.db.list("clients", realm.id));
      await adminEvent(server, ctx, "ACTION", "REALM", "logout-all", result, realm);
      return result;
    },
  );

  app.get<{ Params: { realm: string } }>("/admin/realms/:realm/client-session-stats", async (req) => {
    const ctx = await adminContext(server, req, req.params.realm);
    ctx.require("view-realm");
    const counts = clientSessionCounts(server.db, ctx.realm);
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
      const result = await pushNotBefore(server, ctx.realm, server.db.list("clients", ctx.realm.id));
      await adminEvent(server, ctx, "ACTION", "REALM", "push-revocation", result);
      return result;
    },
  );
}
