import {
  createHash,
  createPrivateKey,
  createPublicKey,
  createSecretKey,
  X509Certificate,
  type KeyObject,
} from "node:crypto";
import type { JWK } from "jose";
import type { ServerContext } from "../context.ts";
import type { ComponentRecord, RealmRecord } from "../store/types.ts";
import { newId } from "../common/ids.ts";
import { withGeneratedKeys } from "../admin/components/key-material.ts";

export const KEY_PROVIDER_TYPE = "org.keycloak.keys.KeyProvider";

export type KeyStatus = "ACTIVE" | "PASSIVE" | "DISABLED";

/** One key of the realm, read from its key-provider component (Keycloak's KeyWrapper). */
export interface RealmKey {
  /** The component's id (Keycloak's providerId in the keys metadata). */
  componentId: string;
  kid: string;
  algorithm: string;
  type: "RSA" | "EC" | "OKP" | "OCT";
  use: "SIG" | "ENC";
  status: KeyStatus;
  priority: number;
  /** The signing (or decryption) key: a private key, or the secret of HMAC/AES keys. */
  privateKey: KeyObject;
  /** The verification key: the public key, or the secret of HMAC keys. */
  verifyKey: KeyObject;
  /** Base64 SPKI of asymmetric keys. */
  publicKey?: string;
  certificate?: string;
  validTo?: number;
  /** The public JWK for the realm's JWKS; absent for secret keys. */
  publicJwk?: JWK;
}

/** What tokens and cookies are signed with. */
export type RealmSigningKey = RealmKey;

const first = (component: ComponentRecord, key: string): string | undefined => component.config[key]?.[0];

const SIGNING_ALGORITHM: Record<string, string> = {
  "rsa-generated": "RS256",
  rsa: "RS256",
  "rsa-enc-generated": "RSA-OAEP",
  "rsa-enc": "RSA-OAEP",
  "hmac-generated": "HS256",
  "aes-generated": "AES",
  "eddsa-generated": "EdDSA",
  "java-keystore": "RS256",
};

const EC_ALGORITHM: Record<string, string> = { "P-256": "ES256", "P-384": "ES384", "P-521": "ES512" };

function statusOf(component: ComponentRecord): KeyStatus {
  if (first(component, "enabled") === "false") return "DISABLED";
  return first(component, "active") === "false" ? "PASSIVE" : "ACTIVE";
}

function privateKeyOf(text: string): KeyObject {
  if (text.includes("BEGIN")) return createPrivateKey(text);
  return createPrivateKey({ key: Buffer.from(text, "base64"), format: "der", type: "pkcs8" });
}

/** Keycloak's key id: base64url SHA-256 of the encoded public key. */
function keyId(publicKey: KeyObject): string {
  return createHash("sha256")
    .update(publicKey.export({ format: "der", type: "spki" }))
    .digest("base64url");
}

function certificateFields(certificate: string | undefined): Pick<RealmKey, "certificate" | "validTo"> & {
  jwk: JWK;
} {
  if (!certificate) return { jwk: {} };
  const der = Buffer.from(certificate, "base64");
  let validTo: number | undefined;
  try {
    validTo = Date.parse(new X509Certificate(der).validTo);
  } catch {
    validTo = undefined;
  }
  return {
    certificate,
    validTo,
    jwk: {
      x5c: [certificate],
      x5t: createHash("sha1").update(der).digest("base64url"),
      "x5t#S256": createHash("sha256").update(der).digest("base64url"),
    },
  };
}

function asymmetricKey(
  component: ComponentRecord,
  privateText: string,
  algorithm: string,
  use: RealmKey["use"],
): RealmKey {
  const privateKey = privateKeyOf(privateText);
  const publicKey = createPublicKey(privateKey);
  const kid = keyId(publicKey);
  const type = privateKey.asymmetricKeyType === "ec" ? "EC" : privateKey.asymmetricKeyType === "rsa" ? "RSA" : "OKP";
  const cert = certificateFields(first(component, "certificate"));
  const jwk = publicKey.export({ format: "jwk" }) as JWK;
  const publicJwk: JWK = { kid, kty: jwk.kty, alg: algorithm, use: use === "SIG" ? "sig" : "enc" };
  if (type === "RSA") Object.assign(publicJwk, cert.jwk, { n: jwk.n, e: jwk.e });
  else Object.assign(publicJwk, cert.jwk, { crv: jwk.crv, x: jwk.x, ...(jwk.y ? { y: jwk.y } : {}) });
  return {
    componentId: component.id,
    kid,
    algorithm,
    type,
    use,
    status: statusOf(component),
    priority: Number(first(component, "priority") ?? 0) || 0,
    privateKey,
    verifyKey: publicKey,
    publicKey: publicKey.export({ format: "der", type: "spki" }).toString("base64"),
    certificate: cert.certificate,
    validTo: cert.validTo,
    publicJwk,
  };
}

function secretKey(component: ComponentRecord, algorithm: string, use: RealmKey["use"]): RealmKey | undefined {
  const secret = first(component, "secret");
  if (!secret) return undefined;
  const key = createSecretKey(Buffer.from(secret, "base64url"));
  return {
    componentId: component.id,
    kid: first(component, "kid") ?? component.id,
    algorithm,
    type: "OCT",
    use,
    status: statusOf(component),
    priority: Number(first(component, "priority") ?? 0) || 0,
    privateKey: key,
    verifyKey: key,
  };
}

/** Parsed keys by component and config: a changed config is parsed again, old entries leave first. */
const PARSED_KEPT = 512;
const parsed = new Map<string, RealmKey | undefined>();

/** The key a key-provider component holds, or undefined when it has none this server can read. */
export function keyOfComponent(component: ComponentRecord): RealmKey | undefined {
  const cacheKey = JSON.stringify([component.id, component.providerId, component.config]);
  if (parsed.has(cacheKey)) return parsed.get(cacheKey);
  let key: RealmKey | undefined;
  try {
    key = readKey(component);
  } catch {
    key = undefined;
  }
  if (parsed.size >= PARSED_KEPT) parsed.delete(parsed.keys().next().value!);
  parsed.set(cacheKey, key);
  return key;
}

function readKey(component: ComponentRecord): RealmKey | undefined {
  const id = component.providerId;
  const algorithm = first(component, "algorithm") ?? SIGNING_ALGORITHM[id] ?? "RS256";
  if (id === "ecdsa-generated") {
    const text = first(component, "ecdsaPrivateKey");
    const curve = first(component, "ecdsaEllipticCurveKey") ?? "P-256";
    return text ? asymmetricKey(component, text, EC_ALGORITHM[curve] ?? "ES256", "SIG") : undefined;
  }
  if (id === "eddsa-generated") {
    const text = first(component, "eddsaPrivateKey");
    return text ? asymmetricKey(component, text, "EdDSA", "SIG") : undefined;
  }
  if (id === "hmac-generated") return secretKey(component, algorithm, "SIG");
  if (id === "aes-generated") return secretKey(component, "AES", "ENC");
  const text = first(component, "privateKey");
  if (!text) return undefined;
  const enc = id === "rsa-enc-generated" || id === "rsa-enc" || first(component, "keyUse") === "enc";
  return asymmetricKey(component, text, algorithm, enc ? "ENC" : "SIG");
}

const GENERATED = new Set([
  "rsa-generated",
  "rsa-enc-generated",
  "ecdsa-generated",
  "eddsa-generated",
  "hmac-generated",
  "aes-generated",
]);

function keyComponents(server: ServerContext, realm: RealmRecord): ComponentRecord[] {
  return server.db.list("components", realm.id).filter((c) => c.providerType === KEY_PROVIDER_TYPE);
}

const pending = new Map<string, Promise<void>>();

/** Encryption keys: generated when the realm's keys are listed or one is needed, not for signing a token. */
const ENCRYPTION_ONLY = new Set(["rsa-enc-generated", "aes-generated"]);

/**
 * Generated providers without their key (a new realm's template ones), and a realm without any RS256 signing key,
 * get their keys here, stored, as Keycloak generates them when the realm is created. With `signingOnly` the encryption
 * keys wait for a caller that needs them: an RSA key costs ~0.2 s of CPU and most realms never encrypt.
 */
async function ensureKeys(server: ServerContext, realm: RealmRecord, signingOnly = false): Promise<void> {
  for (let running = pending.get(realm.id); running; running = pending.get(realm.id)) await running;
  const components = keyComponents(server, realm);
  const missing = components.filter(
    (c) => GENERATED.has(c.providerId) && !(signingOnly && ENCRYPTION_ONLY.has(c.providerId)) && !keyOfComponent(c),
  );
  const hasRs256 = components.some((c) => {
    const key = keyOfComponent(c);
    return key?.algorithm === "RS256" && key.use === "SIG" && key.status !== "DISABLED";
  });
  if (!missing.length && hasRs256) return;
  const running = server.db
    .write((tx) => {
      for (const c of missing)
        tx.put("components", { ...c, config: withGeneratedKeys(c.providerId, c.config, realm.realm) });
      if (!hasRs256)
        tx.put("components", {
          id: newId(),
          realmId: realm.id,
          name: "rsa-generated",
          providerId: "rsa-generated",
          providerType: KEY_PROVIDER_TYPE,
          parentId: realm.id,
          config: withGeneratedKeys(
            "rsa-generated",
            { priority: ["100"], keySize: ["2048"], algorithm: ["RS256"], active: ["true"], enabled: ["true"] },
            realm.realm,
          ),
        });
    })
    .finally(() => pending.delete(realm.id));
  pending.set(realm.id, running);
  await running;
}

/** The realm's keys, highest priority first; `signingOnly`: encryption keys not generated yet may be missing. */
async function keysOf(server: ServerContext, realm: RealmRecord, signingOnly: boolean): Promise<RealmKey[]> {
  await ensureKeys(server, realm, signingOnly);
  return keyComponents(server, realm)
    .map(keyOfComponent)
    .filter((k): k is RealmKey => k !== undefined)
    .sort((a, b) => b.priority - a.priority);
}

/** Every key of the realm, highest priority first (Keycloak's GET /keys order). */
export function realmKeys(server: ServerContext, realm: RealmRecord): Promise<RealmKey[]> {
  return keysOf(server, realm, false);
}

/** The realm's default signature algorithm (Keycloak's RS256 when unset). */
export function defaultSignatureAlgorithm(realm: RealmRecord): string {
  const value = realm.settings.defaultSignatureAlgorithm;
  return typeof value === "string" && value ? value : "RS256";
}

/**
 * The active signing key of the highest priority for `algorithm` (the realm's default signature algorithm when
 * not given). Without an active key for it, the RS256 key, which every realm has.
 */
export async function realmSigningKey(
  server: ServerContext,
  realm: RealmRecord,
  algorithm = defaultSignatureAlgorithm(realm),
): Promise<RealmSigningKey> {
  const signing = (await keysOf(server, realm, true)).filter((k) => k.use === "SIG");
  const active = signing.filter((k) => k.status === "ACTIVE");
  const key = active.find((k) => k.algorithm === algorithm) ?? active.find((k) => k.algorithm === "RS256");
  if (key) return key;
  // every RS256 key is passive or disabled: Keycloak still signs with one of them rather than fail
  const any = signing.find((k) => k.algorithm === "RS256");
  if (!any) throw new Error(`No key for ${algorithm} in realm ${realm.realm}`);
  return any;
}

/** The enabled signing keys (for verifying tokens by kid, also those signed before a rotation). */
export async function realmVerificationKeys(server: ServerContext, realm: RealmRecord): Promise<RealmKey[]> {
  return (await keysOf(server, realm, true)).filter((k) => k.status !== "DISABLED" && k.use === "SIG");
}

/** The realm's JWKS: the enabled public keys, for signing and encryption. */
export async function realmJwks(server: ServerContext, realm: RealmRecord): Promise<JWK[]> {
  return (await realmKeys(server, realm))
    .filter((k) => k.status !== "DISABLED" && k.publicJwk)
    .map((k) => k.publicJwk!);
}
