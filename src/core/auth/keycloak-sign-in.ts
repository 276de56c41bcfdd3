import Keycloak from "keycloak-js";
import { TOKEN_MIN_VALIDITY, type AuthSession } from "./auth-session.ts";
import { withOpenIdScope } from "./scope.ts";
import { joinSignIn, type SignInTarget } from "./sign-in-registry.ts";
import { watchSessionStatus } from "./session-status-frame.ts";

export interface SignInConfig extends SignInTarget {
  /**
   * A page of ours that hands its address to its parent (see answerSilentCheckSso): check-sso then runs in a hidden
   * frame, and the page keeps loading instead of redirecting away and back.
   */
  silentCheckSsoRedirectUri?: string;
}

/**
 * Signs the administrator in with keycloak-js (check-sso, PKCE S256, response mode query), once per server, realm,
 * client and scope on the page: the console page starts it before its element has loaded, and the element takes
 * over the same sign-in. Tokens live in the keycloak-js instance only, never in storage. When no session exists it
 * starts the login redirect. A failed sign-in is forgotten, so 'try again' starts a new one.
 */
export function signInWithKeycloak(config: SignInConfig): Promise<AuthSession> {
  return joinSignIn(config, () => startSignIn(config, withOpenIdScope(config.scope)));
}

/** Keycloak's OIDC endpoints of a realm, as keycloak-js derives them from the server URL and the realm. */
function realmEndpoints(serverUrl: string, realm: string) {
  const base = `${serverUrl.replace(/\/$/, "")}/realms/${encodeURIComponent(realm)}/protocol/openid-connect`;
  return {
    authorization_endpoint: `${base}/auth`,
    token_endpoint: `${base}/token`,
    userinfo_endpoint: `${base}/userinfo`,
    end_session_endpoint: `${base}/logout`,
    check_session_iframe: `${base}/login-status-iframe.html`,
  };
}

async function startSignIn(config: SignInConfig, scope: string): Promise<AuthSession> {
  // On the server's own origin its cookies are first-party: keycloak-js's third-party-cookie check (two frame loads)
  // could only answer 'supported', and its session frame would hold up the code exchange. Given the endpoints
  // instead of the server URL it skips that check; the session is watched once the page is idle (same checks).
  const sameOrigin = new URL(config.serverUrl, location.href).origin === location.origin;
  const endpoints = realmEndpoints(config.serverUrl, config.realm);
  const keycloak = sameOrigin
    ? new Keycloak({ clientId: config.clientId, oidcProvider: endpoints })
    : new Keycloak({ url: config.serverUrl, realm: config.realm, clientId: config.clientId });
  keycloak.onAuthLogout = () => void keycloak.login({ scope });
  const authenticated = await keycloak.init({
    onLoad: "check-sso",
    pkceMethod: "S256",
    responseMode: "query",
    scope,
    checkLoginIframe: !sameOrigin && window.isSecureContext,
    ...(config.silentCheckSsoRedirectUri ? { silentCheckSsoRedirectUri: config.silentCheckSsoRedirectUri } : {}),
  });
  if (!authenticated) {
    await keycloak.login({ scope });
    await new Promise(() => undefined); // the page is navigating away
  }
  // crypto.subtle, which the server's session frame hashes with, exists only in a secure context.
  if (sameOrigin && window.isSecureContext) watchSessionStatus(keycloak, endpoints.check_session_iframe);
  return {
    kind: "sign-in",
    async getAccessToken() {
      // updateToken would first ask the session frame (a message round trip per admin call); the frame's own
      // 5-second check already notices a session that ended.
      if (!keycloak.isTokenExpired(TOKEN_MIN_VALIDITY)) return keycloak.token;
      try {
        await keycloak.updateToken(TOKEN_MIN_VALIDITY);
      } catch {
        await keycloak.login({ scope });
      }
      return keycloak.token;
    },
    idTokenClaims: () => keycloak.idTokenParsed,
    signOut: () => keycloak.logout({ redirectUri: window.location.href.split("#")[0] }),
  };
}
