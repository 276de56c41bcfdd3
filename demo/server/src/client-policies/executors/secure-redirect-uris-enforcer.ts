import { clientByClientId } from "../../oidc/lookup.ts";
import type { Executor, PolicyConfig } from "../types.ts";
import { ClientPolicyError, configFlag, configList } from "../types.ts";

// Keycloak 26.7.3's secure-redirect-uris-enforcer (SecureRedirectUrisEnforcerExecutor, read from its bytecode): a
// redirect URI is a loopback address, a private-use scheme or a normal http(s) URI, each with its own rules.

const INVALID_URI = "Invalid Redirect Uri: invalid uri";
const INVALID_LOOPBACK = "Invalid Redirect Uri: invalid loopback address";
const INVALID_PRIVATE_SCHEME = "Invalid Redirect Uri: invalid private use scheme";

const refuse = (description: string) => new ClientPolicyError("invalid_request", description);

interface Rules {
  allowIPv4Loopback: boolean;
  allowIPv6Loopback: boolean;
  allowPrivateUseScheme: boolean;
  allowHttp: boolean;
  allowWildcardContextPath: boolean;
  permittedDomains?: string[];
  oauth20: boolean;
  oauth21: boolean;
}

const rulesOf = (config: PolicyConfig): Rules => ({
  allowIPv4Loopback: configFlag(config, "allow-ipv4-loopback-address"),
  allowIPv6Loopback: configFlag(config, "allow-ipv6-loopback-address"),
  allowPrivateUseScheme: configFlag(config, "allow-private-use-uri-scheme"),
  allowHttp: configFlag(config, "allow-http-scheme"),
  allowWildcardContextPath: configFlag(config, "allow-wildcard-context-path"),
  permittedDomains: configList(config, "allow-permitted-domains"),
  oauth20: configFlag(config, "oauth-2-0-compliant"),
  oauth21: configFlag(config, "oauth-2-1-compliant"),
});

/** A URI's parts as java.net.URI reads them (RFC 3986's split; the port is -1 when none is written). */
interface UriParts {
  text: string;
  scheme?: string;
  host?: string;
  port: number;
  path: string;
}

function parseUri(text: string): UriParts | undefined {
  if (/[\s<>"{}|\\^`]/.test(text)) return undefined;
  const match = /^(?:([a-zA-Z][a-zA-Z0-9+.-]*):)?(?:\/\/([^/?#]*))?([^?#]*)(?:\?[^#]*)?(?:#.*)?$/.exec(text);
  if (!match) return undefined;
  const [, scheme, authority, path = ""] = match;
  let host: string | undefined;
  let port = -1;
  if (authority !== undefined) {
    const hostPort = /^(?:[^@]*@)?(\[[0-9a-fA-F:.]+\]|[^:[\]]*)(?::(\d*))?$/.exec(authority);
    if (!hostPort) return undefined;
    host = hostPort[1] || undefined;
    if (hostPort[2]) port = Number(hostPort[2]);
  }
  return { text, scheme, host, port, path };
}

/** Which loopback family a host names: 127.0.0.0/8 and `localhost` are IPv4 (as Java resolves them), ::1 IPv6. */
function loopbackFamily(host: string | undefined): 4 | 6 | undefined {
  if (!host) return undefined;
  if (host.toLowerCase() === "localhost") return 4;
  if (/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)) return 4;
  if (host.startsWith("[")) {
    try {
      return new URL(`http://${host}/`).hostname === "[::1]" ? 6 : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

const isHttp = (uri: UriParts) => uri.scheme === "http";
const isHttps = (uri: UriParts) => uri.scheme === "https";
const hasWildcard = (uri: UriParts) => uri.text.includes("*");
const hasFragment = (uri: UriParts) => uri.text.includes("#");
const isWildcardContextPath = (uri: UriParts) => uri.path.startsWith("/*") || uri.path.startsWith("*");
/** A wildcard context path with more than its one `*`. */
const hasInvalidWildcard = (uri: UriParts) => isWildcardContextPath(uri) && uri.text.split("*").length - 1 !== 1;

/** The wildcard and fragment rules every kind of URI shares. */
function passesWildcardAndFragmentRules(uri: UriParts, rules: Rules): boolean {
  if (rules.allowWildcardContextPath ? hasInvalidWildcard(uri) : hasWildcard(uri)) return false;
  if ((rules.oauth20 || rules.oauth21) && (hasFragment(uri) || hasWildcard(uri))) return false;
  return true;
}

function isValidLoopback(uri: UriParts, family: 4 | 6, rules: Rules, isRequestParameter: boolean): boolean {
  if (!rules.allowHttp && isHttp(uri)) return false;
  if (!passesWildcardAndFragmentRules(uri, rules)) return false;
  if (!rules.oauth21) return true;
  if (uri.host!.toLowerCase() === "localhost") return false;
  // OAuth 2.1: a registered loopback URI has no port, as the client picks one when it asks.
  if (isRequestParameter ? uri.port < 0 || uri.port > 65535 : uri.port > -1) return false;
  return family === 4 || uri.host === "[::1]";
}

function isValidPrivateUseScheme(uri: UriParts, rules: Rules): boolean {
  if (!passesWildcardAndFragmentRules(uri, rules)) return false;
  // OAuth 2.1: a reverse domain name, never a single word.
  return !rules.oauth21 || uri.scheme!.includes(".");
}

function isValidNormalUri(uri: UriParts, rules: Rules): boolean {
  if (!rules.allowHttp && isHttp(uri)) return false;
  if (!passesWildcardAndFragmentRules(uri, rules)) return false;
  const domains = rules.permittedDomains ?? [];
  if (domains.length > 0 && !domains.some((domain) => matchesDomain(uri.host, domain))) return false;
  return !rules.oauth21 || isHttps(uri);
}

/** Java's String.matches: the whole host against the regular expression. */
function matchesDomain(host: string | undefined, domain: string): boolean {
  if (!host) return false;
  try {
    return new RegExp(`^(?:${domain})$`).test(host);
  } catch {
    return false;
  }
}

/** One redirect URI against the rules; `isRequestParameter` for an authorization request's redirect_uri. */
function verifyRedirectUri(text: string, rules: Rules, isRequestParameter: boolean): void {
  const uri = parseUri(text);
  if (!uri) throw refuse(INVALID_URI);
  const family = loopbackFamily(uri.host);
  if (family === 4) {
    if (!rules.allowIPv4Loopback || !isValidLoopback(uri, 4, rules, isRequestParameter)) throw refuse(INVALID_LOOPBACK);
  } else if (family === 6) {
    if (!rules.allowIPv6Loopback || !isValidLoopback(uri, 6, rules, isRequestParameter)) throw refuse(INVALID_LOOPBACK);
  } else if (uri.scheme && !isHttp(uri) && !isHttps(uri)) {
    if (!rules.allowPrivateUseScheme || !isValidPrivateUseScheme(uri, rules)) throw refuse(INVALID_PRIVATE_SCHEME);
  } else if (isHttp(uri) || isHttps(uri)) {
    if (!isValidNormalUri(uri, rules)) throw refuse(INVALID_URI);
  } else throw refuse(INVALID_URI);
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];

/** Standard or implicit flow on; an unset standard flow counts as on (Keycloak's default). */
const redirectsInFlows = (rep: Record<string, unknown>) =>
  rep.standardFlowEnabled === undefined || rep.standardFlowEnabled === true || rep.implicitFlowEnabled === true;

/** Keycloak's post-logout redirect URIs of a representation: none set means the redirect URIs, `-` none, `+` adds them. */
function postLogoutRedirectUris(rep: Record<string, unknown>, redirectUris: string[]): string[] {
  const attributes = (rep.attributes ?? {}) as Record<string, unknown>;
  const configured = String(attributes["post.logout.redirect.uris"] ?? "")
    .split("##")
    .filter(Boolean);
  if (configured.length === 0) return redirectUris;
  if (configured[0] === "-") return [];
  if (configured.includes("+")) return [...new Set([...configured.filter((uri) => uri !== "+"), ...redirectUris])];
  return configured;
}

/** Relative URIs resolve against the root URL, or without one against the server's origin, as Keycloak resolves them. */
function resolved(uris: string[], rootUrl: unknown, serverUrl: string | undefined): string[] {
  const origin = serverUrl ? new URL(serverUrl).origin : "";
  const root = typeof rootUrl === "string" && rootUrl ? rootUrl.replace("${authBaseUrl}", serverUrl ?? "") : origin;
  return uris.map((uri) => (uri.startsWith("/") ? root + uri : uri));
}

function verifyRegisteredUris(
  uris: string[],
  rep: Record<string, unknown>,
  rules: Rules,
  config: PolicyConfig,
  serverUrl: string | undefined,
) {
  if (configFlag(config, "allow-open-redirect")) return;
  for (const uri of resolved(uris, rep.rootUrl, serverUrl)) verifyRedirectUri(uri, rules, false);
}

/**
 * The redirect URIs of a client being registered or updated (and its post-logout ones), and the redirect_uri of its
 * authorization requests, follow the configured rules: loopback addresses, private-use schemes and http only where
 * allowed, no wildcards or fragments, permitted domains, OAuth 2.0 / 2.1's stricter forms.
 */
export const secureRedirectUrisEnforcer: Executor = (ctx, config) => {
  const rules = rulesOf(config);
  if (ctx.event === "REGISTER" || ctx.event === "UPDATE") {
    const rep = ctx.proposed;
    if (!rep) throw refuse(INVALID_URI);
    if (!redirectsInFlows(rep)) return;
    const redirectUris = strings(rep.redirectUris);
    if (redirectUris.length === 0) throw refuse(INVALID_URI);
    verifyRegisteredUris(redirectUris, rep, rules, config, ctx.requestUrl);
    const postLogout = postLogoutRedirectUris(rep, redirectUris);
    if (postLogout.length > 0) verifyRegisteredUris(postLogout, rep, rules, config, ctx.requestUrl);
  } else if (ctx.event === "PRE_AUTHORIZATION_REQUEST") {
    const request = ctx.preAuthorization!;
    const client = request.clientId ? clientByClientId(ctx.server.db, ctx.realm, request.clientId) : undefined;
    if (!client) throw refuse("Invalid parameter: clientId");
    const redirectUri = request.params.redirect_uri;
    if (redirectsInFlows(client.rep) && redirectUri !== undefined) verifyRedirectUri(redirectUri, rules, true);
  } else if (ctx.event === "AUTHORIZATION_REQUEST") {
    if (!ctx.client) throw refuse("Invalid parameter: clientId");
    const redirectUri = ctx.authorization?.redirectUri;
    if (redirectsInFlows(ctx.client.rep) && redirectUri !== undefined) verifyRedirectUri(redirectUri, rules, true);
  }
};
