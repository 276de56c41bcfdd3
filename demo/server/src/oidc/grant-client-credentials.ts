import type { FastifyRequest } from "fastify";
import type { ServerContext } from "../context.ts";
import { frontendUrl } from "../http/frontend-url.ts";
import type { ClientRecord, RealmRecord } from "../store/types.ts";
import { clientAttribute } from "./lookup.ts";
import { oauthError } from "./oauth-error.ts";
import { issueTokens, type TokenResponseBody } from "./tokens.ts";
import { provenKey } from "./dpop.ts";
import type { FormBody } from "./client-auth.ts";
import { startUserSession } from "../access/sessions.ts";
import { recordEvent } from "../events/record.ts";
import { onTokenRequest } from "../client-policies/events.ts";
import { refuseInvalidScopes } from "./scope-refusal.ts";
import { clientAuthMethod, issuedTokenDetails } from "./token-event-details.ts";

/** Service-account tokens. Keycloak 26 keeps no session for them unless refresh tokens are enabled for this grant. */
export async function clientCredentialsGrant(
  server: ServerContext,
  realm: RealmRecord,
  client: ClientRecord,
  body: FormBody,
  req: FastifyRequest,
): Promise<TokenResponseBody> {
  if (client.rep.publicClient === true)
    throw oauthError(401, "unauthorized_client", "Public client not allowed to retrieve service account");
  if (client.rep.serviceAccountsEnabled !== true)
    throw oauthError(401, "unauthorized_client", "Client not enabled to retrieve service account");
  const user = server.db.list("users", realm.id).find((u) => u.serviceAccountClientId === client.id);
  if (!user) throw oauthError(400, "invalid_request", "Service account user not found");
  if (!user.enabled) throw oauthError(400, "invalid_request", "User is disabled");
  const requestDetails = {
    grant_type: "client_credentials",
    client_auth_method: clientAuthMethod(client),
    username: user.username,
  };
  const effects = await onTokenRequest(server, realm, client, req, {
    event: "SERVICE_ACCOUNT_TOKEN_REQUEST",
    eventType: "CLIENT_LOGIN",
    params: body,
    details: requestDetails,
    userId: user.id,
  });
  const refusedScopes = await refuseInvalidScopes(server, realm, client, req, body.scope, {
    type: "CLIENT_LOGIN_ERROR",
    userId: user.id,
    details: requestDetails,
  });
  if (refusedScopes) throw oauthError(400, "invalid_scope", refusedScopes);
  const withRefreshToken = clientAttribute(client, "use.refresh.tokens.for.client.credentials.grant") === "true";
  // Keycloak's service-account session notes, read by the service_account scope's mappers
  const notes = { client_id: client.clientId, clientHost: req.ip, clientAddress: req.ip };
  const session = withRefreshToken
    ? await startUserSession(server, realm, user, client, { ipAddress: req.ip, authMethod: "openid-connect", notes })
    : undefined;
  const tokens = await issueTokens(server, {
    grantShortcut: "cc",
    dpopJkt: provenKey(req),
    baseUrl: frontendUrl(server, req),
    realm,
    client,
    user,
    session,
    scope: body.scope,
    notes,
    lightweight: effects.lightweightAccessToken,
    withRefreshToken,
  });
  if (!withRefreshToken) delete tokens.session_state;
  await recordEvent(server, realm, {
    type: "CLIENT_LOGIN",
    clientId: client.clientId,
    userId: user.id,
    sessionId: session?.id,
    ipAddress: req.ip,
    details: { grant_type: "client_credentials", username: user.username, ...issuedTokenDetails(client, tokens) },
  });
  return tokens;
}
