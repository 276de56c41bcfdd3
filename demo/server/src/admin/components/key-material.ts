import { createHash, generateKeyPairSync } from "node:crypto";
import { withGeneratedSecret } from "../../realm/key-material.ts";

const first = (config: Record<string, string[]>, key: string) => config[key]?.[0];

/**
 * Fills in generated key material for Keycloak's *-generated key providers
 * when a component is created without it, as Keycloak does on create.
 */
export function withGeneratedKeys(providerId: string, config: Record<string, string[]>): Record<string, string[]> {
  const filled = { ...config };
  if ((providerId === "rsa-generated" || providerId === "rsa-enc-generated") && !first(filled, "privateKey")) {
    const keySize = Number(first(filled, "keySize") ?? "2048");
    const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: keySize >= 1024 ? keySize : 2048 });
    filled.privateKey = [privateKey.export({ format: "der", type: "pkcs8" }).toString("base64")];
    filled.kid = [
      createHash("sha256")
        .update(publicKey.export({ format: "der", type: "spki" }))
        .digest("base64url"),
    ];
  }
  return withGeneratedSecret(providerId, filled);
}
