import type { FastifyRequest } from "fastify";
import type { ServerContext } from "../context.ts";
import { frontendUrl } from "../http/frontend-url.ts";
import type { ClientRecord, RealmRecord } from "../store/types.ts";
import { oauthError } from "./oauth-error.ts";
import { issueTokens, type TokenResponseBody } from "./tokens.ts";
import { provenKey } from "./dpop.ts";
import type { FormBody } from "./client-auth.ts";
import { findLoginUser, verifyPassword } from "../federation/user-hooks.ts";
import { clearLoginFailures, isLockedOut, recordLoginFailure } from "../access/brute-force.ts";
import { endSessions, startUserSession } from "../access/sessions.ts";
import { recordEvent } from "../events/record.ts";
import { refuseInvalidScopes } from "./scope-refusal.ts";
import { grantSession } from "./offline-grant.ts";
import { owesProfileCompletion } from "./login/profile-completeness.ts";
import { onTokenRequest } from "../client-policies/events.ts";
import { clientAuthMethod, issuedTokenDetails } from "./token-event-details.ts";

const NOT_SET_UP = "Account is not fully set up";
const invalidCredentials = () => oauthError(400, "invalid_grant", "Invalid user credentials");

/** Resource owner password credentials (direct access grant). */
export async function passwordGrant(
  server: ServerContext,
  realm: RealmRecord,
  client: ClientRecord,
  body: FormBody,
  req: FastifyRequest,
): Promise<TokenResponseBody> {
  if (client.rep.directAccessGrantsEnabled !== true)
    throw oauthError(400, "unauthorized_client", "Client not allowed for direct access grants");
  const requestDetails = {
    auth_method: "oauth_credentials",
    grant_type: "password",
    client_auth_method: clientAuthMethod(client),
  };
  const effects = await onTokenRequest(server, realm, client, req, {
    event: "RESOURCE_OWNER_PASSWORD_CREDENTIALS_REQUEST",
    eventType: "LOGIN",
    params: body,
    details: requestDetails,
  });
  // Keycloak refuses the scopes before it looks at the user or the password.
  const refusedScopes = await refuseInvalidScopes(server, realm, client, req, body.scope, {
    type: "LOGIN_ERROR",
    details: requestDetails,
  });
  if (refusedScopes) throw oauthError(400, "invalid_scope", refusedScopes);
  const ipAddress = req.ip;
  const username = body.username ?? "";
  const details = {
    auth_method: "openid-connect",
    grant_type: "password",
    username,
    client_auth_method: clientAuthMethod(client),
  };
  const fail = async (error: string, userId?: string, reason?: string) =>
    recordEvent(server, realm, {
      type: "LOGIN_ERROR",
      clientId: client.clientId,
      userId,
      ipAddress,
      error,
      details: reason ? { reason, ...details } : details,
    });

  const user = username ? await findLoginUser(server, realm, username) : undefined;
  if (!user) {
    await fail("user_not_found");
    throw invalidCredentials();
  }
  if (!user.enabled) {
    await fail("user_disabled", user.id);
    throw oauthError(400, "invalid_grant", "Account disabled");
  }
  if (isLockedOut(server, realm, user)) {
    await fail("user_temporarily_disabled", user.id);
    throw invalidCredentials();
  }
  if (!(await verifyPassword(server, user, body.password ?? ""))) {
    await recordLoginFailure(server, realm, user, ipAddress);
    await fail("invalid_user_credentials", user.id);
    throw invalidCredentials();
  }
  if (user.requiredActions.length > 0 || owesProfileCompletion({ server, realm }, user)) {
    await fail("resolve_required_actions", user.id, NOT_SET_UP);
    throw oauthError(400, "invalid_grant", NOT_SET_UP);
  }
  await clearLoginFailures(server, realm, user);
  const online = await startUserSession(server, realm, user, client, { ipAddress, authMethod: "openid-connect" });
  // A refused offline grant leaves no session behind either (Keycloak 26.7.3, checked on it).
  const session = await grantSession(server, realm, client, user, online, body.scope, async () => {
    await endSessions(server, [online], { logoutBrokers: false });
    await fail("not_allowed", user.id);
  });
  // Keycloak keeps only the offline session of an offline_access grant: no regular session is left behind
  if (session.offline) await endSessions(server, [online], { logoutBrokers: false });
  const tokens = await issueTokens(server, {
    grantShortcut: "ro",
    dpopJkt: provenKey(req),
    baseUrl: frontendUrl(server, req),
    realm,
    client,
    user,
    session,
    scope: body.scope,
    lightweight: effects.lightweightAccessToken,
    withRefreshToken: true,
  });
  await recordEvent(server, realm, {
    type: "LOGIN",
    clientId: client.clientId,
    userId: user.id,
    sessionId: online.id,
    ipAddress,
    details: { ...details, ...issuedTokenDetails(client, tokens) },
  });
  return tokens;
}
