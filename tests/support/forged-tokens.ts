import { generateKeyPairSync, createPublicKey, createHmac, type KeyObject } from "node:crypto";
import { decodeJwt, decodeProtectedHeader, SignJWT, type JWTPayload } from "jose";
import { type Api, json } from "./admin-api.ts";

/** A signing key of a realm whose private half the test holds: tokens signed with it are genuinely valid. */
export interface KnownKey {
  kid: string;
  privateKey: KeyObject;
  publicPem: string;
}

/**
 * Adds an imported `rsa` key provider of the highest priority to the realm, so the tokens it issues from now on are
 * signed with a key the test knows (Keycloak's ImportedRsaKeyProvider; the server generates its certificate).
 */
export async function installKnownKey(api: Api, realm: string): Promise<KnownKey> {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const realmId = (await json(await api(`/admin/realms/${realm}`))).id;
  const res = await api(`/admin/realms/${realm}/components`, {
    method: "POST",
    body: {
      name: "known-to-the-test",
      providerId: "rsa",
      providerType: "org.keycloak.keys.KeyProvider",
      parentId: realmId,
      config: {
        privateKey: [privateKey.export({ format: "pem", type: "pkcs8" }).toString()],
        priority: ["1000000"],
        active: ["true"],
        enabled: ["true"],
        algorithm: ["RS256"],
      },
    },
  });
  if (res.status !== 201) throw new Error(`key provider: ${res.status} ${await res.text()}`);
  const componentId = decodeURIComponent(res.headers.get("location")!.split("/").at(-1)!);
  const keys = (await json(await api(`/admin/realms/${realm}/keys`))).keys as { providerId: string; kid: string }[];
  const kid = keys.find((k) => k.providerId === componentId)?.kid;
  if (!kid) throw new Error("the imported key is not among the realm's keys");
  return { kid, privateKey, publicPem: createPublicKey(privateKey).export({ format: "pem", type: "spki" }).toString() };
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

/** Signs `payload` with the known key, as the server would (RS256, the key's kid). */
export function signWith(key: KnownKey, payload: JWTPayload): Promise<string> {
  return new SignJWT(payload).setProtectedHeader({ alg: "RS256", typ: "JWT", kid: key.kid }).sign(key.privateKey);
}

/**
 * The forgeries an attacker would try with a genuine token of the realm in hand: each name says what was changed.
 * `claims` go into every forged payload (e.g. `allowed-origins` of the attacker's page, more roles).
 */
export async function forgeries(
  genuine: string,
  key: KnownKey,
  options: { claims: Record<string, unknown>; otherRealmKey: KnownKey },
): Promise<[string, string][]> {
  const header = decodeProtectedHeader(genuine);
  const payload = { ...decodeJwt(genuine), ...options.claims };
  const [head, , signature] = genuine.split(".");
  const now = Math.floor(Date.now() / 1000);
  const hs256Input = `${b64({ alg: "HS256", typ: "JWT", kid: header.kid })}.${b64(payload)}`;
  return [
    ["tampered payload, original signature", `${head}.${b64(payload)}.${signature}`],
    ["alg none", `${b64({ alg: "none", typ: "JWT" })}.${b64(payload)}.`],
    ["alg none, kid kept", `${b64({ ...header, alg: "none" })}.${b64(payload)}.`],
    [
      "HS256 keyed with the realm's public key",
      `${hs256Input}.${createHmac("sha256", key.publicPem).update(hs256Input).digest("base64url")}`,
    ],
    ["expired, validly signed", await signWith(key, { ...payload, iat: now - 600, exp: now - 300 })],
    ["other issuer, validly signed", await signWith(key, { ...payload, iss: "http://evil.example/realms/demo" })],
    ["signed with another realm's key", await signWith(options.otherRealmKey, payload)],
    ["truncated signature", genuine.slice(0, -12)],
    ["signature of another token", `${head}.${b64(payload)}.${signature!.split("").reverse().join("")}`],
    ["refresh-typed, validly signed", await signWith(key, { ...payload, typ: "Refresh" })],
  ];
}
