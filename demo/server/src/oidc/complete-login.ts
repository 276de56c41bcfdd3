import { randomBytes } from "node:crypto";
import type { FastifyReply } from "fastify";
import type { ServerContext } from "../context.ts";
import type { ClientRecord, RealmRecord, UserRecord, UserSessionRecord } from "../store/types.ts";
import { now } from "../common/ids.ts";
import type { AuthRequest } from "./auth-requests.ts";
import { sendAuthResponse } from "./auth-response.ts";
import { initiatedActionParams } from "./login/initiated-action.ts";
import { setSsoCookies } from "./sso-cookies.ts";
import { issuerOf } from "./tokens.ts";
import { frontendUrl } from "../http/frontend-url.ts";
import { realmNumber } from "./lookup.ts";
import { touchSession } from "../access/sessions.ts";
import { recordEvent } from "../events/record.ts";
import { completeSamlLogin } from "../saml-protocol/login-response.ts";
import { brokerDetails } from "../broker/broker-events.ts";
import { RECOVERY_CODES_TYPE } from "./login/recovery-codes.ts";
import { sendErrorPage } from "./error-page.ts";
import { forgetPushedRequest } from "./par.ts";
import { requiredActionCredentialType } from "./login/required-action-handlers.ts";
import { sendDeviceConsent } from "./device-consent.ts";

/**
 * The LOGIN event's details. After a required action Keycloak's carry that action's (custom_required_action, its
 * credential_type) and the request's response type, mode and remember-me, and no auth_type.
 */
function loginDetails(user: UserRecord, session: UserSessionRecord, request: AuthRequest): Record<string, string> {
  const credentialType = request.login.usedCredentials.includes(RECOVERY_CODES_TYPE) ? RECOVERY_CODES_TYPE : undefined;
  const common = {
    redirect_uri: request.redirectUri,
    consent: "no_consent_required",
    code_id: session.id,
    username: user.username,
  };
  const brokered = request.login.brokered;
  // A brokered one names the provider and the identity there instead of the auth method, as Keycloak 26.7.3's broker
  // records it; after a first broker login or a post login flow (measured) no redirect URI, the response type and mode.
  if (brokered) {
    const { redirect_uri, ...rest } = common;
    const afterFlow = brokered.firstLogin || brokered.postLogin;
    const requestDetails: Record<string, string> = afterFlow
      ? { response_type: "code", response_mode: request.responseMode }
      : { redirect_uri };
    return { ...brokerDetails(brokered), ...requestDetails, ...rest };
  }
  const action = request.login.requiredActionDone;
  if (!action)
    return {
      auth_method: "openid-connect",
      auth_type: "code",
      ...common,
      ...(credentialType && { credential_type: credentialType }),
    };
  const actionCredential = requiredActionCredentialType(action) ?? credentialType;
  return {
    ...(actionCredential && { credential_type: actionCredential }),
    auth_method: "openid-connect",
    custom_required_action: action,
    response_type: "code",
    remember_me: String(request.rememberMe === true),
    response_mode: request.responseMode,
    ...common,
  };
}

/**
 * Ends a successful browser authentication: joins the client to the session,
 * refreshes the SSO cookies, and redirects back with an authorization code.
 */
export async function completeLogin(
  server: ServerContext,
  reply: FastifyReply,
  realm: RealmRecord,
  client: ClientRecord,
  user: UserRecord,
  session: UserSessionRecord,
  request: AuthRequest,
  ipAddress: string,
) {
  const joined = await touchSession(server, session, client);
  forgetPushedRequest(server, request.parRequestUri);
  if (request.deviceUserCode !== undefined) {
    await setSsoCookies(server, reply, realm, user, joined);
    // Keycloak 26.7.3's LOGIN of a device login: no redirect URI, auth type or consent until the user answers.
    const details = {
      auth_method: "openid-connect",
      response_type: "code",
      remember_me: String(request.rememberMe === true),
      code_id: joined.id,
      response_mode: "query",
      username: user.username,
    };
    const consent = sendDeviceConsent(server, reply, realm, client, joined, request, details);
    return (
      consent ??
      sendErrorPage(reply, realm, "The code has expired. Please go back to your device and try connecting again.")
    );
  }
  if (request.protocol === "saml") {
    await setSsoCookies(server, reply, realm, user, joined);
    return completeSamlLogin(server, reply, { realm, client, user, session: joined }, request, ipAddress);
  }
  const code = randomBytes(32).toString("base64url");
  await server.db.write((tx) =>
    tx.put("authCodes", {
      id: code,
      realmId: realm.id,
      clientId: client.clientId,
      userId: user.id,
      sessionId: joined.id,
      ...(request.redirectUriImplied ? {} : { redirectUri: request.redirectUri }),
      scope: request.scope,
      nonce: request.nonce,
      codeChallenge: request.codeChallenge,
      codeChallengeMethod: request.codeChallengeMethod,
      dpopJkt: request.dpopJkt,
      expires: now() + realmNumber(realm, "accessCodeLifespan", 60) * 1000,
    }),
  );
  await setSsoCookies(server, reply, realm, user, joined);
  await recordEvent(server, realm, {
    type: "LOGIN",
    clientId: client.clientId,
    userId: user.id,
    sessionId: joined.id,
    ipAddress,
    details: loginDetails(user, joined, request),
  });
  return sendAuthResponse(reply, request.redirectUri, request.responseMode, {
    state: request.state,
    session_state: joined.id,
    iss: issuerOf(frontendUrl(server, reply.request), realm),
    code,
    ...initiatedActionParams(request),
  });
}
