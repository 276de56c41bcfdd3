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
import { ClientAuthError } from "./client-auth.ts";
import { recordEvent } from "../events/record.ts";
import { checkClientRequest } from "../client-policies/client-requests.ts";
import { activeSession } from "../access/sessions.ts";
import { BASIC_TOKEN_CLAIMS } from "./tokens.ts";
import { offlineRecordId } from "../access/offline-sessions.ts";
import { tokenUserId } from "../access/token-user.ts";
import { clientAuthMethod } from "./token-event-details.ts";

type Payload = VerifiedToken["payload"];

/** Why a verified token is not active: Keycloak's event error, or none when it records nothing. */
function inactiveReason(server: ServerContext, realm: RealmRecord, payload: Payload): string | undefined {
  const userId = tokenUserId(server.db, realm, payload);
  if (!userId && payload.sub === undefined && payload.sid) return "user_session_not_found";
  const user = userId ? server.db.get("users", userId) : undefined;
  if (!user || user.realmId !== realm.id) return "user_not_found";
  if (!user.enabled) return "user_disabled";
  if ((payload.iat ?? 0) < user.notBefore) return "invalid_token";
  // An offline token lives as long as its offline session.
  const sessionId = payload.typ === "Offline" && payload.sid ? offlineRecordId(payload.sid) : payload.sid;
  if (sessionId ? !activeSession(server.db, realm, sessionId) : !user.serviceAccountClientId)
    return "user_session_not_found";
  return undefined;
}

const ALL_TYPES = [...ACCESS_TOKEN_TYPES, "Refresh", "Offline", "ID"] as const;
const TOKEN_HINT_TYPES = {
  access_token: [...ACCESS_TOKEN_TYPES, "Refresh", "Offline", "ID"],
  refresh_token: ["Refresh", "Offline"],
} as const;

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

/** As Keycloak: a client in the token's audience, or one with "allow.token.introspection.without.audience.check" on. */
function inAudience(client: ClientRecord, audience: unknown): boolean {
  if (clientAttribute(client, "allow.token.introspection.without.audience.check") === "true") return true;
  const audiences = Array.isArray(audience) ? audience : [audience];
  return audiences.includes(client.clientId);
}

/**
 * RFC 7662 token introspection, for confidential clients, as Keycloak 26.7.3: without a hint (or `access_token`) any
 * token of the realm, active for a client in its audience; with `refresh_token` a refresh or offline token, active
 * only for the client it was issued to. INTROSPECT_TOKEN and INTROSPECT_TOKEN_ERROR events with Keycloak's details.
 */
export async function registerIntrospectEndpoint(app: FastifyInstance, server: ServerContext): Promise<void> {
  app.post<{ Params: { realm: string } }>(
    "/realms/:realm/protocol/openid-connect/token/introspect",
    async (req, reply) => {
      const realm = realmByName(server.db, req.params.realm);
      if (!realm) return reply.status(404).send({ error: "Realm does not exist" });
      const body = formBody(req);
      const event = (fields: Omit<Parameters<typeof recordEvent>[2], "type">, error = true) =>
        recordEvent(server, realm, {
          type: error ? "INTROSPECT_TOKEN_ERROR" : "INTROSPECT_TOKEN",
          ipAddress: req.ip,
          ...fields,
        });
      let client: ClientRecord;
      try {
        client = await authenticateCallingClient(server, realm, req, body);
      } catch (error) {
        if (!(error instanceof ClientAuthError)) throw error;
        if (error.eventError !== "invalid_client_credentials") {
          await event({ clientId: error.clientId, error: error.eventError });
          throw error;
        }
        const detail = "Client authentication failed.";
        await event({ clientId: error.clientId, error: "invalid_client", details: { detail } });
        await event({ clientId: error.clientId, error: error.eventError });
        throw oauthError(401, "invalid_client", detail);
      }
      const method = { client_auth_method: clientAuthMethod(client) };
      const refuse = async (status: number, detail: string, details: Record<string, string> = {}) => {
        await event({
          clientId: client.clientId,
          error: "invalid_request",
          details: { detail, ...details, ...method },
        });
        return oauthError(status, "invalid_request", detail);
      };
      if (client.rep.publicClient === true) throw await refuse(403, "Client not allowed.");
      if (!body.token) throw await refuse(400, "Token not provided.");
      await checkClientRequest(server, realm, client, req, "TOKEN_INTROSPECT");
      const hint = body.token_type_hint || "access_token";
      if (hint !== "access_token" && hint !== "refresh_token") {
        const error = await refuse(400, "Unsupported token type.", { token_type: hint });
        await event({ clientId: client.clientId, error: "invalid_request", details: { token_type: hint, ...method } });
        throw error;
      }
      const baseUrl = frontendUrl(server, req);
      const verified = await verifyToken(server, baseUrl, body.token, ALL_TYPES, realm.realm);
      if (!verified) {
        const details = { reason: "Access token JWT check failed", ...method };
        await event({ clientId: client.clientId, error: "invalid_token", details });
        return { active: false };
      }
      const { payload } = verified;
      const tokenDetails = {
        token_issued_for: String(payload.azp ?? ""),
        token_id: String(payload.jti ?? ""),
        token_type: String(payload.typ ?? ""),
        ...method,
      };
      const inactive = (error: string, fields: { userId?: string; reason?: string } = {}) =>
        event({
          clientId: client.clientId,
          userId: fields.userId,
          sessionId: payload.sid,
          error,
          details: {
            reason: fields.reason ?? `Introspection access token for ${payload.azp} client: ${error}`,
            ...tokenDetails,
          },
        });
      if (!(TOKEN_HINT_TYPES[hint] as readonly string[]).includes(payload.typ ?? "")) {
        await inactive("invalid_token_type");
        return { active: false };
      }
      const reason = inactiveReason(server, realm, payload);
      if (reason) {
        await inactive(reason);
        return { active: false };
      }
      const user = server.db.get("users", tokenUserId(server.db, realm, payload)!)!;
      const isAccessToken = payload.typ === "Bearer" || payload.typ === "DPoP";
      const claims = isAccessToken ? introspectionClaims(server, baseUrl, realm, user, verified) : payload;
      // A refresh token introspected as one: only by its own client, and Keycloak records nothing otherwise.
      if (hint === "refresh_token" && payload.azp !== client.clientId) return { active: false };
      if (hint === "access_token" && !inAudience(client, claims.aud)) {
        await inactive("invalid_token", {
          userId: user.id,
          reason: `Client '${client.clientId}' is not in the token audience`,
        });
        return { active: false };
      }
      await event({ clientId: client.clientId, userId: user.id, sessionId: payload.sid, details: tokenDetails }, false);
      return { ...claims, client_id: payload.azp, username: user.username, token_type: payload.typ, active: true };
    },
  );
}
