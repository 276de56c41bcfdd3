import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context.ts";
import { adminEvent } from "../common/admin-event.ts";
import { objectBody } from "../common/body.ts";
import { noContent } from "../common/reply.ts";
import { authzRequest, AUTHZ_BASE } from "./access.ts";
import { exportResourceServer, planImport, resourceServerRepresentation, settingsFrom } from "./resource-server.ts";
import { ResourceServerSchema } from "./schemas.ts";
import { isAdminPermissionsClient } from "../../access/admin-permissions/setup.ts";
import { DEFAULT_SETTINGS } from "./authz-store.ts";

/** The resource server itself: representation, settings, export and import. */
export async function registerResourceServerRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  const { db } = server;

  app.get(AUTHZ_BASE, async (req) => {
    const { client } = await authzRequest(server, req, false);
    return resourceServerRepresentation(client, isAdminPermissionsClient(db, client));
  });

  app.put(AUTHZ_BASE, { schema: { body: ResourceServerSchema } }, async (req, reply) => {
    const { ctx, client } = await authzRequest(server, req, true);
    const input = objectBody(req.body);
    await db.write((tx) => {
      client.authorization = settingsFrom(input, client.authorization ?? DEFAULT_SETTINGS);
      tx.put("clients", client);
    });
    await adminEvent(
      server,
      ctx,
      "UPDATE",
      "AUTHORIZATION_RESOURCE_SERVER",
      `clients/${client.id}/authz/resource-server`,
      input,
    );
    return noContent(reply);
  });

  app.get(`${AUTHZ_BASE}/settings`, async (req) => {
    const { client } = await authzRequest(server, req, false);
    return exportResourceServer(db, client);
  });

  app.post(`${AUTHZ_BASE}/import`, { schema: { body: ResourceServerSchema } }, async (req, reply) => {
    const { ctx, client } = await authzRequest(server, req, true);
    const input = objectBody(req.body);
    const plan = planImport(db, ctx.realm, client, input);
    await db.write((tx) => {
      client.authorization = plan.settings;
      tx.put("clients", client);
      for (const scope of plan.scopes) tx.put("authzScopes", scope);
      for (const resource of plan.resources) tx.put("authzResources", resource);
      for (const policy of plan.policies) tx.put("authzPolicies", policy);
    });
    await adminEvent(
      server,
      ctx,
      "CREATE",
      "AUTHORIZATION_RESOURCE_SERVER",
      `clients/${client.id}/authz/resource-server/import`,
      input,
    );
    return noContent(reply);
  });
}
