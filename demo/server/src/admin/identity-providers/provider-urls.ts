import { badRequest } from "../../http/errors.ts";

/** The config URLs Keycloak checks on every create and update (OAuth2/OIDC and SAML configs' validate). */
const CHECKED_URLS: [key: string, name: string][] = [
  ["authorizationUrl", "authorization_url"],
  ["tokenUrl", "token_url"],
  ["userInfoUrl", "userinfo_url"],
  ["tokenIntrospectionUrl", "tokenIntrospection_url"],
  ["jwksUrl", "jwks_url"],
  ["logoutUrl", "logout_url"],
  ["singleSignOnServiceUrl", "singleSignOnServiceUrl"],
  ["singleLogoutServiceUrl", "singleLogoutServiceUrl"],
  ["artifactResolutionServiceUrl", "artifactResolutionServiceUrl"],
];

/** The schemes java.net.URL knows; any other (`javascript:`, `data:`) makes Keycloak's check answer "malformed". */
const JAVA_URL_SCHEMES = new Set(["http:", "https:", "ftp:", "file:", "jar:", "mailto:"]);

/**
 * Keycloak's UriUtils.checkUrl for an identity provider's endpoints: each must parse as a URL with an http or https
 * scheme (so `javascript:`, `data:` and the like are refused); 400 with Keycloak's message otherwise. Empty values
 * are left for the provider's own required-field checks.
 */
export function checkProviderUrls(config: Record<string, string>): void {
  for (const [key, name] of CHECKED_URLS) {
    const url = config[key];
    if (url) checkUrl(url, name);
  }
}

/** One URL as UriUtils.checkUrl reads it; `name` is how Keycloak's message names the field. */
export function checkUrl(url: string, name: string): void {
  const scheme = URL.canParse(url) ? new URL(url).protocol.toLowerCase() : undefined;
  if (!scheme || !JAVA_URL_SCHEMES.has(scheme)) throw badRequest(`The url [${name}] is malformed`);
  if (scheme !== "http:" && scheme !== "https:") throw badRequest(`Invalid protocol/scheme for url [${name}]`);
}
