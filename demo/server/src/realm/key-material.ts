import { createPrivateKey, randomBytes, randomUUID, type KeyObject } from "node:crypto";

/**
 * Keycloak exports generated RSA keys as base64 PKCS#1 DER; the token signer
 * reads PKCS#8. Converting at import keeps the same key in the form both read.
 */
export function privateKeyAsPkcs8(base64: string): string {
  if (base64.includes("BEGIN")) return base64;
  try {
    createPrivateKey({ key: Buffer.from(base64, "base64"), format: "der", type: "pkcs8" });
    return base64;
  } catch {
    try {
      const key = createPrivateKey({ key: Buffer.from(base64, "base64"), format: "der", type: "pkcs1" });
      return key.export({ format: "der", type: "pkcs8" }).toString("base64");
    } catch {
      return base64;
    }
  }
}

function parsePrivateKey(text: string): KeyObject | undefined {
  if (text.includes("BEGIN")) return createPrivateKey(text);
  for (const type of ["pkcs8", "pkcs1"] as const) {
    try {
      return createPrivateKey({ key: Buffer.from(text, "base64"), format: "der", type });
    } catch {
      /* try the next encoding */
    }
  }
  return undefined;
}

/** RS256 signing (jose) refuses RSA keys under 2048 bits, which old test imports still carry. */
export function isUsableSigningKey(text: string): boolean {
  try {
    return (parsePrivateKey(text)?.asymmetricKeyDetails?.modulusLength ?? 0) >= 2048;
  } catch {
    return false;
  }
}

/** Providers whose key is a generated secret (Keycloak's GeneratedHmacKeyProviderFactory / GeneratedAesKeyProviderFactory). */
export const SECRET_KEY_PROVIDERS = new Set(["hmac-generated", "aes-generated"]);

/** The component config with a generated `secret` and `kid` when it has none, as Keycloak fills them on create and import. */
export function withGeneratedSecret(providerId: string, config: Record<string, string[]>): Record<string, string[]> {
  if (!SECRET_KEY_PROVIDERS.has(providerId) || config.secret?.[0]) return config;
  const size = Number(config.secretSize?.[0] ?? (providerId === "aes-generated" ? "16" : "64"));
  return {
    ...config,
    secret: [randomBytes(size > 0 ? size : 32).toString("base64url")],
    kid: config.kid?.[0] ? config.kid : [randomUUID()],
  };
}
