import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { generateKeyPairSync } from "node:crypto";
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from "jose";
import { adminFetch, adminToken, startTestServer, type TestServer } from "../support/server.ts";
import { FULL_ACCESS_TOKENS, updateAdminCli } from "../support/admin-api.ts";

let server: TestServer;
let api: ReturnType<typeof adminFetch>;

before(async () => {
  server = await startTestServer();
  api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
  // alice's tokens go to userinfo: admin-cli's are lightweight (as on Keycloak) unless turned off
  await updateAdminCli(api, "demo", { attributes: FULL_ACCESS_TOKENS });
});
after(async () => server?.dispose());

interface KeyMetadata {
  providerId: string;
  providerPriority: number;
  kid: string;
  algorithm: string;
  type: string;
  use: string;
  status: string;
  publicKey?: string;
  certificate?: string;
  validTo?: number;
}

const KEY_PROVIDER = "org.keycloak.keys.KeyProvider";

const keysOf = async (realm = "demo") =>
  (await (await api(`/admin/realms/${realm}/keys`)).json()) as { active: Record<string, string>; keys: KeyMetadata[] };

async function addProvider(providerId: string, config: Record<string, string[]>, realm = "demo") {
  const response = await api(`/admin/realms/${realm}/components`, {
    method: "POST",
    body: { name: `${providerId}-test`, providerId, providerType: KEY_PROVIDER, parentId: undefined, config },
  });
  return response;
}

const idOf = (response: Response) => response.headers.get("location")!.split("/").pop()!;

async function passwordToken(realm = "demo") {
  const response = await fetch(`${server.baseUrl}/realms/${realm}/protocol/openid-connect/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "password",
      client_id: "admin-cli",
      username: "alice.anderson",
      password: "password",
      scope: "openid",
    }),
  });
  assert.equal(response.status, 200);
  return (await response.json()) as { access_token: string; id_token: string; refresh_token: string };
}

const jwks = async (realm = "demo") =>
  (await (await fetch(`${server.baseUrl}/realms/${realm}/protocol/openid-connect/certs`)).json()) as JSONWebKeySet;

describe("GET /admin/realms/{realm}/keys", () => {
  test("lists the realm's keys with Keycloak's fields, the active RS256 key with its certificate", async () => {
    const { active, keys } = await keysOf();
    const rs256 = keys.find((k) => k.kid === active.RS256);
    assert.ok(rs256);
    assert.equal(rs256.type, "RSA");
    assert.equal(rs256.use, "SIG");
    assert.equal(rs256.status, "ACTIVE");
    assert.ok(rs256.publicKey && rs256.certificate);
    assert.ok((rs256.validTo ?? 0) > Date.now());
    const kinds = new Set(keys.map((k) => `${k.type}/${k.use}`));
    for (const kind of ["RSA/SIG", "RSA/ENC", "OCT/SIG", "OCT/ENC"]) assert.ok(kinds.has(kind), kind);
  });
});

describe("key providers generate real keys", () => {
  test("ecdsa-generated with a higher priority and ES256 as the default algorithm signs new tokens", async () => {
    const created = await addProvider("ecdsa-generated", {
      priority: ["500"],
      ecdsaEllipticCurveKey: ["P-256"],
      enabled: ["true"],
      active: ["true"],
    });
    assert.equal(created.status, 201);
    const componentId = idOf(created);
    const key = (await keysOf()).keys.find((k) => k.providerId === componentId);
    assert.ok(key);
    assert.deepEqual([key.algorithm, key.type, key.use, key.status], ["ES256", "EC", "SIG", "ACTIVE"]);

    // the representation never shows the private key
    const component = (await (await api(`/admin/realms/demo/components/${componentId}`)).json()) as {
      config: Record<string, string[]>;
    };
    assert.equal(component.config.ecdsaPrivateKey, undefined);
    assert.deepEqual(component.config.ecdsaEllipticCurveKey, ["P-256"]);

    const realm = (await (await api("/admin/realms/demo")).json()) as Record<string, unknown>;
    assert.equal(
      (await api("/admin/realms/demo", { method: "PUT", body: { ...realm, defaultSignatureAlgorithm: "ES256" } }))
        .status,
      204,
    );
    const tokens = await passwordToken();
    const header = decodeProtectedHeader(tokens.access_token);
    assert.equal(header.alg, "ES256");
    assert.equal(header.kid, key.kid);
    const set = await jwks();
    assert.ok(set.keys.some((k) => k.kid === key.kid && k.kty === "EC" && k.crv === "P-256"));
    const verified = await jwtVerify(tokens.access_token, createLocalJWKSet(set));
    assert.equal(verified.payload.typ, "Bearer");

    // the server verifies its own ES256 tokens by kid
    const userinfo = await fetch(`${server.baseUrl}/realms/demo/protocol/openid-connect/userinfo`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    assert.equal(userinfo.status, 200);

    // disabled, the key leaves the JWKS and tokens are signed with the RS256 key again
    const disabled = { ...component, config: { ...component.config, enabled: ["false"] } };
    assert.equal(
      (await api(`/admin/realms/demo/components/${componentId}`, { method: "PUT", body: disabled })).status,
      204,
    );
    assert.ok(!(await jwks()).keys.some((k) => k.kid === key.kid));
    assert.equal(decodeProtectedHeader((await passwordToken()).access_token).alg, "RS256");
    assert.equal(
      (await api("/admin/realms/demo", { method: "PUT", body: { ...realm, defaultSignatureAlgorithm: "RS256" } }))
        .status,
      204,
    );
  });

  test("a client's access token algorithm picks the key of that algorithm", async () => {
    const created = await addProvider("eddsa-generated", { priority: ["10"], eddsaEllipticCurveKey: ["Ed25519"] });
    assert.equal(created.status, 201);
    const key = (await keysOf()).keys.find((k) => k.providerId === idOf(created))!;
    assert.deepEqual([key.algorithm, key.type], ["EdDSA", "OKP"]);
    const clients = (await (await api("/admin/realms/demo/clients?clientId=admin-cli")).json()) as {
      id: string;
      attributes?: Record<string, string>;
    }[];
    const client = clients[0]!;
    const attributes = { ...client.attributes, "access.token.signed.response.alg": "EdDSA" };
    await api(`/admin/realms/demo/clients/${client.id}`, { method: "PUT", body: { ...client, attributes } });
    const tokens = await passwordToken();
    assert.deepEqual(decodeProtectedHeader(tokens.access_token), { alg: "EdDSA", typ: "JWT", kid: key.kid });
    await jwtVerify(tokens.access_token, createLocalJWKSet(await jwks()));
    assert.equal(decodeProtectedHeader(tokens.id_token).alg, "RS256");
    await api(`/admin/realms/demo/clients/${client.id}`, {
      method: "PUT",
      body: { ...client, attributes: { ...attributes, "access.token.signed.response.alg": "" } },
    });
  });

  test("hmac-generated and aes-generated hold secrets of the chosen size; rsa-generated regenerates on a new key size", async () => {
    const hmac = await addProvider("hmac-generated", { secretSize: ["32"], algorithm: ["HS384"] });
    const aes = await addProvider("aes-generated", { secretSize: ["24"] });
    const rsa = await addProvider("rsa-generated", { keySize: ["1024"], priority: ["1"] });
    for (const response of [hmac, aes, rsa]) assert.equal(response.status, 201);
    const { keys } = await keysOf();
    const byId = (response: Response) => keys.find((k) => k.providerId === idOf(response))!;
    assert.deepEqual([byId(hmac).type, byId(hmac).algorithm, byId(hmac).use], ["OCT", "HS384", "SIG"]);
    assert.deepEqual([byId(aes).type, byId(aes).algorithm, byId(aes).use], ["OCT", "AES", "ENC"]);
    assert.equal(byId(rsa).type, "RSA");
    const before = byId(rsa).kid;
    const component = (await (await api(`/admin/realms/demo/components/${idOf(rsa)}`)).json()) as {
      config: Record<string, string[]>;
    };
    await api(`/admin/realms/demo/components/${idOf(rsa)}`, {
      method: "PUT",
      body: { ...component, config: { ...component.config, keySize: ["2048"] } },
    });
    const after = (await keysOf()).keys.find((k) => k.providerId === idOf(rsa))!;
    assert.notEqual(after.kid, before);
  });

  test("rsa imports a PEM private key and makes a certificate for it; unreadable keys are refused", async () => {
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const pem = privateKey.export({ format: "pem", type: "pkcs8" }).toString();
    const created = await addProvider("rsa", { privateKey: [pem], priority: ["3"] });
    assert.equal(created.status, 201);
    const key = (await keysOf()).keys.find((k) => k.providerId === idOf(created))!;
    assert.ok(key.certificate);
    assert.equal(key.algorithm, "RS256");

    const bad = await addProvider("rsa", { privateKey: ["not a key"] });
    assert.equal(bad.status, 400);
    assert.deepEqual(await bad.json(), { errorMessage: "Failed to decode private key" });
  });

  test("java-keystore answers Keycloak's error: this server reads no keystore files", async () => {
    const response = await addProvider("java-keystore", { keystore: ["/tmp/none.jks"], keystorePassword: ["x"] });
    assert.equal(response.status, 400);
    const body = (await response.json()) as { errorMessage: string };
    assert.match(body.errorMessage, /^Failed to load keys/);
  });

  test("a component with a wrong type is refused with 400 and nothing is stored", async () => {
    const before = (await keysOf()).keys.length;
    for (const body of [
      { providerId: "ecdsa-generated", providerType: KEY_PROVIDER, config: "P-256" },
      { providerId: "ecdsa-generated", providerType: KEY_PROVIDER, config: { priority: { high: true } } },
      { name: ["ecdsa"], providerId: "ecdsa-generated", providerType: KEY_PROVIDER },
    ]) {
      const response = await api("/admin/realms/demo/components", { method: "POST", body });
      assert.ok(response.status >= 400 && response.status < 500, JSON.stringify(body));
    }
    assert.equal((await keysOf()).keys.length, before);
  });
});
