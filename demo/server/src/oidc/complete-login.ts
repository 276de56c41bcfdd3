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

/**
 * How the login happened. A brokered one names the provider and the identity there instead of the auth method, as
 * Keycloak 26.7.3's broker records it, and after a first broker login no redirect URI.
 */
function loginDetails(request: AuthRequest): Record<string, string> {
  const brokered = request.login.brokered;
  if (!brokered) return { auth_method: "openid-connect", auth_type: "code", redirect_uri: request.redirectUri };
  return { ...brokerDetails(brokered), ...(brokered.firstLogin ? {} : { redirect_uri: request.redirectUri }) };
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
      redirectUri: request.redirectUri,
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
    details: {
      ...loginDetails(request),
      consent: "no_consent_required",
      code_id: joined.id,
      username: user.username,
      ...(request.login.usedCredentials.includes("recovery-authn-codes") && {
        credential_type: "recovery-authn-codes",
      }),
    },
  });
  return sendAuthResponse(reply, request.redirectUri, request.responseMode, {
    state: request.state,
    session_state: joined.id,
    iss: issuerOf(frontendUrl(server, reply.request), realm),
    code,
    ...initiatedActionParams(request),
  });
}
