import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { generateKeyPairSync, X509Certificate } from "node:crypto";
import type { TestServer } from "../support/server.ts";
import { type Api, createClient, startAdminServer } from "../support/admin-api.ts";
import { certificatePem } from "../support/test-certificate.ts";

const R = "/admin/realms/master";
const BOUNDARY = "----kcTestBoundary";

const multipart = (fields: Record<string, string>, file?: { name: string; content: string }) => {
  let text = "";
  for (const [name, value] of Object.entries(fields))
    text += `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  if (file)
    text += `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n${file.content}\r\n`;
  return {
    method: "POST",
    body: `${text}--${BOUNDARY}--\r\n`,
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
  };
};

const SP_METADATA = `<?xml version="1.0" encoding="UTF-8"?>
<!-- an SP's metadata -->
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://sp.example.com/saml?a=1&amp;b=2">
  <md:SPSSODescriptor WantAssertionsSigned="true" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="signing">
      <ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data><ds:X509Certificate>
        MIIBsigning
        CERT==
      </ds:X509Certificate></ds:X509Data></ds:KeyInfo>
    </md:KeyDescriptor>
    <md:SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://sp.example.com/slo"/>
    <md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</md:NameIDFormat>
    <md:AssertionConsumerService index="1" Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="https://sp.example.com/acs"/>
  </md:SPSSODescriptor>
</md:EntityDescriptor>`;

describe("client description converter and certificate upload/download", () => {
  let server: TestServer;
  let api: Api;
  let clientUuid: string;

  before(async () => {
    ({ server, api } = await startAdminServer());
    clientUuid = await createClient(api, "master", { clientId: "keys-app" });
  });
  after(async () => server?.dispose());

  it("converts SAML SP metadata into a SAML client as Keycloak does", async () => {
    const res = await api(`${R}/client-description-converter`, {
      method: "POST",
      body: SP_METADATA,
      headers: { "content-type": "application/xml" },
    });
    assert.equal(res.status, 200);
    const client = await res.json();
    assert.equal(client.clientId, "https://sp.example.com/saml?a=1&b=2");
    assert.equal(client.protocol, "saml");
    assert.deepEqual(client.redirectUris, ["https://sp.example.com/acs"]);
    assert.equal(client.attributes.saml_assertion_consumer_url_post, "https://sp.example.com/acs");
    assert.equal(client.attributes.saml_single_logout_service_url_redirect, "https://sp.example.com/slo");
    assert.equal(client.attributes["saml.signing.certificate"], "MIIBsigningCERT==");
    assert.equal(client.attributes["saml.client.signature"], "true");
    assert.equal(client.attributes["saml.assertion.signature"], "true");
    assert.equal(client.attributes.saml_name_id_format, "email");
    const stored = await (await api(`${R}/clients?clientId=${encodeURIComponent(client.clientId)}`)).json();
    assert.deepEqual(stored, [], "converting stores nothing");
  });

  it("reads client JSON and OIDC registration JSON sent as text, and refuses other text", async () => {
    const asText = (body: string) => ({ method: "POST", body, headers: { "content-type": "text/plain" } });
    const keycloak = await (
      await api(`${R}/client-description-converter`, asText('{"clientId":"x","rootUrl":"http://x"}'))
    ).json();
    assert.deepEqual(keycloak, { clientId: "x", rootUrl: "http://x" });
    const oidc = await (
      await api(`${R}/client-description-converter`, asText('{"client_name":"N","redirect_uris":["http://r/cb"]}'))
    ).json();
    assert.equal(oidc.name, "N");
    assert.deepEqual(oidc.redirectUris, ["http://r/cb"]);
    const bad = await api(`${R}/client-description-converter`, asText("hello"));
    assert.equal(bad.status, 400);
    assert.equal((await bad.json()).error, "Unsupported format");
    const broken = await api(`${R}/client-description-converter`, asText("<EntityDescriptor><a></b>"));
    assert.equal(broken.status, 400);
  });

  it("uploads a PEM certificate, a public key and a JWKS into the client's attributes", async () => {
    const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const generated = await (
      await api(`${R}/clients/${clientUuid}/certificates/jwt.credential/generate`, { method: "POST" })
    ).json();
    const pem = certificatePem(generated.certificate);
    const res = await api(
      `${R}/clients/${clientUuid}/certificates/jwt.credential/upload-certificate`,
      multipart({ keystoreFormat: "Certificate PEM" }, { name: "cert.pem", content: pem }),
    );
    assert.equal(res.status, 200);
    const info = await (await api(`${R}/clients/${clientUuid}/certificates/jwt.credential`)).json();
    assert.equal(new X509Certificate(Buffer.from(info.certificate, "base64")).subject, "CN=keys-app");
    assert.equal(info.privateKey, undefined, "the uploaded certificate replaces the generated key pair");

    const keyPem = publicKey.export({ type: "spki", format: "pem" }).toString();
    const keyRes = await api(
      `${R}/clients/${clientUuid}/certificates/jwt.credential/upload`,
      multipart({ keystoreFormat: "Public Key PEM" }, { name: "key.pem", content: keyPem }),
    );
    const keyInfo = await keyRes.json();
    assert.equal(keyInfo.publicKey, publicKey.export({ type: "spki", format: "der" }).toString("base64"));
    assert.match(keyInfo.kid, /^[\w-]{43}$/);

    const jwk = { ...publicKey.export({ format: "jwk" }), kid: "my-kid", use: "sig" };
    const jwksRes = await api(
      `${R}/clients/${clientUuid}/certificates/jwt.credential/upload-certificate`,
      multipart(
        { keystoreFormat: "JSON Web Key Set" },
        { name: "jwks.json", content: JSON.stringify({ keys: [jwk] }) },
      ),
    );
    assert.equal((await jwksRes.json()).kid, "my-kid");
    void privateKey;
  });

  it("answers 400 with a clear message for bad files, missing parts, JKS and malformed multipart", async () => {
    const path = `${R}/clients/${clientUuid}/certificates/jwt.credential/upload`;
    const expectError = async (res: Response, pattern: RegExp) => {
      assert.equal(res.status, 400);
      assert.match((await res.json()).error, pattern);
    };
    await expectError(
      await api(path, multipart({ keystoreFormat: "Certificate PEM" }, { name: "x.pem", content: "not a cert" })),
      /not a PEM encoded X\.509 certificate/,
    );
    await expectError(await api(path, multipart({ keystoreFormat: "Certificate PEM" })), /No file/);
    await expectError(
      await api(
        path,
        multipart({ keystoreFormat: "JKS", keyAlias: "a", storePassword: "p" }, { name: "k.jks", content: "x" }),
      ),
      /JKS is not supported/,
    );
    await expectError(
      await api(path, { method: "POST", body: "garbage", headers: { "content-type": "multipart/form-data" } }),
      /boundary/,
    );
    const before = await (await api(`${R}/clients/${clientUuid}/certificates/jwt.credential`)).json();
    assert.equal(before.kid, "my-kid", "a refused upload keeps the stored key");
  });

  it("downloads PEM and refuses Java keystores; generate-and-download keeps only the certificate", async () => {
    const base = `${R}/clients/${clientUuid}/certificates/saml.signing`;
    assert.equal((await api(`${base}/download`, { method: "POST", body: { format: "PEM" } })).status, 404);
    const jks = await api(`${base}/generate-and-download`, { method: "POST", body: { format: "JKS", keyAlias: "a" } });
    assert.equal(jks.status, 400);
    assert.match((await jks.json()).error, /JKS is not supported/);
    assert.deepEqual(await (await api(base)).json(), {}, "a refused format generates nothing");
    const pem = await (await api(`${base}/generate-and-download`, { method: "POST", body: { format: "PEM" } })).text();
    assert.match(pem, /-----BEGIN PRIVATE KEY-----[\s\S]+-----BEGIN CERTIFICATE-----/);
    const info = await (await api(base)).json();
    assert.ok(info.certificate);
    assert.equal(info.privateKey, undefined);
    const download = await (await api(`${base}/download`, { method: "POST", body: { format: "PEM" } })).text();
    assert.match(download, /^-----BEGIN CERTIFICATE-----/);
  });
});
