import { createPrivateKey } from "node:crypto";

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
