import { decodeJwt, decodeProtectedHeader, jwtVerify, type JWTPayload } from "jose";
import type { ServerContext } from "../context.ts";
import type { RealmRecord } from "../store/types.ts";
import { realmVerificationKeys } from "./keys.ts";
import { realmByName, realmNumber } from "./lookup.ts";
import { issuerOf } from "./tokens.ts";
import { isRevokedToken } from "./revoked-tokens.ts";

/** An access token's types: a DPoP-bound one has the type DPoP (only for callers that check its binding). */
export const ACCESS_TOKEN_TYPES = ["Bearer", "DPoP"] as const;

export interface VerifiedToken {
  realm: RealmRecord;
  payload: JWTPayload & { typ?: string; azp?: string; sid?: string; scope?: string; nonce?: string };
}

/** The realm named by a token's issuer, without checking the signature. */
export function tokenRealmName(token: string): string | undefined {
  try {
    const match = /\/realms\/([^/]+)$/.exec(decodeJwt(token).iss ?? "");
    return match ? decodeURIComponent(match[1]!) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Verifies a token this server issued: signature with the issuing realm's
 * key, issuer (the realm's under `baseUrl`, the request's frontend URL, as Keycloak checks), expiry, type, and the realm's not-before policy. Undefined when
 * any check fails.
 */
export async function verifyToken(
  server: ServerContext,
  baseUrl: string,
  token: string,
  typ:
    | "Bearer"
    | "Refresh"
    | "Offline"
    | "ID"
    | "Serialized-ID"
    | readonly ("Refresh" | "Offline" | "ID" | (typeof ACCESS_TOKEN_TYPES)[number])[],
  realmName?: string,
  options: { acceptExpired?: boolean } = {},
): Promise<VerifiedToken | undefined> {
  const name = realmName ?? tokenRealmName(token);
  const realm = name ? realmByName(server.db, name) : undefined;
  if (!realm) return undefined;
  try {
    const { kid } = decodeProtectedHeader(token);
    const key = (await realmVerificationKeys(server, realm)).find((k) => k.kid === kid);
    if (!key) return undefined;
    const { payload } = await jwtVerify(token, key.verifyKey, {
      issuer: issuerOf(baseUrl, realm),
      algorithms: [key.algorithm],
      ...(options.acceptExpired ? { clockTolerance: Number.MAX_SAFE_INTEGER } : {}),
    });
    const types: readonly string[] = typeof typ === "string" ? [typ] : typ;
    if (!types.includes(payload.typ as string)) return undefined;
    if ((payload.iat ?? 0) < realmNumber(realm, "notBefore", 0)) return undefined;
    if (isRevokedToken(server, payload.jti)) return undefined;
    return { realm, payload: payload as VerifiedToken["payload"] };
  } catch {
    return undefined;
  }
}
