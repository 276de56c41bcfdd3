import { createHash, createPrivateKey, createPublicKey, type KeyObject } from "node:crypto";
import type { JWK } from "jose";
import type { ServerContext } from "../context.ts";
import type { ComponentRecord, RealmRecord } from "../store/types.ts";
import { newId } from "../common/ids.ts";
import { generateSelfSignedCertificate } from "../admin/clients/self-signed-certificate.ts";

export const KEY_PROVIDER_TYPE = "org.keycloak.keys.KeyProvider";

export interface RealmSigningKey {
  kid: string;
  algorithm: "RS256";
  privateKey: KeyObject;
  publicKey: KeyObject;
  publicJwk: JWK;
}

const cache = new Map<string, Promise<RealmSigningKey>>();

/** The realm's active RS256 key, created (and stored as an rsa-generated key provider) on first use. */
export function realmSigningKey(server: ServerContext, realm: RealmRecord): Promise<RealmSigningKey> {
  const stored = activeRsaComponent(server, realm);
  const cacheKey = `${realm.id}/${stored?.id ?? "new"}`;
  let key = cache.get(cacheKey);
  if (!key) {
    key = stored ? Promise.resolve(fromComponent(stored)) : createKeyComponent(server, realm);
    cache.set(cacheKey, key);
    key.catch(() => cache.delete(cacheKey));
  }
  return key;
}

/** Every RS256 public key of the realm (for the JWKS and for verifying tokens signed before a rotation). */
export function realmVerificationKeys(server: ServerContext, realm: RealmRecord): RealmSigningKey[] {
  return rsaComponents(server, realm).map(fromComponent);
}

function rsaComponents(server: ServerContext, realm: RealmRecord): ComponentRecord[] {
  return server.db
    .list("components", realm.id)
    .filter((c) => c.providerType === KEY_PROVIDER_TYPE && c.config.privateKey?.[0] && first(c, "enabled") !== "false")
    .filter((c) => (first(c, "algorithm") ?? "RS256") === "RS256");
}

function activeRsaComponent(server: ServerContext, realm: RealmRecord): ComponentRecord | undefined {
  return rsaComponents(server, realm)
    .filter((c) => first(c, "active") !== "false")
    .sort((a, b) => Number(first(b, "priority") ?? 0) - Number(first(a, "priority") ?? 0))[0];
}

const first = (component: ComponentRecord, key: string): string | undefined => component.config[key]?.[0];

const parsed = new Map<string, RealmSigningKey>();

function fromComponent(component: ComponentRecord): RealmSigningKey {
  const pem = first(component, "privateKey")!;
  const known = parsed.get(pem);
  if (known) return known;
  const privateKey = createPrivateKey(
    pem.includes("BEGIN") ? pem : `-----BEGIN PRIVATE KEY-----\n${pem}\n-----END PRIVATE KEY-----\n`,
  );
  const publicKey = createPublicKey(privateKey);
  const kid = keyId(publicKey);
  const jwk = publicKey.export({ format: "jwk" }) as JWK;
  const publicJwk: JWK = { kid, kty: "RSA", alg: "RS256", use: "sig" };
  const certificate = first(component, "certificate");
  if (certificate) {
    const der = Buffer.from(certificate, "base64");
    Object.assign(publicJwk, {
      x5c: [certificate],
      x5t: createHash("sha1").update(der).digest("base64url"),
      "x5t#S256": createHash("sha256").update(der).digest("base64url"),
    });
  }
  Object.assign(publicJwk, { n: jwk.n, e: jwk.e });
  const key: RealmSigningKey = { kid, algorithm: "RS256", privateKey, publicKey, publicJwk };
  parsed.set(pem, key);
  return key;
}

/** Keycloak's key id: base64url SHA-256 of the encoded public key. */
function keyId(publicKey: KeyObject): string {
  return createHash("sha256")
    .update(publicKey.export({ format: "der", type: "spki" }))
    .digest("base64url");
}

async function createKeyComponent(server: ServerContext, realm: RealmRecord): Promise<RealmSigningKey> {
  const { privateKey, certificate } = generateSelfSignedCertificate(realm.realm);
  const component: ComponentRecord = {
    id: newId(),
    realmId: realm.id,
    name: "rsa-generated",
    providerId: "rsa-generated",
    providerType: KEY_PROVIDER_TYPE,
    parentId: realm.id,
    config: {
      priority: ["100"],
      keySize: ["2048"],
      algorithm: ["RS256"],
      active: ["true"],
      enabled: ["true"],
      privateKey: [privateKey],
      certificate: [certificate],
    },
  };
  const key = fromComponent(component);
  await server.db.write((tx) => tx.put("components", component));
  return key;
}
