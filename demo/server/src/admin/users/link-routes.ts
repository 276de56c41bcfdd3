import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context.ts";
import type { ClientRecord, UserRecord } from "../../store/types.ts";
import { adminContext } from "../../access/admin-context.ts";
import { endSessions } from "../../access/sessions.ts";
import { liveSessionsOfUser } from "../../access/session-expiry.ts";
import { clientByClientId } from "../../oidc/lookup.ts";
import { conflict, notFound } from "../../http/errors.ts";
import { adminEvent } from "../common/admin-event.ts";
import { requireUser } from "../common/lookups.ts";
import { paramsOf } from "../common/query.ts";
import { FederatedIdentitySchema } from "./schemas.ts";

const USER = "/admin/realms/:realm/users/:id";
const OFFLINE_TOKEN = "Offline Token";

/** Consents and identity provider links of a user. */
export async function registerUserLinkRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  const { db } = server;

  const offlineSessionsOf = (user: UserRecord, client?: ClientRecord) =>
    liveSessionsOfUser(db, db.get("realms", user.realmId)!, user.id).filter(
      (s) => s.offline && (!client || client.id in s.clients),
    );

  app.get(`${USER}/consents`, async (req) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    const user = requireUser(db, ctx, paramsOf(req).id);
    ctx.requireUser("view", user);
    const offlineClientIds = new Set(offlineSessionsOf(user).flatMap((s) => Object.keys(s.clients)));
    const consented = new Set<string>();
    const grants = user.consents.map((consent) => {
      const client = clientByClientId(db, ctx.realm, consent.clientId);
      if (client) consented.add(client.id);
      return {
        clientId: consent.clientId,
        grantedClientScopes: consent.grantedClientScopeIds
          .map((id) => db.get("clientScopes", id)?.name)
          .filter((n): n is string => !!n),
        createdDate: consent.createdDate,
        lastUpdatedDate: consent.lastUpdatedDate,
        additionalGrants: client && offlineClientIds.has(client.id) ? [{ client: client.id, key: OFFLINE_TOKEN }] : [],
      };
    });
    for (const clientId of offlineClientIds) {
      const client = db.get("clients", clientId);
      if (!client || consented.has(clientId)) continue;
      grants.push({
        clientId: client.clientId,
        grantedClientScopes: [],
        createdDate: 0,
        lastUpdatedDate: 0,
        additionalGrants: [{ client: client.id, key: OFFLINE_TOKEN }],
      });
    }
    return grants;
  });

  app.delete(`${USER}/consents/:clientId`, async (req, reply) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    const user = requireUser(db, ctx, paramsOf(req).id);
    ctx.requireUser("manage", user);
    const client = clientByClientId(db, ctx.realm, paramsOf(req).clientId);
    if (!client) throw notFound("Client not found");
    const hadConsent = user.consents.some((c) => c.clientId === client.clientId);
    const offline = offlineSessionsOf(user, client);
    if (!hadConsent && offline.length === 0) throw notFound("Consent nor offline token not found");
    if (hadConsent) {
      user.consents = user.consents.filter((c) => c.clientId !== client.clientId);
      await db.write((tx) => tx.put("users", user));
    }
    await endSessions(server, offline);
    await adminEvent(server, ctx, "ACTION", "USER", `users/${user.id}/consents/${client.clientId}`);
    return reply.status(204).send();
  });

  app.get(`${USER}/federated-identity`, async (req) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    const user = requireUser(db, ctx, paramsOf(req).id);
    ctx.requireUser("view", user);
    // As Keycloak: a link whose provider no longer exists (or never did) is kept but not listed.
    const aliases = new Set(db.list("identityProviders", ctx.realm.id).map((p) => p.alias));
    return user.federatedIdentities
      .filter((f) => aliases.has(f.identityProvider))
      .map((f) => ({
        identityProvider: f.identityProvider,
        ...(f.userId ? { userId: f.userId } : {}),
        ...(f.userName ? { userName: f.userName } : {}),
      }));
  });

  app.post(
    `${USER}/federated-identity/:provider`,
    { schema: { body: FederatedIdentitySchema } },
    async (req, reply) => {
      const ctx = await adminContext(server, req, paramsOf(req).realm);
      const user = requireUser(db, ctx, paramsOf(req).id);
      ctx.requireUser("manage", user);
      const alias = paramsOf(req).provider;
      // Keycloak stores a link to any alias, even one no provider has; the listing hides those.
      if (user.federatedIdentities.some((f) => f.identityProvider === alias))
        throw conflict("User is already linked with provider");
      const body = (req.body ?? {}) as Record<string, unknown>;
      const link = {
        identityProvider: alias,
        userId: typeof body.userId === "string" ? body.userId : "",
        userName: typeof body.userName === "string" ? body.userName : "",
      };
      user.federatedIdentities = [...user.federatedIdentities, link];
      await db.write((tx) => tx.put("users", user));
      await adminEvent(server, ctx, "CREATE", "USER", `users/${user.id}/federated-identity/${alias}`, link);
      return reply.status(204).send();
    },
  );

  app.delete(`${USER}/federated-identity/:provider`, async (req, reply) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    const user = requireUser(db, ctx, paramsOf(req).id);
    ctx.requireUser("manage", user);
    const alias = paramsOf(req).provider;
    if (!user.federatedIdentities.some((f) => f.identityProvider === alias)) throw notFound("Link not found");
    user.federatedIdentities = user.federatedIdentities.filter((f) => f.identityProvider !== alias);
    await db.write((tx) => tx.put("users", user));
    await adminEvent(server, ctx, "DELETE", "USER", `users/${user.id}/federated-identity/${alias}`);
    return reply.status(204).send();
  });
}
