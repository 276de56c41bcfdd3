import type { FastifyReply, FastifyRequest } from "fastify";
import type { ServerContext } from "../context.ts";
import type { RealmRecord } from "../store/types.ts";
import { recordEvent } from "../events/record.ts";
import { sendErrorPage } from "../oidc/error-page.ts";
import { sendAuthResponse } from "../oidc/auth-response.ts";
import { ssoSessionFromCookie } from "../oidc/sso-cookies.ts";
import { issuerOf } from "../oidc/tokens.ts";
import { frontendUrl } from "../http/frontend-url.ts";
import type { SpentBrokerState } from "./broker-state.ts";

/**
 * A provider's answer naming no login this server sent it to (a state it never issued): as
 * Keycloak 26.7.3 answers a state it cannot read (measured), the "Invalid Request" page with 400 and an
 * IDENTITY_PROVIDER_LOGIN_ERROR naming neither client nor details.
 */
export async function refuseUnknownBrokerState(
  server: ServerContext,
  req: FastifyRequest,
  reply: FastifyReply,
  realm: RealmRecord,
) {
  await recordEvent(server, realm, {
    type: "IDENTITY_PROVIDER_LOGIN_ERROR",
    ipAddress: req.ip,
    error: "invalidRequestMessage",
  });
  return sendErrorPage(reply, realm, "Invalid Request");
}

const COOKIE_NOT_FOUND =
  "Restart login cookie not found. It may have expired; it may have been deleted or cookies are disabled in your " +
  "browser. If cookies are disabled then enable them. Click Back to Application to login again.";

/**
 * A provider's answer naming a state already used (the login it was for has ended), as Keycloak 26.7.3 answers it
 * (measured): a browser signed in to the realm goes back to the client with temporarily_unavailable /
 * authentication_expired (IDENTITY_PROVIDER_LOGIN_ERROR already_logged_in); any other gets the "Restart login cookie
 * not found" page with 400 (IDENTITY_PROVIDER_LOGIN_ERROR cookie_not_found). Both events name the client.
 */
export async function refuseSpentBrokerState(
  server: ServerContext,
  req: FastifyRequest,
  reply: FastifyReply,
  realm: RealmRecord,
  login: SpentBrokerState,
) {
  const base = { type: "IDENTITY_PROVIDER_LOGIN_ERROR", clientId: login.clientId, ipAddress: req.ip };
  if (!(await ssoSessionFromCookie(server, realm, req))) {
    await recordEvent(server, realm, { ...base, error: "cookie_not_found" });
    return sendErrorPage(reply, realm, COOKIE_NOT_FOUND);
  }
  await recordEvent(server, realm, {
    ...base,
    error: "already_logged_in",
    details: {
      response_type: "code",
      redirect_uri: login.redirectUri,
      redirected_to_client: "true",
      response_mode: login.responseMode,
    },
  });
  return sendAuthResponse(reply, login.redirectUri, login.responseMode, {
    error: "temporarily_unavailable",
    error_description: "authentication_expired",
    state: login.state,
    iss: issuerOf(frontendUrl(server, req), realm),
  });
}

/**
 * A SAML login response without RelayState, as Keycloak 26.7.3 answers it (measured): "Unexpected error when
 * authenticating with identity provider" with 400 and a LOGIN_ERROR invalid_saml_response naming neither client nor
 * details.
 */
export async function refuseMissingRelayState(
  server: ServerContext,
  req: FastifyRequest,
  reply: FastifyReply,
  realm: RealmRecord,
) {
  await recordEvent(server, realm, { type: "LOGIN_ERROR", ipAddress: req.ip, error: "invalid_saml_response" });
  return sendErrorPage(reply, realm, "Unexpected error when authenticating with identity provider");
}
