import type { FastifyInstance } from "fastify";
import { SignJWT } from "jose";
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
import { HttpError } from "../../http/errors.ts";
import { realmSigningKey } from "../../oidc/keys.ts";
import { issuerOf } from "../../oidc/tokens.ts";

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Listed until it expires, as Keycloak lists them (a used-up token too, until its expiry removes it). */
const isLive = (entry: ClientInitialAccessRecord) =>
  entry.expiration === 0 || entry.timestamp + entry.expiration > nowSeconds();

/** Keycloak's 400 for a negative count or expiration. */
function refuseNegative(value: unknown, field: "count" | "expiration"): void {
  if (typeof value === "number" && value < 0)
    throw new HttpError(400, {
      error: `Invalid value for ${field}`,
      error_description:
        field === "count" ? "The count cannot be less than 0" : "The expiration time interval cannot be less than 0",
    });
}

/**
 * The token Keycloak hands out once: a JWT of type InitialAccessToken whose jti is the listed id, issued by and for
 * the realm, signed with the realm's HMAC key (HS512), expiring with the entry (exp 0 when it never expires).
 */
async function initialAccessToken(
  server: ServerContext,
  realm: RealmRecord,
  issuer: string,
  entry: ClientInitialAccessRecord,
) {
  const key = await realmSigningKey(server, realm, "HS512");
  return new SignJWT({
    exp: entry.expiration > 0 ? entry.timestamp + entry.expiration : 0,
    iat: entry.timestamp,
    jti: entry.id,
    iss: issuer,
    aud: issuer,
    typ: "InitialAccessToken",
  })
    .setProtectedHeader({ alg: key.algorithm, typ: "JWT", kid: key.kid })
    .sign(key.privateKey);
}

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
    refuseNegative(input.expiration, "expiration");
    refuseNegative(input.count, "count");
    const entry: ClientInitialAccessRecord = {
      id: newId(),
      timestamp: nowSeconds(),
      expiration: typeof input.expiration === "number" && input.expiration > 0 ? Math.floor(input.expiration) : 0,
      count: typeof input.count === "number" ? Math.floor(input.count) : 1,
      remainingCount: 0,
    };
    entry.remainingCount = entry.count;
    const realm = storedRealm(ctx.realm);
    await db.write((tx) => {
      realm.clientInitialAccess = [...(realm.clientInitialAccess ?? []).filter(isLive), entry];
      tx.put("realms", realm);
    });
    await adminEvent(server, ctx, "CREATE", "CLIENT_INITIAL_ACCESS_MODEL", `clients-initial-access/${entry.id}`, input);
    const base = frontendUrl(server, req);
    const location = `${base}${adminPath(ctx.realm.realm, "clients-initial-access", entry.id)}`;
    const token = await initialAccessToken(server, ctx.realm, issuerOf(base, ctx.realm), entry);
    const { id, ...rest } = presentation(entry);
    return reply
      .status(201)
      .header("location", location)
      .send({ id, token, ...rest });
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
