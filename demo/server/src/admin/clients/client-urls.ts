import { HttpError } from "../../http/errors.ts";

/** Stand-in for the server address Keycloak resolves relative URLs against while validating. */
const AUTH_SERVER_URL = "https://localhost/auth";
const URL_PROTOCOLS = new Set(["http", "https", "ftp", "file", "jar", "mailto"]);
// Characters java.net.URI refuses anywhere in a URI, and a percent sign not followed by two hex digits.
const NOT_URI = /[\s"<>\\^`{|}\p{Cc}]|%(?![0-9a-f]{2})/iu;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

interface UrlField {
  invalid: string;
  scheme: string;
  fragment?: string;
}

const ROOT_URL: UrlField = {
  invalid: "Root URL is not a valid URL",
  scheme: "Root URL uses an illegal scheme",
  fragment: "Root URL must not contain an URL fragment",
};
const BASE_URL: UrlField = { invalid: "Base URL is not a valid URL", scheme: "Base URL uses an illegal scheme" };
const BACKCHANNEL_LOGOUT_URL: UrlField = {
  invalid: "Backchannel logout URL is not a valid URL",
  scheme: "Backchannel logout URL uses an illegal scheme",
};
const FRONTCHANNEL_LOGOUT_URL: UrlField = {
  invalid: "Front-channel logout URL is not a valid URL",
  scheme: "Front-channel logout URL uses an illegal scheme",
};
const REDIRECT_URI: UrlField = {
  invalid: "A redirect URI is not a valid URI",
  scheme: "A redirect URI uses an illegal scheme",
  fragment: "A redirect URI must not contain an URL fragment",
};
const LOGO_URL: UrlField = { invalid: "Logo URL is not a valid URL", scheme: "Logo URL uses an illegal scheme" };
const POLICY_URL: UrlField = { invalid: "Policy URL is not a valid URL", scheme: "Policy URL uses an illegal scheme" };
const TOS_URL: UrlField = {
  invalid: "Terms of service URL is not a valid URL",
  scheme: "Terms of service URL uses an illegal scheme",
};

export const invalidInput = (description: string) =>
  new HttpError(400, { error: "invalid_input", error_description: description });

const text = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined);

/** Keycloak's ResolveRelative: `${authBaseUrl}` and a leading slash resolve against the server or the root URL. */
function resolve(value: string, root: string): string {
  if (value.startsWith("${authBaseUrl}")) return AUTH_SERVER_URL + value.slice("${authBaseUrl}".length);
  if (value.startsWith("${authAdminUrl}")) return AUTH_SERVER_URL + value.slice("${authAdminUrl}".length);
  return value.startsWith("/") ? root + value : value;
}

/**
 * A logout URL as Keycloak checks it: a leading slash resolves against the client's root URL (the server's without
 * one); `${authBaseUrl}` is not expanded, so it is no URL.
 */
const logoutUrl = (value: string, root: string): string =>
  value.startsWith("/") ? (root || AUTH_SERVER_URL) + value : value;

/** The first problem Keycloak's checkUri finds in `url` (script scheme, then fragment, then not a URL). */
function problemOf(url: string, field: UrlField, mustBeUrl: boolean): string | undefined {
  if (NOT_URI.test(url) || url.split("#").length > 2) return field.invalid;
  const scheme = SCHEME.exec(url)?.[1].toLowerCase();
  if (scheme === "data" || scheme === "javascript") return field.scheme;
  if (field.fragment && url.includes("#")) return field.fragment;
  if (mustBeUrl && (!scheme || !URL_PROTOCOLS.has(scheme))) return field.invalid;
  return undefined;
}

/** Only the script scheme counts for the logo, as in Keycloak's checkUriLogo. */
function logoProblem(url: string): string | undefined {
  if (NOT_URI.test(url)) return LOGO_URL.invalid;
  return SCHEME.exec(url)?.[1].toLowerCase() === "javascript" ? LOGO_URL.scheme : undefined;
}

/**
 * Keycloak's client URL checks (DefaultClientValidationProvider.validateUrls) on a client representation:
 * root, base and logout URLs must be URLs, redirect URIs must be URIs, none may use the `javascript` or `data`
 * scheme, root URL and redirect URIs carry no fragment; logo, policy and terms of service URLs too. Every problem is
 * reported at once, in Keycloak 26.7.3's order (root, logo, back-channel, redirect URIs, policy, terms, base,
 * front-channel) joined by "; ", as 400 `invalid_input`.
 */
export function checkClientUrls(input: Record<string, unknown>): void {
  const found = clientUrlProblems(input);
  if (found.length > 0) throw invalidInput(found.join("; "));
}

/** The problems checkClientUrls reports, in its order, each once. */
export function clientUrlProblems(input: Record<string, unknown>): string[] {
  const attributes = (input.attributes && typeof input.attributes === "object" ? input.attributes : {}) as Record<
    string,
    unknown
  >;
  const rootValue = text(input.rootUrl);
  const root = rootValue ? resolve(rootValue, AUTH_SERVER_URL) : "";
  const urlProblem = (url: string | undefined, field: UrlField, mustBeUrl = true) =>
    url ? problemOf(url, field, mustBeUrl) : undefined;
  const logo = text(attributes.logoUri);
  const backchannel = text(attributes["backchannel.logout.url"]);
  const frontchannel = text(attributes["frontchannel.logout.url"]);
  const redirectUris = (Array.isArray(input.redirectUris) ? (input.redirectUris as unknown[]) : []).filter(
    (uri): uri is string => typeof uri === "string" && uri !== "",
  );
  const problems = [
    urlProblem(rootValue && root, ROOT_URL),
    logo ? logoProblem(logo) : undefined,
    urlProblem(backchannel && logoutUrl(backchannel, root), BACKCHANNEL_LOGOUT_URL),
    ...redirectUris.map((uri) => urlProblem(resolve(uri, root), REDIRECT_URI, false)),
    urlProblem(text(attributes.policyUri), POLICY_URL),
    urlProblem(text(attributes.tosUri), TOS_URL),
    urlProblem(text(input.baseUrl) && resolve(input.baseUrl as string, AUTH_SERVER_URL), BASE_URL),
    urlProblem(frontchannel && logoutUrl(frontchannel, root), FRONTCHANNEL_LOGOUT_URL),
  ];
  return [...new Set(problems.filter((problem): problem is string => problem !== undefined))];
}
