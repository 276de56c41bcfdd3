import { createHash, generateKeyPairSync, randomBytes } from "node:crypto";

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
    filled.kid = [createHash("sha256").update(publicKey.export({ format: "der", type: "spki" })).digest("base64url")];
  }
  if ((providerId === "hmac-generated" || providerId === "aes-generated") && !first(filled, "secret")) {
    const size = Number(first(filled, "secretSize") ?? (providerId === "aes-generated" ? "16" : "64"));
    filled.secret = [randomBytes(size > 0 ? size : 32).toString("base64url")];
    filled.kid = [randomBytes(16).toString("hex").replace(/(.{8})(.{4})(.{4})(.{4})(.{12})/, "$1-$2-$3-$4-$5")];
  }
  return filled;
}
