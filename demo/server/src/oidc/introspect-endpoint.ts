import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../context.ts";
import { frontendUrl } from "../http/frontend-url.ts";
import type { ClientRecord, RealmRecord, UserRecord } from "../store/types.ts";
import { clientAttribute, clientByClientId, realmByName } from "./lookup.ts";
import { mapClaims } from "./mappers/apply.ts";
import { mapperInputOfToken } from "./mappers/from-token.ts";
import { oauthError } from "./oauth-error.ts";
import { authenticateCallingClient } from "./calling-client.ts";
import { formBody } from "./token-endpoint.ts";
import { ACCESS_TOKEN_TYPES, verifyToken, type VerifiedToken } from "./verify-token.ts";
import { activeSession } from "../access/sessions.ts";
import { BASIC_TOKEN_CLAIMS } from "./tokens.ts";
import { offlineRecordId } from "../access/offline-sessions.ts";

/** A token is active when it verifies, its session (if any; the offline one for an offline token) lives, and its user is enabled and not revoked. */
async function activeToken(
  server: ServerContext,
  baseUrl: string,
  realm: RealmRecord,
  token: string,
): Promise<VerifiedToken | undefined> {
  for (const typ of [ACCESS_TOKEN_TYPES, "Refresh", "Offline", "ID"] as const) {
    const verified = await verifyToken(server, baseUrl, token, typ, realm.realm);
    if (!verified) continue;
    const { payload } = verified;
    const user = payload.sub ? server.db.get("users", payload.sub) : undefined;
    if (!user || user.realmId !== realm.id || !user.enabled || (payload.iat ?? 0) < user.notBefore) return undefined;
    // An offline token lives as long as its offline session.
    const sessionId = typ === "Offline" && payload.sid ? offlineRecordId(payload.sid) : payload.sid;
    if (sessionId ? !activeSession(server.db, realm, sessionId) : !user.serviceAccountClientId) return undefined;
    return verified;
  }
  return undefined;
}

/** Fields an access token keeps in its introspection answer; every other claim comes from the mappers. */
const BASIC_CLAIMS = [...BASIC_TOKEN_CLAIMS, "scope", "cnf"];

/**
 * As Keycloak: the access token's basic fields, then what the mappers in effect for its client and scope give
 * with "Add to token introspection" on.
 */
function introspectionClaims(
  server: ServerContext,
  baseUrl: string,
  realm: RealmRecord,
  user: UserRecord,
  { payload }: VerifiedToken,
): Record<string, unknown> {
  const basic = Object.fromEntries(BASIC_CLAIMS.filter((key) => key in payload).map((key) => [key, payload[key]]));
  const client = payload.azp ? clientByClientId(server.db, realm, payload.azp) : undefined;
  if (!client) return basic;
  const input = mapperInputOfToken(server, baseUrl, realm, client, user, payload);
  const { aud, ...mapped } = mapClaims(input, "introspection");
  return { ...basic, ...mapped, ...basic, ...(aud !== undefined ? { aud } : {}) };
}

/**
 * As Keycloak: a refresh or offline token only for the client it was issued to; any other token only for a client in
 * its audience (the mapped one when the token itself has none, as a lightweight token), unless the client has
 * "allow.token.introspection.without.audience.check" on.
 */
function mayIntrospect(client: ClientRecord, payload: VerifiedToken["payload"], audience: unknown): boolean {
  if (payload.typ === "Refresh" || payload.typ === "Offline") return payload.azp === client.clientId;
  if (clientAttribute(client, "allow.token.introspection.without.audience.check") === "true") return true;
  const audiences = Array.isArray(audience) ? audience : [audience];
  return audiences.includes(client.clientId);
}

/** RFC 7662 token introspection, for confidential clients. */
export async function registerIntrospectEndpoint(app: FastifyInstance, server: ServerContext): Promise<void> {
  app.post<{ Params: { realm: string } }>(
    "/realms/:realm/protocol/openid-connect/token/introspect",
    async (req, reply) => {
      const realm = realmByName(server.db, req.params.realm);
      if (!realm) return reply.status(404).send({ error: "Realm does not exist" });
      const body = formBody(req);
      const client = await authenticateCallingClient(server, realm, req, body);
      if (client.rep.publicClient === true) throw oauthError(403, "invalid_request", "Client not allowed.");
      if (!body.token) throw oauthError(400, "invalid_request", "Token not provided.");
      const verified = await activeToken(server, frontendUrl(server, req), realm, body.token);
      if (!verified) return { active: false };
      const { payload } = verified;
      const user = server.db.get("users", payload.sub!)!;
      const isAccessToken = payload.typ === "Bearer" || payload.typ === "DPoP";
      const claims = isAccessToken
        ? introspectionClaims(server, frontendUrl(server, req), realm, user, verified)
        : payload;
      if (!mayIntrospect(client, payload, isAccessToken ? claims.aud : payload.aud)) return { active: false };
      return { ...claims, client_id: payload.azp, username: user.username, token_type: payload.typ, active: true };
    },
  );
}
