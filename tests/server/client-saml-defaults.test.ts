import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createHash, X509Certificate } from "node:crypto";
import type { TestServer } from "../support/server.ts";
import { type Api, idFromLocation, startAdminServer } from "../support/admin-api.ts";

const R = "/admin/realms/master";

describe("SAML client defaults and settings attributes", () => {
  let server: TestServer;
  let api: Api;

  before(async () => {
    ({ server, api } = await startAdminServer());
  });
  after(async () => server?.dispose());

  const create = async (body: Record<string, unknown>) => {
    const res = await api(`${R}/clients`, { method: "POST", body });
    assert.equal(res.status, 201, await res.clone().text());
    return (await (await api(`${R}/clients/${idFromLocation(res)}`)).json()) as Record<string, unknown> & {
      attributes: Record<string, string>;
    };
  };

  it("fills Keycloak's SAML defaults for what the request leaves out", async () => {
    const clientId = "https://sp.example.com/saml";
    const client = await create({ clientId, protocol: "saml" });
    assert.equal(client.frontchannelLogout, true);
    assert.equal(client.standardFlowEnabled, true);
    const a = client.attributes;
    assert.equal(a.saml_name_id_format, "username");
    assert.equal(a.saml_force_name_id_format, "false");
    assert.equal(a["saml.force.post.binding"], "true");
    assert.equal(a["saml.authnstatement"], "true");
    assert.equal(a["saml.server.signature"], "true");
    assert.equal(a["saml.signature.algorithm"], "RSA_SHA256");
    assert.equal(a.saml_signature_canonicalization_method, "http://www.w3.org/2001/10/xml-exc-c14n#");
    assert.equal(a["saml.allow.ecp.flow"], "false");
    assert.equal(a["saml.client.signature"], "true");
    const certificate = new X509Certificate(Buffer.from(a["saml.signing.certificate"]!, "base64"));
    assert.match(certificate.subject, /CN=https:\/\/sp\.example\.com\/saml/);
    assert.equal(a["saml.artifact.binding.identifier"], createHash("sha1").update(clientId).digest("base64"));
  });

  it("keeps what the request sets and generates no key when the client does not sign", async () => {
    const client = await create({
      clientId: "saml-kept",
      protocol: "saml",
      frontchannelLogout: false,
      attributes: {
        saml_name_id_format: "email",
        "saml.client.signature": "false",
        "saml.force.post.binding": "false",
      },
    });
    assert.equal(client.frontchannelLogout, false);
    assert.equal(client.attributes.saml_name_id_format, "email");
    assert.equal(client.attributes["saml.force.post.binding"], "false");
    assert.equal(client.attributes["saml.signing.certificate"], undefined);
  });

  it("gives OIDC clients no SAML attributes", async () => {
    const client = await create({ clientId: "oidc-no-saml" });
    assert.equal(client.attributes.saml_name_id_format, undefined);
  });

  it("stores the settings tab's attributes and refuses a bad backchannel logout URL with Keycloak's message", async () => {
    const res = await api(`${R}/clients`, { method: "POST", body: { clientId: "oidc-settings" } });
    const id = idFromLocation(res);
    const client = await (await api(`${R}/clients/${id}`)).json();
    const attributes = {
      ...client.attributes,
      login_theme: "keycloak",
      "display.on.consent.screen": "true",
      "consent.screen.text": "Grant access",
      "frontchannel.logout.url": "https://app.example.com/logout",
      "frontchannel.logout.session.required": "false",
      "logout.confirmation.enabled": "true",
    };
    const put = await api(`${R}/clients/${id}`, {
      method: "PUT",
      body: { ...client, consentRequired: true, attributes },
    });
    assert.equal(put.status, 204);
    const saved = await (await api(`${R}/clients/${id}`)).json();
    assert.equal(saved.consentRequired, true);
    for (const [name, value] of Object.entries(attributes)) assert.equal(saved.attributes[name], value, name);
    const bad = await api(`${R}/clients/${id}`, {
      method: "PUT",
      body: { ...saved, attributes: { "backchannel.logout.url": "javascript:alert(1)" } },
    });
    assert.equal(bad.status, 400);
    assert.deepEqual(await bad.json(), {
      error: "invalid_input",
      error_description: "Backchannel logout URL uses an illegal scheme",
    });
  });
});
