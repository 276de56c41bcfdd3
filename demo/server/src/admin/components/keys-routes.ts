import { createHash, createPublicKey, createPrivateKey } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context.ts";
import type { ComponentRecord } from "../../store/types.ts";
import { adminContext } from "../../access/admin-context.ts";
import { KEY_PROVIDER_TYPE, realmSigningKey } from "../../oidc/keys.ts";
import { paramsOf } from "../common/query.ts";

interface KeyMetadata {
  providerId: string;
  providerPriority: number;
  kid: string;
  status: "ACTIVE" | "PASSIVE" | "DISABLED";
  type: string;
  algorithm: string;
  publicKey?: string;
  certificate?: string;
  use: "SIG" | "ENC";
  validTo?: number;
}

const first = (c: ComponentRecord, key: string) => c.config[key]?.[0];

const DEFAULT_ALGORITHMS: Record<string, string> = {
  "rsa-generated": "RS256",
  rsa: "RS256",
  "rsa-enc-generated": "RSA-OAEP",
  "rsa-enc": "RSA-OAEP",
  "hmac-generated": "HS512",
  "aes-generated": "AES",
  "ecdsa-generated": "ES256",
  "eddsa-generated": "Ed25519",
};

/** KeysMetadataRepresentation.KeyMetadataRepresentation for one key-provider component, when it holds a usable key. */
function keyMetadata(component: ComponentRecord): KeyMetadata | undefined {
  const algorithm = first(component, "algorithm") ?? DEFAULT_ALGORITHMS[component.providerId] ?? "RS256";
  const status =
    first(component, "enabled") === "false"
      ? "DISABLED"
      : first(component, "active") === "false"
        ? "PASSIVE"
        : "ACTIVE";
  const base = {
    providerId: component.id,
    providerPriority: Number(first(component, "priority") ?? 0),
    status,
    algorithm,
  } as const;
  const privatePem = first(component, "privateKey");
  if (privatePem) {
    const pem = privatePem.includes("BEGIN")
      ? privatePem
      : `-----BEGIN PRIVATE KEY-----\n${privatePem}\n-----END PRIVATE KEY-----\n`;
    const spki = createPublicKey(createPrivateKey(pem)).export({ format: "der", type: "spki" });
    return {
      ...base,
      kid: first(component, "kid") ?? createHash("sha256").update(spki).digest("base64url"),
      type: algorithm.startsWith("ES") ? "EC" : "RSA",
      publicKey: spki.toString("base64"),
      certificate: first(component, "certificate"),
      use: algorithm.startsWith("RSA-OAEP") || algorithm === "RSA1_5" ? "ENC" : "SIG",
    };
  }
  if (
    first(component, "secret") ||
    component.providerId === "hmac-generated" ||
    component.providerId === "aes-generated"
  ) {
    return {
      ...base,
      kid: first(component, "kid") ?? component.id,
      type: "OCT",
      use: component.providerId === "aes-generated" ? "ENC" : "SIG",
    };
  }
  return undefined;
}

export async function registerKeysRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  app.get("/admin/realms/:realm/keys", async (req) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.require("view-realm");
    await realmSigningKey(server, ctx.realm);
    const keys = server.db
      .list("components", ctx.realm.id)
      .filter((c) => c.providerType === KEY_PROVIDER_TYPE)
      .map(keyMetadata)
      .filter((k): k is KeyMetadata => k !== undefined)
      .sort((a, b) => b.providerPriority - a.providerPriority);
    const active: Record<string, string> = {};
    for (const key of keys) if (key.status === "ACTIVE" && !(key.algorithm in active)) active[key.algorithm] = key.kid;
    return { active, keys };
  });
}
