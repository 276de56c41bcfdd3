import type { FastifyInstance } from "fastify";
import { randomBytes } from "node:crypto";
import type { ServerContext } from "../../context.ts";
import { frontendUrl } from "../../http/frontend-url.ts";
import type { ClientInitialAccessRecord, RealmRecord } from "../../store/types.ts";
import { adminContext } from "../../access/admin-context.ts";
import { newId } from "../../common/ids.ts";
import { adminPath, noContent } from "../common/reply.ts";
import { adminEvent } from "../common/admin-event.ts";
import { objectBody } from "../common/body.ts";
import { paramsOf } from "../common/query.ts";
import { InitialAccessSchema } from "./schemas.ts";

const nowSeconds = () => Math.floor(Date.now() / 1000);

const isLive = (entry: ClientInitialAccessRecord) =>
  entry.remainingCount > 0 && (entry.expiration === 0 || entry.timestamp + entry.expiration > nowSeconds());

const presentation = (entry: ClientInitialAccessRecord) => ({
  id: entry.id,
  timestamp: entry.timestamp,
  expiration: entry.expiration,
  count: entry.count,
  remainingCount: entry.remainingCount,
});

/** /admin/realms/{realm}/clients-initial-access: client registration initial access tokens. */
export async function registerInitialAccessRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  const { db } = server;
  const base = "/admin/realms/:realm/clients-initial-access";
  const storedRealm = (realm: RealmRecord) => db.get("realms", realm.id) ?? realm;

  app.get(base, async (req) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.require("view-clients");
    return (storedRealm(ctx.realm).clientInitialAccess ?? []).filter(isLive).map(presentation);
  });

  app.post(base, { schema: { body: InitialAccessSchema } }, async (req, reply) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.require("manage-clients");
    const input = objectBody(req.body);
    const entry: ClientInitialAccessRecord = {
      id: newId(),
      timestamp: nowSeconds(),
      expiration: typeof input.expiration === "number" && input.expiration > 0 ? Math.floor(input.expiration) : 0,
      count: typeof input.count === "number" && input.count > 0 ? Math.floor(input.count) : 1,
      remainingCount: 0,
    };
    entry.remainingCount = entry.count;
    const realm = storedRealm(ctx.realm);
    await db.write((tx) => {
      realm.clientInitialAccess = [...(realm.clientInitialAccess ?? []).filter(isLive), entry];
      tx.put("realms", realm);
    });
    await adminEvent(server, ctx, "CREATE", "CLIENT_INITIAL_ACCESS_MODEL", `clients-initial-access/${entry.id}`, input);
    const location = `${frontendUrl(server, req)}${adminPath(ctx.realm.realm, "clients-initial-access", entry.id)}`;
    return reply
      .status(201)
      .header("location", location)
      .send({ ...presentation(entry), token: `${entry.id}.${randomBytes(32).toString("base64url")}` });
  });

  app.delete(`${base}/:accessId`, async (req, reply) => {
    const { realm: realmName, accessId } = paramsOf<"accessId">(req);
    const ctx = await adminContext(server, req, realmName);
    ctx.require("manage-clients");
    const realm = storedRealm(ctx.realm);
    if ((realm.clientInitialAccess ?? []).some((entry) => entry.id === accessId)) {
      await db.write((tx) => {
        realm.clientInitialAccess = (realm.clientInitialAccess ?? []).filter((entry) => entry.id !== accessId);
        tx.put("realms", realm);
      });
    }
    await adminEvent(server, ctx, "DELETE", "CLIENT_INITIAL_ACCESS_MODEL", `clients-initial-access/${accessId}`);
    return noContent(reply);
  });
}
