import type { ClientRecord } from "../store/types.ts";
import { clientAttribute, clientList } from "./lookup.ts";

/** Relative client URIs ("/app/*") are resolved against the client's rootUrl, as Keycloak does. */
function resolveAgainstRoot(client: ClientRecord, uri: string): string | undefined {
  if (!uri.startsWith("/")) return uri;
  const root = typeof client.rep.rootUrl === "string" ? client.rep.rootUrl.replace(/\/$/, "") : "";
  return root ? root + uri : undefined;
}

export function resolvedRedirectUris(client: ClientRecord): string[] {
  return clientList(client, "redirectUris")
    .map((uri) => resolveAgainstRoot(client, uri))
    .filter((uri): uri is string => !!uri);
}

function matches(valid: string, candidate: string, allowExact: boolean): boolean {
  if (valid === "*") return true;
  if (valid.endsWith("*")) return candidate.startsWith(valid.slice(0, -1));
  return allowExact && valid === candidate;
}

/** Loopback redirects may use any port (RFC 8252); Keycloak ignores the port for 127.0.0.1 and [::1]. */
function withoutLoopbackPort(uri: string): string {
  return uri.replace(/^(https?:\/\/(?:127\.0\.0\.1|\[::1\])):\d+/, "$1");
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
export function isValidRedirectUri(client: ClientRecord, redirectUri: string): boolean {
  if (!/^[a-z][a-z0-9+.-]*:/i.test(redirectUri) || redirectUri.includes("#")) return false;
  return matchesAny(resolvedRedirectUris(client), redirectUri);
}

/** post_logout_redirect_uri check: the client's `post.logout.redirect.uris` ("+" = the redirect URIs). */
export function isValidPostLogoutRedirectUri(client: ClientRecord, uri: string): boolean {
  const configured = (clientAttribute(client, "post.logout.redirect.uris") ?? "").split("##").filter(Boolean);
  const valid = configured.flatMap((v) => (v === "+" ? resolvedRedirectUris(client) : [resolveAgainstRoot(client, v) ?? v]));
  return matchesAny(valid, uri);
}

/** The client's allowed CORS origins: webOrigins with "+" expanded from the redirect URIs; "*" allows any. */
export function allowedOrigins(client: ClientRecord): string[] {
  const origins = new Set<string>();
  for (const entry of clientList(client, "webOrigins")) {
    if (entry === "+") {
      for (const uri of resolvedRedirectUris(client)) {
        const origin = originOf(uri);
        if (origin) origins.add(origin);
      }
    } else origins.add(entry.replace(/\/$/, ""));
  }
  return [...origins];
}

export function originOf(uri: string): string | undefined {
  const match = /^(https?:\/\/[^/?#*]+)/i.exec(uri);
  return match?.[1];
}

export function isOriginAllowed(origins: string[], origin: string): boolean {
  return origins.includes("*") || origins.includes(origin);
}
