import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ServerContext } from "../context.ts";
import type { ClientRecord, RealmRecord } from "../store/types.ts";
import { frontendUrl } from "../http/frontend-url.ts";
import { recordEvent } from "../events/record.ts";
import { activeSession, touchSession } from "../access/sessions.ts";
import { clientAttribute, realmByName } from "./lookup.ts";
import { oauthError } from "./oauth-error.ts";
import { ClientAuthError, type FormBody } from "./client-auth.ts";
import { authenticateCallingClient } from "./calling-client.ts";
import { issueTokens, issuerOf, type TokenResponseBody } from "./tokens.ts";
import { provenKey } from "./dpop.ts";
import { clientAuthMethod, issuedTokenDetails } from "./token-event-details.ts";
import { grantSession } from "./offline-grant.ts";
import {
  createDeviceAuthorization,
  deviceByCode,
  deviceSettings,
  displayUserCode,
  forgetDevice,
} from "./device-codes.ts";

export const DEVICE_CODE_GRANT_TYPE = "urn:ietf:params:oauth:grant-type:device_code";
export const DEVICE_AUTH_PATH = "/protocol/openid-connect/auth/device";
/** The client attribute behind the client's "OAuth 2.0 Device Authorization Grant" switch. */
const DEVICE_GRANT_ENABLED = "oauth2.device.authorization.grant.enabled";

/** How the client authenticated, as Keycloak's events name it (client-secret for a public client too). */

const deviceGrantEnabled = (client: ClientRecord) => clientAttribute(client, DEVICE_GRANT_ENABLED) === "true";

/** The page where the user types the code: `{issuer}/device`. */
export const verificationUri = (server: ServerContext, req: FastifyRequest, realm: RealmRecord) =>
  `${issuerOf(frontendUrl(server, req), realm)}/device`;

function formFields(req: FastifyRequest): Record<string, string> {
  const raw = (req.body && typeof req.body === "object" ? req.body : {}) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(raw).map(([key, value]) => [key, Array.isArray(value) ? String(value[0]) : String(value)]),
  );
}

/** RFC 8628's device authorization endpoint, as Keycloak 26.7.3 answers it. */
export async function registerDeviceAuthorizationEndpoint(app: FastifyInstance, server: ServerContext): Promise<void> {
  app.post<{ Params: { realm: string } }>(`/realms/:realm${DEVICE_AUTH_PATH}`, async (req, reply) => {
    const realm = realmByName(server.db, req.params.realm);
    if (!realm) return reply.status(404).send({ error: "Realm does not exist" });
    if (!realm.enabled) throw oauthError(400, "invalid_request", "Realm not enabled");
    const body = formFields(req);
    const refuse = async (error: string, clientId: string | undefined, details?: Record<string, string>) => {
      await recordEvent(server, realm, {
        type: "OAUTH2_DEVICE_AUTH_ERROR",
        clientId,
        ipAddress: req.ip,
        error,
        details,
      });
    };
    let client: ClientRecord;
    try {
      client = await authenticateCallingClient(server, realm, req, body);
    } catch (error) {
      if (error instanceof ClientAuthError) await refuse(error.eventError, error.clientId);
      throw error;
    }
    if (!deviceGrantEnabled(client)) {
      const reason =
        "Client is not allowed to initiate OAuth 2.0 Device Authorization Grant. The flow is disabled for the client.";
      await refuse("not_allowed", client.clientId, { reason, client_auth_method: clientAuthMethod(client) });
      throw oauthError(400, "unauthorized_client", reason);
    }
    const { lifespan, interval } = deviceSettings(realm, client);
    const device = createDeviceAuthorization(server, {
      realmId: realm.id,
      clientId: client.clientId,
      scope: body.scope,
      nonce: body.nonce,
      interval,
      lifespan,
    });
    const uri = verificationUri(server, req, realm);
    const userCode = displayUserCode(device.userCode);
    return reply.header("cache-control", "no-store").send({
      device_code: device.deviceCode,
      user_code: userCode,
      verification_uri: uri,
      verification_uri_complete: `${uri}?user_code=${userCode}`,
      expires_in: lifespan,
      interval,
    });
  });
}

/** The device's poll at the token endpoint: Keycloak's checks in its order, then tokens as the code grant issues them. */
export async function deviceCodeGrant(
  server: ServerContext,
  realm: RealmRecord,
  client: ClientRecord,
  body: FormBody,
  req: FastifyRequest,
): Promise<TokenResponseBody> {
  const device = body.device_code ? deviceByCode(server, realm, body.device_code) : undefined;
  const fail = async (status: string, description: string, eventError?: string, reason?: string) => {
    if (eventError)
      await recordEvent(server, realm, {
        type: "OAUTH2_DEVICE_CODE_TO_TOKEN_ERROR",
        clientId: client.clientId,
        ipAddress: req.ip,
        error: eventError,
        details: {
          ...(reason && { reason }),
          grant_type: DEVICE_CODE_GRANT_TYPE,
          client_auth_method: clientAuthMethod(client),
        },
      });
    return oauthError(400, status, description);
  };
  if (!deviceGrantEnabled(client)) {
    const reason = "Client not allowed OAuth 2.0 Device Authorization Grant";
    throw await fail("invalid_grant", reason, "not_allowed", reason);
  }
  if (!body.device_code) {
    const reason = "Missing parameter: device_code";
    throw await fail("invalid_request", reason, "invalid_oauth2_device_code", reason);
  }
  if (!device || device.clientId !== client.clientId)
    throw await fail("invalid_grant", "Device code not valid", "invalid_oauth2_device_code");
  const at = Date.now();
  if (device.expires < at) throw await fail("expired_token", "Device code is expired", "expired_oauth2_device_code");
  const tooSoon = device.lastPoll !== undefined && at - device.lastPoll < device.interval * 1000;
  if (!tooSoon) device.lastPoll = at;
  if (tooSoon) throw await fail("slow_down", "Slow down", "slow_down");
  if (device.status === "denied") {
    forgetDevice(server, device);
    const reason = "The end user denied the authorization request";
    throw await fail("access_denied", reason, "access_denied", reason);
  }
  if (device.status === "pending")
    throw await fail("authorization_pending", "The authorization request is still pending");
  forgetDevice(server, device);
  const session = device.sessionId ? activeSession(server.db, realm, device.sessionId) : undefined;
  const user = session ? server.db.get("users", session.userId) : undefined;
  if (!session || !user)
    throw await fail("invalid_grant", "Session not active", "user_session_not_found", "Session not active");
  if (!user.enabled) throw await fail("invalid_grant", "User disabled", "user_disabled");
  const touched = await grantSession(
    server,
    realm,
    client,
    user,
    await touchSession(server, session, client),
    device.scope,
    async () => void (await fail("not_allowed", "Offline tokens not allowed for the user or client", "not_allowed")),
  );
  const tokens = await issueTokens(server, {
    grantShortcut: "dg",
    dpopJkt: provenKey(req),
    baseUrl: frontendUrl(server, req),
    realm,
    client,
    user,
    session: touched,
    scope: device.scope,
    nonce: device.nonce,
    withRefreshToken: true,
  });
  await recordEvent(server, realm, {
    type: "OAUTH2_DEVICE_CODE_TO_TOKEN",
    clientId: client.clientId,
    userId: user.id,
    sessionId: session.id,
    ipAddress: req.ip,
    details: { grant_type: DEVICE_CODE_GRANT_TYPE, code_id: session.id, ...issuedTokenDetails(client, tokens) },
  });
  return tokens;
}
