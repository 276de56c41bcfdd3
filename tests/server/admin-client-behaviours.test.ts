import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { X509Certificate, createPrivateKey, createPublicKey } from "node:crypto";
import forge from "node-forge";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type KcAdminClient from "@keycloak/keycloak-admin-client";
import type { TestServer } from "../support/server.ts";
import { type Api, createRealm, startAdminServer } from "../support/admin-api.ts";
import { keycloakAdminClient } from "../support/admin-client.ts";

const javaMissing = () => {
  try {
    execFileSync("java", ["-version"], { stdio: "ignore" });
    return false;
  } catch {
    return "needs Java to read the keystore as Keycloak's users do";
  }
};

/** The keystore's entries as Java's KeyStore reads them (tests/support/java/ReadKeystore.java). */
function readWithJava(bytes: ArrayBuffer, storePassword: string, keyPassword: string): string[] {
  const folder = mkdtempSync(join(tmpdir(), "keystore-"));
  try {
    writeFileSync(join(folder, "store.p12"), Buffer.from(bytes));
    const source = fileURLToPath(new URL("../support/java/ReadKeystore.java", import.meta.url));
    const output = execFileSync("java", [source, join(folder, "store.p12"), storePassword, keyPassword], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
    return output.trim().split("\n");
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Behaviours of Keycloak's admin API as @keycloak/keycloak-admin-client calls them. */
const REALM = "behaviours";

describe("Keycloak admin client against the embedded server", () => {
  let server: TestServer;
  let api: Api;
  let kc: KcAdminClient;

  before(async () => {
    ({ server, api } = await startAdminServer());
    await createRealm(api, REALM);
    kc = await keycloakAdminClient(server.baseUrl, { realm: REALM });
  });
  after(async () => server?.dispose());

  it("required-action configuration: max_auth_age defaults to 300, is stored, and DELETE resets it", async () => {
    const alias = "UPDATE_PASSWORD";
    const initial = await kc.authenticationManagement.getRequiredActionConfig({ alias });
    assert.equal(Number(initial.config!.max_auth_age), 300);
    await kc.authenticationManagement.updateRequiredActionConfig({ alias }, { config: { max_auth_age: "600" } });
    const stored = await kc.authenticationManagement.getRequiredActionConfig({ alias });
    assert.equal(Number(stored.config!.max_auth_age), 600);
    const other = await kc.authenticationManagement.getRequiredActionConfig({ alias: "CONFIGURE_TOTP" });
    assert.equal(Number(other.config!.max_auth_age), 300);
    await kc.authenticationManagement.removeRequiredActionConfig({ alias });
    const reset = await kc.authenticationManagement.getRequiredActionConfig({ alias });
    assert.equal(Number(reset.config!.max_auth_age), 300);
    const description = await kc.authenticationManagement.getRequiredActionConfigDescription({ alias });
    assert.deepEqual(
      description.properties!.map((p) => [p.name, p.defaultValue]),
      [["max_auth_age", 300]],
    );
  });

  it("lists the top-level flows in the order Keycloak creates them, the realm's own flows last", async () => {
    await kc.authenticationManagement.createFlow({
      alias: "a custom flow",
      providerId: "basic-flow",
      topLevel: true,
      builtIn: false,
    });
    const flows = await kc.authenticationManagement.getFlows();
    assert.deepEqual(
      flows.map((f) => f.alias),
      [
        "browser",
        "direct grant",
        "registration",
        "reset credentials",
        "clients",
        "first broker login",
        "docker auth",
        "a custom flow",
      ],
    );
  });

  it("registers and removes a cluster node", async () => {
    const [client] = await kc.clients.find({ clientId: "account" });
    await kc.clients.addClusterNode({ id: client!.id!, node: "node-1.example" });
    await kc.clients.addClusterNode({ id: client!.id!, node: "node-2.example" });
    const registered = (await kc.clients.findOne({ id: client!.id! }))!.registeredNodes as Record<string, number>;
    assert.deepEqual(Object.keys(registered).sort(), ["node-1.example", "node-2.example"]);
    await kc.clients.deleteClusterNode({ id: client!.id!, node: "node-1.example" });
    const remaining = (await kc.clients.findOne({ id: client!.id! }))!.registeredNodes as Record<string, number>;
    assert.deepEqual(Object.keys(remaining), ["node-2.example"]);
  });

  it("generate-and-download returns a PKCS12 keystore with the key alias; download returns the certificate", async () => {
    const clientId = (await kc.clients.create({ clientId: "jwt-client", publicClient: false })).id;
    const attr = "jwt.credential";
    const bytes = await kc.clients.generateAndDownloadKey(
      { id: clientId, attr },
      { format: "PKCS12", keyAlias: "my-key", keyPassword: "store-secret", storePassword: "store-secret" },
    );
    const p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(Buffer.from(bytes).toString("binary")), "store-secret");
    const keyBags = p12.getBags({ friendlyName: "my-key", bagType: forge.pki.oids.pkcs8ShroudedKeyBag! });
    const key = keyBags.friendlyName![0]!.key!;
    const certBags = p12.getBags({ bagType: forge.pki.oids.certBag! })[forge.pki.oids.certBag!]!;
    const certificatePem = forge.pki.certificateToPem(certBags[0]!.cert!);
    const certificate = new X509Certificate(certificatePem);
    const privateKey = createPrivateKey(forge.pki.privateKeyToPem(key));
    assert.ok(certificate.checkPrivateKey(privateKey), "the key belongs to the certificate");
    assert.match(certificate.subject, /jwt-client/);
    assert.throws(() =>
      forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(Buffer.from(bytes).toString("binary")), "wrong"),
    );

    const stored = await kc.clients.getKeyInfo({ id: clientId, attr });
    assert.equal(stored.certificate, certificate.raw.toString("base64"));
    assert.equal(stored.privateKey, undefined);

    const download = await kc.clients.downloadKey(
      { id: clientId, attr },
      { format: "PKCS12", keyAlias: "my-key", storePassword: "other-secret" },
    );
    const downloaded = forge.pkcs12.pkcs12FromAsn1(
      forge.asn1.fromDer(Buffer.from(download).toString("binary")),
      "other-secret",
    );
    const onlyCertificate = downloaded.getBags({ bagType: forge.pki.oids.certBag! })[forge.pki.oids.certBag!]!;
    assert.equal(forge.pki.certificateToPem(onlyCertificate[0]!.cert!), certificatePem);
    assert.equal(
      createPublicKey(certificatePem).export({ format: "pem", type: "spki" }),
      certificate.publicKey.export({ format: "pem", type: "spki" }),
    );
  });

  it(
    "a PKCS12 download as Java reads it: the key under its own password, the realm's certificate as a trusted entry",
    { skip: javaMissing() },
    async () => {
      const clientId = (await kc.clients.create({ clientId: "java-keystore-client", publicClient: false })).id;
      const bytes = await kc.clients.generateAndDownloadKey(
        { id: clientId, attr: "jwt.credential" },
        { format: "PKCS12", keyPassword: "key-secret", storePassword: "store-secret", realmCertificate: true },
      );
      const read = (storePassword: string, keyPassword: string) => readWithJava(bytes, storePassword, keyPassword);
      // No alias asked for: the clientId, as Keycloak names it; no realm alias: the realm's name.
      assert.deepEqual(read("store-secret", "key-secret"), [
        "java-keystore-client key",
        "java-keystore-client opened RSA",
        `${REALM} trusted`,
      ]);
      assert.ok(
        read("store-secret", "store-secret").includes("java-keystore-client refused"),
        "the key password is its own",
      );
      assert.throws(() => read("key-secret", "key-secret"), "the store password guards the whole store");

      const certificateOnly = await kc.clients.downloadKey(
        { id: clientId, attr: "jwt.credential" },
        {
          format: "PKCS12",
          keyAlias: "cert",
          storePassword: "other-secret",
          realmCertificate: true,
          realmAlias: "issuer",
        },
      );
      assert.deepEqual(readWithJava(certificateOnly, "other-secret", ""), ["cert trusted", "issuer trusted"]);
    },
  );

  it("refuses a keystore without its passwords, and JKS, before generating anything", async () => {
    const clientId = (await kc.clients.create({ clientId: "no-keys-client", publicClient: false })).id;
    const path = `/admin/realms/${REALM}/clients/${clientId}/certificates/jwt.credential/generate-and-download`;
    const noKeyPassword = await api(path, { method: "POST", body: { format: "PKCS12", storePassword: "s" } });
    assert.equal(noKeyPassword.status, 400);
    assert.deepEqual(await noKeyPassword.json(), {
      error: "password-missing",
      error_description: "Need to specify a key password for jks download",
    });
    const noStorePassword = await api(path, { method: "POST", body: { format: "PKCS12", keyPassword: "k" } });
    assert.equal(noStorePassword.status, 400);
    assert.equal((await noStorePassword.json()).error_description, "Need to specify a store password for jks download");
    const jks = await api(path, { method: "POST", body: { format: "JKS", keyPassword: "k", storePassword: "s" } });
    assert.equal(jks.status, 400);
    assert.match((await jks.json()).error, /JKS is not supported/);
    const info = await kc.clients.getKeyInfo({ id: clientId, attr: "jwt.credential" });
    assert.equal(info.certificate, undefined);
  });
});
