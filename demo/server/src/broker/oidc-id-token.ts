import { createPublicKey, X509Certificate, type KeyObject } from "node:crypto";
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  decodeJwt,
  jwtVerify,
  type JSONWebKeySet,
  type JWTPayload,
  type JWTVerifyGetKey,
} from "jose";
import type { IdentityProviderRecord } from "../store/types.ts";
import { now } from "../common/ids.ts";

type Config = Record<string, string | undefined>;

const remoteKeySets = new Map<string, JWTVerifyGetKey>();

function remoteKeySet(url: string): JWTVerifyGetKey {
  let keySet = remoteKeySets.get(url);
  if (!keySet) {
    keySet = createRemoteJWKSet(new URL(url));
    if (remoteKeySets.size > 256) remoteKeySets.clear();
    remoteKeySets.set(url, keySet);
  }
  return keySet;
}

/** A pasted PEM public key or certificate, or their base64 body without the PEM lines (as Keycloak's PemUtils reads them). */
function pemKey(text: string): KeyObject {
  const trimmed = text.trim();
  if (trimmed.includes("BEGIN CERTIFICATE")) return new X509Certificate(trimmed).publicKey;
  if (trimmed.includes("BEGIN")) return createPublicKey(trimmed);
  const der = Buffer.from(trimmed.replace(/\s+/g, ""), "base64");
  try {
    return createPublicKey({ key: der, format: "der", type: "spki" });
  } catch {
    return new X509Certificate(der).publicKey;
  }
}

/**
 * The key (or key set) that verifies the provider's tokens when "Use JWKS URL" is off: the pasted "Validating public
 * key", a PEM key/certificate or a JWKS. A PEM key with a "Validating public key id" only verifies tokens with that kid.
 */
export function pastedKeyResolver(config: Config): JWTVerifyGetKey {
  const text = config.publicKeySignatureVerifier?.trim() ?? "";
  if (text.startsWith("{")) return createLocalJWKSet(JSON.parse(text) as JSONWebKeySet);
  const key = pemKey(text);
  const keyId = config.publicKeySignatureVerifierKeyId?.trim();
  return (header) => {
    if (keyId && header.kid !== keyId) throw new Error(`no key with kid ${header.kid}`);
    return key;
  };
}

/** Whether the pasted key can be read; the reason when it cannot. */
export function pastedKeyProblem(config: Config): string | undefined {
  try {
    pastedKeyResolver(config);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * ID token checks as Keycloak's OIDC broker makes them: the signature when "Validate Signatures" is on (keys from the
 * JWKS URL, or the pasted key when "Use JWKS URL" is off), issuer, audience, expiry with the allowed clock skew, nonce.
 */
export async function verifyIdToken(idp: IdentityProviderRecord, idToken: string, nonce: string): Promise<JWTPayload> {
  const config = (idp.rep.config ?? {}) as Config;
  const clockTolerance = Number.parseInt(config.allowedClockSkew ?? "0", 10) || 0;
  const options = { issuer: config.issuer || undefined, audience: config.clientId, clockTolerance };
  let payload: JWTPayload;
  if (config.validateSignature === "true") {
    const keys = config.useJwksUrl === "true" ? remoteKeySet(config.jwksUrl ?? "") : pastedKeyResolver(config);
    payload = (await jwtVerify(idToken, keys, options)).payload;
  } else {
    payload = decodeJwt(idToken);
    if (options.issuer && payload.iss !== options.issuer) throw new Error("wrong issuer");
    const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
    if (!audiences.includes(config.clientId)) throw new Error("wrong audience");
    if (typeof payload.exp === "number" && payload.exp + clockTolerance < now() / 1000) throw new Error("expired");
  }
  if (config.disableNonce !== "true" && payload.nonce !== nonce) throw new Error("wrong nonce");
  return payload;
}

/**
 * The access token's claims when the provider says it is a JWT (Keycloak OpenID Connect always, OpenID Connect with
 * "Access token is JWT"), validated as Keycloak's broker does without the audience: signature per "Validate
 * Signatures", issuer, expiry with the allowed clock skew. Undefined when it is not taken as a JWT.
 */
export async function verifiedAccessToken(
  idp: IdentityProviderRecord,
  accessToken: string | undefined,
): Promise<JWTPayload | undefined> {
  const config = (idp.rep.config ?? {}) as Config;
  if (!accessToken || (idp.rep.providerId !== "keycloak-oidc" && config.isAccessTokenJWT !== "true")) return undefined;
  const clockTolerance = Number.parseInt(config.allowedClockSkew ?? "0", 10) || 0;
  const options = { issuer: config.issuer || undefined, clockTolerance };
  if (config.validateSignature === "true") {
    const keys = config.useJwksUrl === "true" ? remoteKeySet(config.jwksUrl ?? "") : pastedKeyResolver(config);
    return (await jwtVerify(accessToken, keys, options)).payload;
  }
  const payload = decodeJwt(accessToken);
  if (options.issuer && payload.iss !== options.issuer) throw new Error("wrong issuer");
  if (typeof payload.exp === "number" && payload.exp + clockTolerance < now() / 1000) throw new Error("expired");
  return payload;
}
