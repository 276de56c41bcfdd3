/** The access token claims the console reads when who-am-I is not available. */
export interface AccessTokenClaims {
  azp?: string;
  iss?: string;
  sub?: string;
  preferred_username?: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  locale?: string;
  realm_access?: { roles?: string[] };
  resource_access?: Record<string, { roles?: string[] } | undefined>;
  [claim: string]: unknown;
}

function decodeBase64Url(part: string): string {
  const base64 = part
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(part.length / 4) * 4, "=");
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * The payload of a JWT access token, unverified: the console only reads it to decide what to
 * show; the server checks the signature and the roles on every call. Undefined when unreadable.
 */
export function decodeTokenClaims(token: string | undefined): AccessTokenClaims | undefined {
  const payload = token?.split(".")[1];
  if (!payload) return undefined;
  try {
    const claims: unknown = JSON.parse(decodeBase64Url(payload));
    return typeof claims === "object" && claims !== null ? (claims as AccessTokenClaims) : undefined;
  } catch {
    return undefined;
  }
}

/** The realm that issued the token, from its `iss` (`…/realms/{realm}`). */
export function issuerRealm(claims: AccessTokenClaims): string | undefined {
  const match = /\/realms\/([^/]+)\/?$/.exec(claims.iss ?? "");
  return match ? decodeURIComponent(match[1]!) : undefined;
}
