import type { ClientRecord } from "../store/types.ts";
import { clientAttribute, clientList } from "./lookup.ts";

/** The client's rootUrl with Keycloak's ${authBaseUrl} / ${authAdminUrl} placeholders filled in. */
function rootUrl(client: ClientRecord, publicUrl: string): string {
  const root = typeof client.rep.rootUrl === "string" ? client.rep.rootUrl : "";
  return root.replace("${authBaseUrl}", publicUrl).replace("${authAdminUrl}", publicUrl).replace(/\/$/, "");
}

/** Relative client URIs ("/app/*") are resolved against the client's rootUrl, as Keycloak does. */
function resolveAgainstRoot(client: ClientRecord, uri: string, publicUrl: string): string | undefined {
  if (!uri.startsWith("/")) return uri;
  const root = rootUrl(client, publicUrl);
  return root ? root + uri : undefined;
}

export function resolvedRedirectUris(client: ClientRecord, publicUrl: string): string[] {
  return clientList(client, "redirectUris")
    .map((uri) => resolveAgainstRoot(client, uri, publicUrl))
    .filter((uri): uri is string => !!uri);
}

function matches(valid: string, candidate: string, allowExact: boolean): boolean {
  if (valid === "*") return true;
  if (valid.endsWith("*")) return candidate.startsWith(valid.slice(0, -1));
  return allowExact && valid === candidate;
}

/**
 * Loopback redirects may use any port (RFC 8252): Keycloak retries without the
 * port for http://127.0.0.1 and http://localhost. A `:*` port in a configured
 * URI is read the same way.
 */
function withoutLoopbackPort(uri: string): string {
  return uri.replace(/^(http:\/\/(?:127\.0\.0\.1|localhost|\[::1\])):(\d+|\*)/, "$1");
}

function matchesAny(valid: string[], candidate: string): boolean {
  const stripped = candidate.split("?")[0]!;
  return valid.some(
    (v) =>
      matches(v, candidate, true) ||
      matches(withoutLoopbackPort(v), withoutLoopbackPort(candidate), true) ||
      (candidate !== stripped && matches(v, stripped, false)),
  );
}

/** Keycloak's redirect_uri check against the client's valid redirect URIs (with `*` suffix wildcards). */
export function isValidRedirectUri(client: ClientRecord, redirectUri: string, publicUrl: string): boolean {
  if (!/^[a-z][a-z0-9+.-]*:/i.test(redirectUri)) return false;
  // keycloak-js sends the page address with its hash route; the fragment takes no part in matching.
  return matchesAny(resolvedRedirectUris(client, publicUrl), redirectUri.split("#")[0]);
}

/**
 * Where an authorization request's answer goes: the redirect_uri it sent, when valid. A request without one that is not
 * an OpenID Connect request (no `openid` scope) goes to the client's only registered redirect URI, cut before a `/*`
 * wildcard, as Keycloak's RedirectUtils takes it. Undefined: refused.
 */
export function authorizationRedirectUri(
  client: ClientRecord,
  sent: string | undefined,
  scope: string | undefined,
  publicUrl: string,
): string | undefined {
  if (sent !== undefined) return isValidRedirectUri(client, sent, publicUrl) ? sent : undefined;
  if ((scope ?? "").split(" ").includes("openid")) return undefined;
  const registered = clientList(client, "redirectUris");
  if (registered.length !== 1) return undefined;
  const wildcard = registered[0]!.indexOf("/*");
  return wildcard === -1 ? registered[0] : registered[0]!.slice(0, wildcard);
}

/** post_logout_redirect_uri check: the client's `post.logout.redirect.uris` ("+" = the redirect URIs). */
export function isValidPostLogoutRedirectUri(client: ClientRecord, uri: string, publicUrl: string): boolean {
  const configured = (clientAttribute(client, "post.logout.redirect.uris") ?? "").split("##").filter(Boolean);
  const valid = configured.flatMap((v) =>
    v === "+" ? resolvedRedirectUris(client, publicUrl) : [resolveAgainstRoot(client, v, publicUrl) ?? v],
  );
  return matchesAny(valid, uri);
}

/** The client's allowed CORS origins: webOrigins with "+" expanded from the redirect URIs; "*" allows any. */
export function allowedOrigins(client: ClientRecord, publicUrl: string): string[] {
  const origins = new Set<string>();
  for (const entry of clientList(client, "webOrigins")) {
    if (entry === "+") {
      for (const uri of resolvedRedirectUris(client, publicUrl)) {
        const origin = originOf(uri);
        if (origin) origins.add(origin);
      }
    } else origins.add(entry.replace(/\/$/, ""));
  }
  return [...origins];
}

export function originOf(uri: string): string | undefined {
  const match = /^(https?:\/\/[^/?#]+)/i.exec(uri);
  return match?.[1];
}

/** Exact origin match; "*" allows any; an origin with a `:*` port (from a loopback redirect URI) allows any port. */
export function isOriginAllowed(origins: string[], origin: string): boolean {
  return origins.some(
    (o) =>
      o === "*" ||
      o === origin ||
      (o.endsWith(":*") && new RegExp(`^${escapeRegExp(o.slice(0, -1))}\\d+$`).test(origin)),
  );
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
