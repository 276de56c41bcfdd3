import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ServerContext } from "../../context.ts";
import type { ClientRecord, UserSessionRecord } from "../../store/types.ts";
import { adminContext } from "../../access/admin-context.ts";
import { toUserSessionRepresentation } from "../../access/sessions.ts";
import { liveSessions } from "../../access/session-expiry.ts";
import { sessionIndex } from "../../access/session-index.ts";
import { intParam, page, paramsOf, queryOf } from "../common/query.ts";
import { requireClient } from "../common/lookups.ts";
import { ListQuery } from "../common/schemas.ts";

/** Keycloak's Constants.DEFAULT_MAX_RESULTS, the page size when `max` is left out. */
const DEFAULT_MAX_RESULTS = 100;

/** /clients/{id}/user-sessions, /offline-sessions and their counts. */
export async function registerClientSessionRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  const { db } = server;
  const base = "/admin/realms/:realm/clients/:id";

  const sessionsOf = (client: ClientRecord, offline: boolean): UserSessionRecord[] => {
    const realm = db.get("realms", client.realmId)!;
    const index = sessionIndex(db, realm.id);
    const ids = (offline ? index.offlineByClient : index.regularByClient).get(client.id) ?? [];
    return liveSessions(db, realm, ids).sort((a, b) => a.start - b.start);
  };

  const resolve = async (req: FastifyRequest) => {
    const { realm, id } = paramsOf<"id">(req);
    const ctx = await adminContext(server, req, realm);
    const client = requireClient(db, ctx, id);
    ctx.requireClientScope("view", client);
    return client;
  };

  for (const [path, offline] of [
    ["user-sessions", false],
    ["offline-sessions", true],
  ] as const) {
    app.get(`${base}/${path}`, { schema: { querystring: ListQuery } }, async (req) => {
      const client = await resolve(req);
      return page(
        sessionsOf(client, offline),
        intParam(queryOf(req), "first"),
        intParam(queryOf(req), "max") ?? DEFAULT_MAX_RESULTS,
      ).map((s) => toUserSessionRepresentation(db, s));
    });
  }
  app.get(`${base}/session-count`, async (req) => ({ count: sessionsOf(await resolve(req), false).length }));
  app.get(`${base}/offline-session-count`, async (req) => ({ count: sessionsOf(await resolve(req), true).length }));
}
