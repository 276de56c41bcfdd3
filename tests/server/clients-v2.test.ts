import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type KcAdminClient from "@keycloak/keycloak-admin-client";
import { startTestServer, type TestServer } from "../support/server.ts";
import { type Api, createRealm, masterAdmin } from "../support/admin-api.ts";
import { keycloakAdminClient } from "../support/admin-client.ts";
// The 26.7 admin client ships the v2 resource without attaching it to the client instance.
import { ClientsV2 } from "@keycloak/keycloak-admin-client/lib/resources/clientsV2.js";

/** Keycloak's experimental clients v2 API (feature client-admin-api:v2) through the admin client's generated client. */
const REALM = "clients-v2";

describe("Admin API v2: clients", () => {
  let server: TestServer;
  let api: Api;
  let kc: KcAdminClient;
  const v2 = () => new ClientsV2(kc).api();

  before(async () => {
    server = await startTestServer({ args: ["--seed-demo", "false", "--features", "client-admin-api:v2"] });
    api = masterAdmin(server);
    await createRealm(api, REALM);
    kc = await keycloakAdminClient(server.baseUrl, { realm: REALM });
  });
  after(async () => server?.dispose());

  it("creates an OIDC client and reads it back by client ID, in both APIs", async () => {
    // The 26.7 admin client's generated serializer writes only the base fields; OIDC ones go as additional data.
    const created = await v2().post({
      clientId: "orders-app",
      displayName: "Orders",
      description: "Takes orders",
      protocol: "openid-connect",
      redirectUris: ["https://orders.example/*"],
      additionalData: {
        webOrigins: ["https://orders.example"],
        loginFlows: ["STANDARD", "SERVICE_ACCOUNT"],
        auth: { method: "client-secret", secret: "a-long-secret" },
      },
    });
    assert.equal(created?.clientId, "orders-app");
    assert.ok(created?.uuid);

    const read = (await v2().byId("orders-app").get()) as Record<string, unknown>;
    assert.equal(read.displayName, "Orders");
    assert.deepEqual(read.loginFlows, ["STANDARD", "SERVICE_ACCOUNT"]);
    assert.deepEqual(read.auth, { method: "client-secret", secret: "a-long-secret" });

    const v1 = (await kc.clients.findOne({ id: created!.uuid! }))!;
    assert.equal(v1.name, "Orders");
    assert.equal(v1.publicClient, false);
    assert.equal(v1.serviceAccountsEnabled, true);
    assert.equal(v1.standardFlowEnabled, true);
    assert.equal(v1.directAccessGrantsEnabled, false);
    assert.ok(await kc.clients.getServiceAccountUser({ id: created!.uuid! }));
  });

  it("lists with q, sort, fields, limit and offset", async () => {
    await v2().post({ clientId: "beta-app", displayName: "Beta", protocol: "openid-connect", enabled: false });
    await v2().post({ clientId: "alpha-saml", displayName: "Alpha", protocol: "saml" });

    const disabled = await v2().get({ queryParameters: { q: "enabled eq false" } });
    assert.deepEqual(
      disabled?.map((c) => c.clientId),
      ["beta-app"],
    );
    const named = await v2().get({ queryParameters: { q: 'clientId sw "alpha" and protocol eq "saml"' } });
    assert.deepEqual(
      named?.map((c) => c.clientId),
      ["alpha-saml"],
    );
    const byName = (await v2().get({ queryParameters: { q: "displayName pr", sort: "displayName|desc" } }))!.map(
      (c) => c.displayName!,
    );
    assert.deepEqual(byName, [...byName].sort().reverse());
    assert.deepEqual(
      byName.filter((name) => ["Orders", "Beta", "Alpha"].includes(name)),
      ["Orders", "Beta", "Alpha"],
    );
    const all = await v2().get();
    const ids = all!.map((c) => c.clientId!);
    assert.deepEqual(ids, [...ids].sort());
    const pageTwo = await v2().get({ queryParameters: { offset: 1, limit: 2 } });
    assert.deepEqual(
      pageTwo?.map((c) => c.clientId),
      ids.slice(1, 3),
    );
    const raw = await api(
      `/admin/api/${REALM}/clients/v2?fields=clientId&q=${encodeURIComponent('clientId eq "beta-app"')}`,
    );
    assert.deepEqual(await raw.json(), [{ clientId: "beta-app" }]);
    assert.equal((await api(`/admin/api/${REALM}/clients/v2?sort=secret`)).status, 400);
  });

  it("updates with PUT, patches with a merge patch and deletes by client ID", async () => {
    const current = (await v2().byId("beta-app").get()) as Record<string, unknown>;
    delete current.uuid;
    const put = (await v2()
      .byId("beta-app")
      .put({ ...current, description: "Second", enabled: true } as never)) as Record<string, unknown>;
    assert.equal(put.description, "Second");
    assert.equal(put.enabled, true);

    const patched = await api(`/admin/api/${REALM}/clients/v2/beta-app`, {
      method: "PATCH",
      body: JSON.stringify({ displayName: "Beta two", description: null }),
      headers: { "content-type": "application/merge-patch+json" },
    });
    assert.equal(patched.status, 200, await patched.clone().text());
    const after = await patched.json();
    assert.equal(after.displayName, "Beta two");
    assert.equal(after.description, undefined);
    await v2()
      .byId("beta-app")
      .patch({ additionalData: { enabled: false } });
    assert.equal(((await v2().byId("beta-app").get()) as Record<string, unknown>).enabled, false);

    const refused = await api(`/admin/api/${REALM}/clients/v2/beta-app`, {
      method: "PATCH",
      body: JSON.stringify({ protocol: "saml" }),
      headers: { "content-type": "application/merge-patch+json" },
    });
    assert.equal(refused.status, 400);

    await v2().byId("beta-app").delete();
    assert.equal((await api(`/admin/api/${REALM}/clients/v2/beta-app`)).status, 404);
    assert.equal((await kc.clients.find({ clientId: "beta-app" })).length, 0);
  });

  it("refuses what the v2 validation rules refuse, without storing anything", async () => {
    const post = (body: unknown) => api(`/admin/api/${REALM}/clients/v2`, { method: "POST", body });
    for (const body of [
      { clientId: " " },
      { clientId: "public-sa", protocol: "openid-connect", loginFlows: ["SERVICE_ACCOUNT"] },
      { clientId: "no-redirect", protocol: "openid-connect", loginFlows: ["STANDARD"] },
      { clientId: "short-secret", auth: { method: "client-secret", secret: "abc" } },
      { clientId: "with-uuid", uuid: "chosen" },
    ]) {
      const response = await post(body);
      assert.equal(response.status, 400, JSON.stringify(body));
    }
    assert.equal((await post({ clientId: "orders-app" })).status, 409);
    const ids = (await v2().get())!.map((c) => c.clientId);
    for (const id of ["public-sa", "no-redirect", "short-secret", "with-uuid"]) assert.ok(!ids.includes(id), id);
  });
});
