import type { FastifyInstance } from "fastify";
import { randomBytes } from "node:crypto";
import type { ServerContext } from "../../context.ts";
import { adminContext } from "../../access/admin-context.ts";
import { notFound } from "../../http/errors.ts";
import { assignNewSecret, clientAttributes } from "./secrets.ts";
import { clientRepresentation } from "./representations.ts";
import { clientAccess } from "./client-routes.ts";
import { adminEvent } from "../common/admin-event.ts";
import { noContent } from "../common/reply.ts";
import { paramsOf } from "../common/query.ts";
import { requireClient } from "../common/lookups.ts";
import { NoBody } from "../common/schemas.ts";

const ROTATED = "client.secret.rotated";
const ROTATION_INFO = [
  "client.secret.rotated",
  "client.secret.rotated.creation.time",
  "client.secret.rotated.expiration.time",
  "client.secret.expiration.time",
];

/** Client secret, rotated secret and registration access token of a client. */
export async function registerClientSecretRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  const { db } = server;
  const base = "/admin/realms/:realm/clients/:id";

  app.get(`${base}/client-secret`, async (req) => {
    const { realm, id } = paramsOf<"id">(req);
    const ctx = await adminContext(server, req, realm);
    const client = requireClient(db, ctx, id);
    ctx.requireClientScope("view", client);
    const secret = client.rep.secret;
    return typeof secret === "string" ? { type: "secret", value: secret } : { type: "secret" };
  });

  // Without a client secret rotation policy Keycloak keeps no rotated secret and drops any rotation info.
  app.post(`${base}/client-secret`, { schema: { body: NoBody } }, async (req) => {
    const { realm, id } = paramsOf<"id">(req);
    const ctx = await adminContext(server, req, realm);
    const client = requireClient(db, ctx, id);
    ctx.requireClientScope("manage", client);
    const secret = await db.write((tx) => {
      const value = assignNewSecret(client);
      const attributes = clientAttributes(client);
      for (const key of ROTATION_INFO) delete attributes[key];
      tx.put("clients", client);
      return value;
    });
    const rep = { type: "secret", value: secret };
    await adminEvent(server, ctx, "ACTION", "CLIENT", `clients/${client.id}/client-secret`, rep);
    return rep;
  });

  app.get(`${base}/client-secret/rotated`, async (req) => {
    const { realm, id } = paramsOf<"id">(req);
    const ctx = await adminContext(server, req, realm);
    const client = requireClient(db, ctx, id);
    ctx.requireClientScope("view", client);
    const rotated = clientAttributes(client)[ROTATED];
    if (!rotated) throw notFound("Client does not have a rotated secret");
    return { type: "secret", value: rotated };
  });

  app.delete(`${base}/client-secret/rotated`, async (req, reply) => {
    const { realm, id } = paramsOf<"id">(req);
    const ctx = await adminContext(server, req, realm);
    const client = requireClient(db, ctx, id);
    ctx.requireClientScope("manage", client);
    const attributes = clientAttributes(client);
    if (attributes[ROTATED] !== undefined) {
      await db.write((tx) => {
        delete attributes[ROTATED];
        delete attributes["client.secret.rotated.creation.time"];
        delete attributes["client.secret.rotated.expiration.time"];
        tx.put("clients", client);
      });
    }
    await adminEvent(server, ctx, "DELETE", "CLIENT", `clients/${client.id}/client-secret/rotated`);
    return noContent(reply);
  });

  app.post(`${base}/registration-access-token`, { schema: { body: NoBody } }, async (req) => {
    const { realm, id } = paramsOf<"id">(req);
    const ctx = await adminContext(server, req, realm);
    const client = requireClient(db, ctx, id);
    ctx.requireClientScope("manage", client);
    const rep = {
      ...clientRepresentation(db, client, clientAccess(ctx, client)),
      registrationAccessToken: randomBytes(32).toString("base64url"),
    };
    await adminEvent(server, ctx, "ACTION", "CLIENT", `clients/${client.id}/registration-access-token`, rep);
    return rep;
  });
}
