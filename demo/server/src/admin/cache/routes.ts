import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context.ts";
import { adminContext } from "../../access/admin-context.ts";
import { adminEvent } from "../common/admin-event.ts";
import { noContent } from "../common/reply.ts";
import { paramsOf } from "../common/query.ts";
import { NoBody } from "../common/schemas.ts";

const CACHE_ENDPOINTS = ["clear-realm-cache", "clear-user-cache", "clear-keys-cache", "clear-crl-cache"];

/** Cache clearing: nothing is cached here, so each call only checks access and records the action. */
export async function registerCacheRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  for (const endpoint of CACHE_ENDPOINTS) {
    app.post(`/admin/realms/:realm/${endpoint}`, { schema: { body: NoBody } }, async (req, reply) => {
      const ctx = await adminContext(server, req, paramsOf(req).realm);
      ctx.require("manage-realm");
      await adminEvent(server, ctx, "ACTION", "REALM", endpoint);
      return noContent(reply);
    });
  }
}
