import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { startTestServer, type TestServer } from "../support/server.ts";
import { type Api, masterAdmin } from "../support/admin-api.ts";

type Client = Record<string, unknown> & { id: string; clientId: string; attributes?: Record<string, string> };

/** The demo realm shows every kind of client an administrator meets. */
describe("demo realm clients", () => {
  let server: TestServer;
  let api: Api;
  let clients: Client[];

  before(async () => {
    server = await startTestServer();
    api = masterAdmin(server);
    clients = (await (await api("/admin/realms/demo/clients")).json()) as Client[];
  });
  after(async () => server?.dispose());

  const byClientId = (clientId: string) => {
    const client = clients.find((c) => c.clientId === clientId);
    assert.ok(client, clientId);
    return client;
  };

  it("has a public single-page app with standard flow, PKCE S256 and web origins", () => {
    const spa = byClientId("spa");
    assert.equal(spa.publicClient, true);
    assert.equal(spa.standardFlowEnabled, true);
    assert.equal(spa.attributes?.["pkce.code.challenge.method"], "S256");
    assert.deepEqual(spa.webOrigins, ["+"]);
  });

  it("has a confidential client with a service account user", async () => {
    const portal = byClientId("portal");
    assert.equal(portal.publicClient, false);
    assert.equal(portal.serviceAccountsEnabled, true);
    const user = await (await api(`/admin/realms/demo/clients/${portal.id}/service-account-user`)).json();
    assert.equal(user.username, "service-account-portal");
  });

  it("has a bearer-only client", () => {
    assert.equal(byClientId("backend-api").bearerOnly, true);
  });

  it("has a SAML client", () => {
    const saml = byClientId("https://sp.example.com/saml");
    assert.equal(saml.protocol, "saml");
    assert.equal(saml.attributes?.["saml.signature.algorithm"], "RSA_SHA256");
  });

  it("has a client with authorization services whose service account holds uma_protection", async () => {
    const orders = byClientId("orders-service");
    assert.equal(orders.authorizationServicesEnabled, true);
    assert.equal(orders.serviceAccountsEnabled, true);
    const user = await (await api(`/admin/realms/demo/clients/${orders.id}/service-account-user`)).json();
    const mapped = (await (
      await api(`/admin/realms/demo/users/${user.id}/role-mappings/clients/${orders.id}`)
    ).json()) as { name: string }[];
    assert.deepEqual(
      mapped.map((r) => r.name),
      ["uma_protection"],
    );
  });
});
