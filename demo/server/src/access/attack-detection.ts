import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../context.ts";
import { adminContext } from "./admin-context.ts";
import { bruteForceStatus } from "./brute-force.ts";
import { recordAdminEvent } from "../events/record.ts";

type UserParams = { Params: { realm: string; userId: string } };

/** Brute-force status per user, and clearing it (Keycloak's AttackDetectionResource). */
export async function registerAttackDetection(app: FastifyInstance, server: ServerContext): Promise<void> {
  const base = "/admin/realms/:realm/attack-detection/brute-force/users";

  app.get<UserParams>(`${base}/:userId`, async (req) => {
    const ctx = await adminContext(server, req, req.params.realm);
    ctx.require("view-users");
    return bruteForceStatus(server, ctx.realm, req.params.userId);
  });

  app.delete<UserParams>(`${base}/:userId`, async (req, reply) => {
    const ctx = await adminContext(server, req, req.params.realm);
    ctx.require("manage-users");
    const failure = server.db.list("loginFailures", ctx.realm.id).find((f) => f.userId === req.params.userId);
    if (failure) await server.db.write((tx) => tx.delete("loginFailures", failure.id));
    await recordAdminEvent(server, ctx.realm, {
      operationType: "DELETE",
      resourceType: "USER_LOGIN_FAILURE",
      resourcePath: `attack-detection/brute-force/users/${req.params.userId}`,
      authDetails: { realmId: ctx.authRealm.id, clientId: ctx.clientId, userId: ctx.user.id, ipAddress: ctx.ipAddress },
    });
    return reply.status(204).send();
  });

  app.delete<{ Params: { realm: string } }>(base, async (req, reply) => {
    const ctx = await adminContext(server, req, req.params.realm);
    ctx.require("manage-users");
    const failures = server.db.list("loginFailures", ctx.realm.id);
    if (failures.length) await server.db.write((tx) => failures.forEach((f) => tx.delete("loginFailures", f.id)));
    await recordAdminEvent(server, ctx.realm, {
      operationType: "DELETE",
      resourceType: "USER_LOGIN_FAILURE",
      resourcePath: "attack-detection/brute-force/users",
      authDetails: { realmId: ctx.authRealm.id, clientId: ctx.clientId, userId: ctx.user.id, ipAddress: ctx.ipAddress },
    });
    return reply.status(204).send();
  });
}
