import { createPrivateKey, generateKeyPairSync, X509Certificate, type KeyObject } from "node:crypto";
import { badRequest } from "../../http/errors.ts";
import { withGeneratedSecret, SECRET_KEY_PROVIDERS } from "../../realm/key-material.ts";
import { selfSignedCertificateFor } from "../clients/self-signed-certificate.ts";

const first = (config: Record<string, string[]>, key: string) => config[key]?.[0];

const RSA_GENERATED = new Set(["rsa-generated", "rsa-enc-generated"]);
const RSA_IMPORTED = new Set(["rsa", "rsa-enc"]);
const EC_CURVES = new Set(["P-256", "P-384", "P-521"]);
const ED_CURVES = new Set(["Ed25519", "Ed448"]);

/** The config fields whose change makes Keycloak generate a new key for the provider. */
const REGENERATE_ON: Record<string, string> = {
  "rsa-generated": "keySize",
  "rsa-enc-generated": "keySize",
  "ecdsa-generated": "ecdsaEllipticCurveKey",
  "eddsa-generated": "eddsaEllipticCurveKey",
  "hmac-generated": "secretSize",
  "aes-generated": "secretSize",
};

/** Config fields holding generated key material, dropped when the key is generated again. */
const MATERIAL = ["privateKey", "certificate", "secret", "kid", "ecdsaPrivateKey", "ecdsaPublicKey"].concat([
  "eddsaPrivateKey",
  "eddsaPublicKey",
]);

const der = (key: KeyObject, type: "pkcs8" | "spki") => key.export({ format: "der", type }).toString("base64");

function generateRsa(config: Record<string, string[]>): Record<string, string[]> {
  const keySize = Number(first(config, "keySize") ?? "2048");
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: keySize >= 1024 ? keySize : 2048 });
  return { ...config, privateKey: [der(privateKey, "pkcs8")] };
}

function generateEc(config: Record<string, string[]>): Record<string, string[]> {
  const curve = first(config, "ecdsaEllipticCurveKey") ?? "P-256";
  if (!EC_CURVES.has(curve)) throw badRequest(`Unsupported elliptic curve: ${curve}`);
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: curve });
  return {
    ...config,
    ecdsaEllipticCurveKey: [curve],
    ecdsaPrivateKey: [der(privateKey, "pkcs8")],
    ecdsaPublicKey: [der(publicKey, "spki")],
  };
}

function generateEd(config: Record<string, string[]>): Record<string, string[]> {
  const curve = first(config, "eddsaEllipticCurveKey") ?? "Ed25519";
  if (!ED_CURVES.has(curve)) throw badRequest(`Unsupported elliptic curve: ${curve}`);
  const { privateKey, publicKey } = curve === "Ed448" ? generateKeyPairSync("ed448") : generateKeyPairSync("ed25519");
  return {
    ...config,
    eddsaEllipticCurveKey: [curve],
    eddsaPrivateKey: [der(privateKey, "pkcs8")],
    eddsaPublicKey: [der(publicKey, "spki")],
  };
}

function parsePrivateKey(text: string): KeyObject {
  if (text.includes("BEGIN")) return createPrivateKey(text);
  return createPrivateKey({ key: Buffer.from(text, "base64"), format: "der", type: "pkcs8" });
}

/** Keycloak's ImportedRsaKeyProviderFactory checks: a readable RSA private key, a certificate generated when missing. */
function importedRsa(realmName: string, config: Record<string, string[]>): Record<string, string[]> {
  const pem = first(config, "privateKey");
  if (!pem) throw badRequest("Private RSA Key is required");
  let key: KeyObject;
  try {
    key = parsePrivateKey(pem);
  } catch {
    throw badRequest("Failed to decode private key");
  }
  if (key.asymmetricKeyType !== "rsa") throw badRequest("Failed to decode private key");
  const certificateText = first(config, "certificate");
  if (certificateText) {
    const body = certificateText.replace(/-----(BEGIN|END) CERTIFICATE-----|\s/g, "");
    try {
      new X509Certificate(Buffer.from(body, "base64"));
    } catch {
      throw badRequest("Failed to decode certificate");
    }
    return { ...config, privateKey: [der(key, "pkcs8")], certificate: [body] };
  }
  const generated = selfSignedCertificateFor(realmName, key);
  return { ...config, privateKey: [der(key, "pkcs8")], certificate: [generated.certificate] };
}

/**
 * The key provider's config with its key material: generated for the *-generated providers when missing (or when
 * the key size or curve changed against `previous`), read and checked for the imported ones. Other components pass.
 */
export function withGeneratedKeys(
  providerId: string,
  config: Record<string, string[]>,
  realmName = "keycloak",
  previous?: Record<string, string[]>,
): Record<string, string[]> {
  let filled = { ...config };
  const trigger = REGENERATE_ON[providerId];
  if (previous && trigger && first(previous, trigger) !== first(filled, trigger))
    for (const key of MATERIAL) delete filled[key];
  if (RSA_GENERATED.has(providerId) && !first(filled, "privateKey")) filled = generateRsa(filled);
  if (RSA_GENERATED.has(providerId) && !first(filled, "certificate")) {
    const key = parsePrivateKey(first(filled, "privateKey")!);
    filled.certificate = [selfSignedCertificateFor(realmName, key).certificate];
  }
  if (RSA_IMPORTED.has(providerId)) filled = importedRsa(realmName, filled);
  if (providerId === "ecdsa-generated" && !first(filled, "ecdsaPrivateKey")) filled = generateEc(filled);
  if (providerId === "eddsa-generated" && !first(filled, "eddsaPrivateKey")) filled = generateEd(filled);
  if (providerId === "java-keystore") {
    // This server has no keystore files to read, as a Keycloak without the file would answer.
    throw badRequest(`Failed to load keys. File not found on server. ${first(filled, "keystore") ?? ""}`.trim());
  }
  if (SECRET_KEY_PROVIDERS.has(providerId)) filled = withGeneratedSecret(providerId, filled);
  return filled;
}

/** withGeneratedKeys for key-provider components; other components keep their config. */
export function keyMaterial(
  component: { providerType: string; providerId: string },
  config: Record<string, string[]>,
  realmName: string,
  previous?: Record<string, string[]>,
): Record<string, string[]> {
  if (component.providerType !== "org.keycloak.keys.KeyProvider") return config;
  return withGeneratedKeys(component.providerId, config, realmName, previous);
}
