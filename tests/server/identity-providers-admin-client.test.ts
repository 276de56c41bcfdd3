import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import KeycloakAdminClient from "@keycloak/keycloak-admin-client";
import type { TestServer } from "../support/server.ts";
import { freePort } from "../support/server.ts";
import { type Api, createRealm, startAdminServer } from "../support/admin-api.ts";

const REALM = "brokering";
const PARTNER = "partner";

/** A descriptor as an external SAML identity provider publishes it. */
const SAML_DESCRIPTOR = `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#"
  entityID="https://saml.partner.test/idp">
  <md:IDPSSODescriptor WantAuthnRequestsSigned="true" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data>
      <ds:X509Certificate>
        MIIBfakecertificate==
      </ds:X509Certificate>
    </ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    <md:SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://saml.partner.test/slo"/>
    <md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</md:NameIDFormat>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="https://saml.partner.test/sso"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;

/** A web server answering what import-config must refuse: HTML, an error status, a document over 1 MB. */
async function startMetadataHost(): Promise<{ url: string; close: () => Promise<void> }> {
  const port = await freePort();
  const server: Server = createServer((req, res) => {
    if (req.url === "/html") return res.writeHead(200, { "content-type": "text/html" }).end("<html>Welcome</html>");
    if (req.url === "/huge") {
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(`{"issuer":"${"x".repeat(1024 * 1024 + 10)}"}`);
    }
    if (req.url === "/descriptor")
      return res.writeHead(200, { "content-type": "application/xml" }).end(SAML_DESCRIPTOR);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type EventRep = {
  types?: string[];
  internalId?: string;
  hideOnLogin?: boolean;
  displayName?: string;
  config: Record<string, string>;
};

async function refusal(call: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await call;
  } catch (error) {
    const { response, responseData } = error as {
      response?: Response;
      responseData?: { errorMessage?: string; error_description?: string };
    };
    return {
      status: response?.status ?? 0,
      message: responseData?.errorMessage ?? responseData?.error_description ?? "",
    };
  }
  assert.fail("the call was expected to fail");
}

describe("identity providers through @keycloak/keycloak-admin-client", () => {
  let server: TestServer;
  let api: Api;
  let kc: KeycloakAdminClient;
  let host: { url: string; close: () => Promise<void> };

  before(async () => {
    ({ server, api } = await startAdminServer());
    host = await startMetadataHost();
    await createRealm(api, REALM);
    await createRealm(api, PARTNER);
    kc = new KeycloakAdminClient({ baseUrl: server.baseUrl, realmName: "master" });
    await kc.auth({ username: "admin", password: "admin", grantType: "password", clientId: "admin-cli" });
    kc.setConfig({ realmName: REALM });
  });
  after(async () => {
    await host?.close();
    await server?.dispose();
  });

  it("save: empty config values dropped, an unknown flow alias refused; admin events carry the request; the realm export lists types", async () => {
    const realm = "idp-representation";
    await createRealm(api, realm, { adminEventsEnabled: true, adminEventsDetailsEnabled: true });
    const base = {
      alias: "rep-oidc",
      providerId: "oidc",
      config: {
        clientId: "rep",
        clientSecret: "rep-secret",
        authorizationUrl: "https://op.test/auth",
        tokenUrl: "https://op.test/token",
        issuer: "",
        hideOnLoginPage: "true",
      },
    };
    for (const flow of ["firstBrokerLoginFlowAlias", "postBrokerLoginFlowAlias"]) {
      const refused = await refusal(kc.identityProviders.create({ realm, ...base, [flow]: "no such flow" }));
      assert.deepEqual(refused, { status: 400, message: "No available authentication flow with alias: no such flow" });
    }
    assert.deepEqual(await kc.identityProviders.find({ realm }), [], "nothing saved by a refused create");
    await kc.identityProviders.create({ realm, ...base, firstBrokerLoginFlowAlias: "first broker login" });
    const saved = (await kc.identityProviders.findOne({ realm, alias: "rep-oidc" }))!;
    assert.equal(saved.config!.issuer, undefined, "the empty value is not kept");
    assert.equal(saved.hideOnLogin, true);
    const changed = { ...saved, postBrokerLoginFlowAlias: "missing" };
    const update = await refusal(kc.identityProviders.update({ realm, alias: "rep-oidc" }, changed));
    assert.deepEqual(update, { status: 400, message: "No available authentication flow with alias: missing" });
    await kc.identityProviders.update(
      { realm, alias: "rep-oidc" },
      { ...saved, displayName: "Renamed", config: { ...saved.config, issuer: "" } },
    );

    const events = await kc.realms.findAdminEvents({ realm, resourceTypes: "IDENTITY_PROVIDER" });
    const byOperation = Object.fromEntries(
      events.map((e) => [e.operationType, JSON.parse(e.representation ?? "{}") as EventRep]),
    );
    const created = byOperation.CREATE!;
    assert.equal(created.types, undefined, "the request's shape, not the answer's");
    assert.equal(created.internalId, saved.internalId);
    assert.equal(created.hideOnLogin, true);
    const { hideOnLoginPage: _moved, ...sentConfig } = base.config;
    assert.deepEqual(created.config, { ...sentConfig, clientSecret: "**********" }, "moved to hideOnLogin");
    assert.equal(byOperation.UPDATE!.displayName, "Renamed");
    assert.equal(byOperation.UPDATE!.config.issuer, "", "as sent, though not kept");

    const mapperId = (
      await kc.identityProviders.createMapper({
        realm,
        alias: "rep-oidc",
        identityProviderMapper: {
          name: "attr",
          identityProviderMapper: "oidc-user-attribute-idp-mapper",
          config: { claim: "locale", "user.attribute": "locale", syncMode: "INHERIT", "allow.nullable.property": "" },
        },
      })
    ).id;
    const mapper = await kc.identityProviders.findOneMapper({ realm, alias: "rep-oidc", id: mapperId });
    assert.deepEqual(mapper?.config, { claim: "locale", "user.attribute": "locale", syncMode: "INHERIT" });

    const exported = await kc.realms.export({ realm });
    const [inExport] = exported.identityProviders ?? [];
    assert.deepEqual(inExport?.types, (await kc.identityProviders.findOne({ realm, alias: "rep-oidc" }))!.types);
    assert.ok(inExport?.types?.includes("USER_AUTHENTICATION"), "types as the provider's");
    assert.equal(inExport?.config?.clientSecret, "**********");
    assert.equal(
      Object.keys(inExport ?? {}).some((key) => key.startsWith("__")),
      false,
      "no internal bookkeeping",
    );
  });

  it("refuses an update with a different alias (400, Keycloak 26.7.3's message) and keeps the provider and its mappers", async () => {
    const realm = "idp-alias-change";
    await createRealm(api, realm);
    const provider = {
      alias: "fixed-alias",
      providerId: "oidc",
      config: { clientId: "c", authorizationUrl: "https://op.test/auth", tokenUrl: "https://op.test/token" },
    };
    await kc.identityProviders.create({ realm, ...provider });
    await kc.identityProviders.createMapper({
      realm,
      alias: "fixed-alias",
      identityProviderMapper: {
        name: "role",
        identityProviderMapper: "oidc-hardcoded-role-idp-mapper",
        config: { role: "offline_access", syncMode: "INHERIT" },
      },
    });
    const saved = (await kc.identityProviders.findOne({ realm, alias: "fixed-alias" }))!;
    const refused = await refusal(
      kc.identityProviders.update(
        { realm, alias: "fixed-alias" },
        { ...saved, alias: "other-alias", displayName: "X" },
      ),
    );
    assert.deepEqual(refused, { status: 400, message: "Identity Provider alias cannot be changed" });
    assert.equal(await kc.identityProviders.findOne({ realm, alias: "other-alias" }), null);
    const kept = await kc.identityProviders.findOne({ realm, alias: "fixed-alias" });
    assert.equal(kept?.displayName, undefined, "nothing of the refused body was saved");
    const mappers = await kc.identityProviders.findMappers({ realm, alias: "fixed-alias" });
    assert.deepEqual(
      mappers.map((m) => [m.name, m.identityProviderAlias]),
      [["role", "fixed-alias"]],
    );
    await kc.identityProviders.update({ realm, alias: "fixed-alias" }, { ...saved, displayName: "Kept alias" });
    assert.equal((await kc.identityProviders.findOne({ realm, alias: "fixed-alias" }))?.displayName, "Kept alias");
  });

  it("imports a second realm's discovery document from its URL, fetched by the server", async () => {
    const fromUrl = `${server.baseUrl}/realms/${PARTNER}/.well-known/openid-configuration`;
    const config = await kc.identityProviders.importFromUrl({ providerId: "keycloak-oidc", fromUrl });
    const issuer = `${server.baseUrl}/realms/${PARTNER}`;
    assert.equal(config.issuer, issuer);
    assert.equal(config.authorizationUrl, `${issuer}/protocol/openid-connect/auth`);
    assert.equal(config.tokenUrl, `${issuer}/protocol/openid-connect/token`);
    assert.equal(config.jwksUrl, `${issuer}/protocol/openid-connect/certs`);
    assert.equal(config.useJwksUrl, "true");
    assert.equal(config.validateSignature, "true");
    assert.equal(config.metadataDescriptorUrl, fromUrl);
  });

  it("refuses, with the server's message, a URL that answers nothing usable", async () => {
    const html = await refusal(kc.identityProviders.importFromUrl({ providerId: "oidc", fromUrl: `${host.url}/html` }));
    assert.equal(html.status, 400);
    assert.match(html.message, /^Cannot parse the JSON$/);
    const missing = await refusal(
      kc.identityProviders.importFromUrl({ providerId: "oidc", fromUrl: `${host.url}/missing` }),
    );
    assert.match(missing.message, /answered HTTP 404/);
    const huge = await refusal(kc.identityProviders.importFromUrl({ providerId: "oidc", fromUrl: `${host.url}/huge` }));
    assert.match(huge.message, /larger than 1048576 bytes/);
    const file = await refusal(
      kc.identityProviders.importFromUrl({ providerId: "oidc", fromUrl: "file:///etc/passwd" }),
    );
    assert.match(file.message, /must use http or https/);
    const closed = await refusal(
      kc.identityProviders.importFromUrl({ providerId: "oidc", fromUrl: `http://127.0.0.1:${await freePort()}/x` }),
    );
    assert.match(closed.message, /could not be reached/);
  });

  it("reads a SAML descriptor from a URL and from an uploaded file (multipart)", async () => {
    const byUrl = await kc.identityProviders.importFromUrl({ providerId: "saml", fromUrl: `${host.url}/descriptor` });
    const form = new FormData();
    form.append("providerId", "saml");
    form.append("file", new Blob([SAML_DESCRIPTOR], { type: "application/xml" }), "idp-metadata.xml");
    const byFile = await kc.identityProviders.importFromUrl(form);
    for (const config of [byUrl, byFile]) {
      assert.equal(config.idpEntityId, "https://saml.partner.test/idp");
      assert.equal(config.singleSignOnServiceUrl, "https://saml.partner.test/sso");
      assert.equal(config.singleLogoutServiceUrl, "https://saml.partner.test/slo");
      assert.equal(config.postBindingAuthnRequest, "true");
      assert.equal(config.postBindingLogout, "false");
      assert.equal(config.wantAuthnRequestsSigned, "true");
      assert.equal(config.nameIDPolicyFormat, "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress");
      assert.equal(config.signingCertificate, "MIIBfakecertificate==");
      assert.equal(config.validateSignature, "true");
      // as Keycloak 26.7.3 answers (tests/conformance): no sync mode, artifact binding off
      assert.equal(config.syncMode, undefined);
      assert.equal(config.artifactBindingResponse, "false");
    }
    assert.equal(byUrl.metadataDescriptorUrl, `${host.url}/descriptor`, "the URL read is kept");
    assert.equal(byFile.metadataDescriptorUrl, undefined);
    const notSaml = new FormData();
    notSaml.append("providerId", "saml");
    notSaml.append("file", new Blob(["<html/>"]), "page.html");
    assert.match((await refusal(kc.identityProviders.importFromUrl(notSaml))).message, /not a SAML 2.0/);
  });

  it("pages and searches on the server; brief rows are Keycloak's five fields, full ones carry the list's badges", async () => {
    for (const alias of ["alpha", "beta", "bravo", "charlie"])
      await kc.identityProviders.create({
        alias,
        providerId: "oidc",
        linkOnly: alias === "bravo",
        hideOnLogin: alias === "charlie",
        config: { clientId: "c", authorizationUrl: "http://idp.test/auth", tokenUrl: "http://idp.test/token" },
      });
    const firstPage = await kc.identityProviders.find({ first: 0, max: 3, briefRepresentation: true } as never);
    assert.deepEqual(
      firstPage.map((i) => i.alias),
      ["alpha", "beta", "bravo"],
    );
    assert.deepEqual(Object.keys(firstPage[2]!).sort(), ["alias", "enabled", "internalId", "providerId"]);
    const fullPage = await kc.identityProviders.find({ first: 0, max: 3, briefRepresentation: false } as never);
    assert.equal(fullPage[2]!.linkOnly, true);
    const next = await kc.identityProviders.find({ first: 3, max: 3 });
    assert.deepEqual(
      next.map((i) => [i.alias, i.hideOnLogin]),
      [["charlie", true]],
    );
    assert.deepEqual(
      (await kc.identityProviders.find({ search: "b", realmOnly: true })).map((i) => i.alias),
      ["beta", "bravo"],
    );
    const realm = await kc.realms.findOne({ realm: REALM });
    assert.equal(realm?.identityProviders, undefined, "the realm representation does not carry the providers");
  });

  it("exports a SAML provider's service provider descriptor; an OIDC one exports nothing", async () => {
    await kc.identityProviders.create({
      alias: "partner-saml",
      providerId: "saml",
      config: {
        singleSignOnServiceUrl: "https://saml.partner.test/sso",
        wantAuthnRequestsSigned: "true",
        postBindingResponse: "true",
      },
    });
    const exported = await api(`/admin/realms/${REALM}/identity-provider/instances/partner-saml/export`);
    assert.equal(exported.status, 200);
    assert.match(exported.headers.get("content-type") ?? "", /application\/xml/);
    const xml = await exported.text();
    assert.match(xml, new RegExp(`entityID="${server.baseUrl}/realms/${REALM}"`));
    assert.match(xml, /AuthnRequestsSigned="true"/);
    assert.match(xml, new RegExp(`Location="${server.baseUrl}/realms/${REALM}/broker/partner-saml/endpoint"`));
    assert.match(xml, /<ds:X509Certificate>MII/);
    const { keys } = await kc.realms.getKeys({ realm: REALM });
    const rs256 = keys?.find((k) => k.algorithm === "RS256");
    assert.match(xml, new RegExp(`<ds:KeyInfo[^>]*><ds:KeyName>${rs256?.kid}</ds:KeyName><ds:X509Data>`));
    // both logout bindings, the configured one (redirect unless "HTTP-POST binding for logout") first
    const logoutBindings = (text: string) =>
      [...text.matchAll(/<md:SingleLogoutService Binding="[^"]*:([^:"]+)" Location="([^"]+)"/g)].map(
        ([, binding, location]) => `${binding} ${location}`,
      );
    const endpoint = `${server.baseUrl}/realms/${REALM}/broker/partner-saml/endpoint`;
    assert.deepEqual(logoutBindings(xml), [`HTTP-Redirect ${endpoint}`, `HTTP-POST ${endpoint}`]);
    assert.match(xml, /<md:NameIDFormat(\/>|><\/md:NameIDFormat>)/, "no format configured: empty, as Keycloak's");
    const saved = (await kc.identityProviders.findOne({ alias: "partner-saml" }))!;
    await kc.identityProviders.update(
      { alias: "partner-saml" },
      {
        ...saved,
        config: {
          ...saved.config,
          postBindingLogout: "true",
          nameIDPolicyFormat: "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress",
        },
      },
    );
    const postLogout = await (
      await api(`/admin/realms/${REALM}/identity-provider/instances/partner-saml/export`)
    ).text();
    assert.deepEqual(logoutBindings(postLogout), [`HTTP-POST ${endpoint}`, `HTTP-Redirect ${endpoint}`]);
    assert.match(
      postLogout,
      /<md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress<\/md:NameIDFormat>/,
    );
    await kc.identityProviders.update({ alias: "partner-saml" }, saved);
    const published = await fetch(`${server.baseUrl}/realms/${REALM}/broker/partner-saml/endpoint/descriptor`);
    assert.equal(await published.text(), xml);
    assert.equal((await api(`/admin/realms/${REALM}/identity-provider/instances/alpha/export`)).status, 204);
    assert.equal(await kc.identityProviders.reloadKeys({ alias: "alpha" }), false);
  });

  it("users' federated identities: any alias is stored, only existing providers' links are listed", async () => {
    const { id } = await kc.users.create({ username: "federated", enabled: true });
    await kc.users.addToFederatedIdentity({
      id,
      federatedIdentityId: "alpha",
      federatedIdentity: { userId: "a-1", userName: "fed-a" },
    });
    await kc.users.addToFederatedIdentity({
      id,
      federatedIdentityId: "later",
      federatedIdentity: { userId: "l-1", userName: "fed-l" },
    });
    assert.deepEqual(await kc.users.listFederatedIdentities({ id }), [
      { identityProvider: "alpha", userId: "a-1", userName: "fed-a" },
    ]);
    await kc.identityProviders.create({ alias: "later", providerId: "github", config: { clientId: "x" } });
    assert.deepEqual(
      (await kc.users.listFederatedIdentities({ id })).map((f) => f.identityProvider),
      ["alpha", "later"],
    );
    const found = await kc.users.find({ idpAlias: "alpha", idpUserId: "a-1" });
    assert.deepEqual(
      found.map((u) => u.username),
      ["federated"],
    );
    assert.deepEqual(await kc.users.find({ idpAlias: "alpha", idpUserId: "nobody" }), []);
    const again = await refusal(
      kc.users.addToFederatedIdentity({ id, federatedIdentityId: "alpha", federatedIdentity: { userId: "a-2" } }),
    );
    assert.deepEqual(again, { status: 409, message: "User is already linked with provider" });
    await kc.identityProviders.del({ alias: "alpha" });
    assert.deepEqual(
      (await kc.users.listFederatedIdentities({ id })).map((f) => f.identityProvider),
      ["later"],
    );
  });

  it("deletes a provider an organization links and drops the link, as Keycloak 26.7.3 does", async () => {
    await kc.realms.update({ realm: REALM }, { organizationsEnabled: true });
    await kc.identityProviders.create({
      alias: "org-partner",
      providerId: "oidc",
      config: {
        clientId: "x",
        clientSecret: "y",
        authorizationUrl: "https://a.test/auth",
        tokenUrl: "https://a.test/t",
      },
    });
    const { id: orgId } = await kc.organizations.create({
      name: "Org partner",
      alias: "org-partner",
      domains: [{ name: "org-partner.test" }],
    });
    await kc.organizations.linkIdp({ orgId, alias: "org-partner" });
    assert.deepEqual(
      (await kc.organizations.listIdentityProviders({ orgId })).map((idp) => idp.alias),
      ["org-partner"],
    );
    await kc.identityProviders.del({ alias: "org-partner" });
    assert.equal(await kc.identityProviders.findOne({ alias: "org-partner" }), null);
    assert.deepEqual(await kc.organizations.listIdentityProviders({ orgId }), []);
    // a provider created again under the alias starts unlinked: the organization kept no stale link
    await kc.identityProviders.create({ alias: "org-partner", providerId: "oidc", config: { clientId: "x" } });
    assert.deepEqual(await kc.organizations.listIdentityProviders({ orgId }), []);
  });

  it("stores every SAML setting of Keycloak 26.7.3's provider form as given and reads it back; refuses its invalid combinations", async () => {
    const config = {
      entityId: "https://broker.test/realms/brokering",
      idpEntityId: "https://saml.partner.test/idp",
      singleSignOnServiceUrl: "https://saml.partner.test/sso",
      singleLogoutServiceUrl: "https://saml.partner.test/slo",
      artifactResolutionServiceUrl: "https://saml.partner.test/artifact",
      backchannelSupported: "true",
      sendIdTokenOnLogout: "false",
      sendClientIdOnLogout: "true",
      nameIDPolicyFormat: "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress",
      principalType: "ATTRIBUTE",
      principalAttribute: "mail",
      allowCreate: "true",
      postBindingResponse: "true",
      artifactBindingResponse: "true",
      postBindingAuthnRequest: "true",
      postBindingLogout: "true",
      wantAuthnRequestsSigned: "true",
      signatureAlgorithm: "RSA_SHA512",
      xmlSigKeyInfoKeyNameTransformer: "CERT_SUBJECT",
      wantAssertionsSigned: "true",
      wantAssertionsEncrypted: "true",
      encryptionAlgorithm: "RSA1_5",
      forceAuthn: "true",
      validateSignature: "true",
      metadataDescriptorUrl: "https://saml.partner.test/metadata",
      useMetadataDescriptorUrl: "true",
      signSpMetadata: "true",
      loginHint: "true",
      allowedClockSkew: "15",
      attributeConsumingServiceIndex: "3",
      attributeConsumingServiceName: "Partner attributes",
      authnContextComparisonType: "minimum",
      authnContextClassRefs: JSON.stringify(["urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport"]),
      authnContextDeclRefs: JSON.stringify(["urn:partner:decl:strong", "urn:partner:decl:basic"]),
    };
    await kc.identityProviders.create({ alias: "saml-every-field", providerId: "saml", config });
    const stored = await kc.identityProviders.findOne({ alias: "saml-every-field" });
    for (const [key, value] of Object.entries(config)) assert.equal(stored?.config?.[key], value, key);

    const refused = await refusal(
      kc.identityProviders.update(
        { alias: "saml-every-field" },
        { ...stored, config: { ...config, metadataDescriptorUrl: "" } },
      ),
    );
    assert.deepEqual(refused, {
      status: 400,
      message: "useMetadataDescriptorUrl needs a non-empty URL for metadataDescriptorUrl",
    });
    const transient = await refusal(
      kc.identityProviders.create({
        alias: "saml-transient",
        providerId: "saml",
        config: {
          singleSignOnServiceUrl: "https://saml.partner.test/sso",
          nameIDPolicyFormat: "urn:oasis:names:tc:SAML:2.0:nameid-format:transient",
        },
      }),
    );
    assert.deepEqual(transient, {
      status: 400,
      message: "Can not have Transient NameID Policy Format together with SUBJECT Principal Type",
    });
    assert.equal(await kc.identityProviders.findOne({ alias: "saml-transient" }), null);
    const badUrl = await refusal(
      kc.identityProviders.update(
        { alias: "saml-every-field" },
        { ...stored, config: { ...config, metadataDescriptorUrl: "ftp://saml.partner.test/metadata" } },
      ),
    );
    assert.deepEqual(badUrl, { status: 400, message: "Invalid protocol/scheme for url [metadataDescriptorUrl]" });
    assert.equal(
      (await kc.identityProviders.findOne({ alias: "saml-every-field" }))?.config?.metadataDescriptorUrl,
      config.metadataDescriptorUrl,
      "a refused update changes nothing",
    );
  });
});
