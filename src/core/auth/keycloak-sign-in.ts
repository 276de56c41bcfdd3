import Keycloak from "keycloak-js";
import { TOKEN_MIN_VALIDITY, type AuthSession } from "./auth-session.ts";
import { withOpenIdScope } from "./scope.ts";

export interface SignInConfig {
  serverUrl: string;
  realm: string;
  clientId: string;
  scope?: string;
}

/**
 * Signs the administrator in with keycloak-js (check-sso, PKCE S256, response
 * mode query). Tokens live in the keycloak-js instance only, never in storage.
 * When no session exists it starts the login redirect.
 */
export async function signInWithKeycloak(config: SignInConfig): Promise<AuthSession> {
  const keycloak = new Keycloak({ url: config.serverUrl, realm: config.realm, clientId: config.clientId });
  const scope = withOpenIdScope(config.scope);
  keycloak.onAuthLogout = () => void keycloak.login({ scope });
  const authenticated = await keycloak.init({
    onLoad: "check-sso",
    pkceMethod: "S256",
    responseMode: "query",
    scope,
    checkLoginIframe: window.isSecureContext,
  });
  if (!authenticated) {
    await keycloak.login({ scope });
    await new Promise(() => undefined); // the page is navigating away
  }
  return {
    kind: "sign-in",
    async getAccessToken() {
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
