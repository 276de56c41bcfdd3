import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../context.ts";
import { frontendUrl } from "../http/frontend-url.ts";
import type { RealmRecord } from "../store/types.ts";
import { realmByName } from "./lookup.ts";
import { oauthError } from "./oauth-error.ts";
import { authenticateClient } from "./client-auth.ts";
import { formBody } from "./token-endpoint.ts";
import { verifyToken, type VerifiedToken } from "./verify-token.ts";
import { activeSession } from "../access/sessions.ts";

/** A token is active when it verifies, its session (if any) lives, and its user is enabled and not revoked. */
async function activeToken(
  server: ServerContext,
  baseUrl: string,
  realm: RealmRecord,
  token: string,
): Promise<VerifiedToken | undefined> {
  for (const typ of ["Bearer", "Refresh", "ID"] as const) {
    const verified = await verifyToken(server, baseUrl, token, typ, realm.realm);
    if (!verified) continue;
    const { payload } = verified;
    const user = payload.sub ? server.db.get("users", payload.sub) : undefined;
    if (!user || user.realmId !== realm.id || !user.enabled || (payload.iat ?? 0) < user.notBefore) return undefined;
    if (payload.sid ? !activeSession(server.db, realm, payload.sid) : !user.serviceAccountClientId) return undefined;
    return verified;
  }
  return undefined;
}

/** RFC 7662 token introspection, for confidential clients. */
export async function registerIntrospectEndpoint(app: FastifyInstance, server: ServerContext): Promise<void> {
  app.post<{ Params: { realm: string } }>(
    "/realms/:realm/protocol/openid-connect/token/introspect",
    async (req, reply) => {
      const realm = realmByName(server.db, req.params.realm);
      if (!realm) return reply.status(404).send({ error: "Realm does not exist" });
      const body = formBody(req);
      const client = authenticateClient(server.db, realm, req, body);
      if (client.rep.publicClient === true) throw oauthError(403, "invalid_request", "Client not allowed.");
      if (!body.token) throw oauthError(400, "invalid_request", "Token not provided.");
      const verified = await activeToken(server, frontendUrl(server, req), realm, body.token);
      if (!verified) return { active: false };
      const { payload } = verified;
      const user = server.db.get("users", payload.sub!)!;
      return { ...payload, client_id: payload.azp, username: user.username, token_type: payload.typ, active: true };
    },
  );
}
