import { pushNotBefore } from "../../access/revocation-push.ts";
import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context.ts";
import { frontendUrl } from "../../http/frontend-url.ts";
import { adminContext } from "../../access/admin-context.ts";
import { badRequest, notFound } from "../../http/errors.ts";
import { enableServiceAccount, serviceAccountUser } from "./service-account.ts";
import { userRepresentation } from "../common/user-representation.ts";
import { keycloakOidcJson, keycloakOidcSubsystemXml } from "./installation.ts";
import { adminEvent } from "../common/admin-event.ts";
import { paramsOf } from "../common/query.ts";
import { requireClient } from "../common/lookups.ts";
import { NoBody } from "../common/schemas.ts";

/** Service account user, installation files and push-revocation of a client. */
export async function registerClientExtrasRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  const { db } = server;
  const base = "/admin/realms/:realm/clients/:id";

  app.get(`${base}/service-account-user`, async (req) => {
    const { realm, id } = paramsOf<"id">(req);
    const ctx = await adminContext(server, req, realm);
    const client = requireClient(db, ctx, id);
    ctx.requireClientScope("view", client);
    let user = serviceAccountUser(db, client);
    if (!user) {
      if (client.rep.serviceAccountsEnabled !== true) {
        throw badRequest(`Service account not enabled for the client '${client.clientId}'`);
      }
      user = await db.write((tx) => {
        const created = enableServiceAccount(db, tx, ctx.realm, client);
        tx.put("clients", client);
        return created;
      });
    }
    return userRepresentation(user);
  });

  app.get(`${base}/installation/providers/:providerId`, async (req, reply) => {
    const { realm, id, providerId } = paramsOf<"id" | "providerId">(req);
    const ctx = await adminContext(server, req, realm);
    const client = requireClient(db, ctx, id);
    ctx.requireClientScope("view", client);
    if (providerId === "keycloak-oidc-keycloak-json")
      return keycloakOidcJson(server, frontendUrl(server, req), ctx.realm, client);
    if (providerId === "keycloak-oidc-jboss-subsystem") {
      return reply.type("text/plain").send(keycloakOidcSubsystemXml(frontendUrl(server, req), ctx.realm, client));
    }
    throw notFound("Unknown Provider");
  });

  app.post(`${base}/push-revocation`, { schema: { body: NoBody } }, async (req) => {
    const { realm, id } = paramsOf<"id">(req);
    const ctx = await adminContext(server, req, realm);
    const client = requireClient(db, ctx, id);
    ctx.requireClientScope("manage", client);
    const result = await pushNotBefore(server, ctx.realm, [client], "client");
    await adminEvent(server, ctx, "ACTION", "CLIENT", `clients/${client.id}/push-revocation`, result);
    return result;
  });
}
