import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import KcAdminClient from "@keycloak/keycloak-admin-client";
import { startTestServer, type TestServer } from "../support/server.ts";

const PAGE_TYPE = "org.keycloak.services.ui.extend.UiPageProvider";
const TAB_TYPE = "org.keycloak.services.ui.extend.UiTabProvider";

async function adminClientOf(server: TestServer): Promise<KcAdminClient> {
  const kc = new KcAdminClient({ baseUrl: server.baseUrl, realmName: "master" });
  await kc.auth({ grantType: "password", clientId: "admin-cli", username: "admin", password: "admin" });
  return kc;
}

describe("declarative UI page provider (--features declarative-ui)", () => {
  let withFeature: TestServer;
  let without: TestServer;

  before(async () => {
    [withFeature, without] = await Promise.all([
      startTestServer({ args: ["--seed-demo", "false", "--features", "declarative-ui"] }),
      startTestServer({ args: ["--seed-demo", "false"] }),
    ]);
  });
  after(async () => Promise.all([withFeature?.dispose(), without?.dispose()]));

  it("reports the realm-notices page provider only with the feature on", async () => {
    const on = await (await adminClientOf(withFeature)).serverInfo.find();
    assert.equal(on.features?.find((f) => f.name === "DECLARATIVE_UI")?.enabled, true);
    const [provider] = on.componentTypes?.[PAGE_TYPE] ?? [];
    assert.equal(provider?.id, "realm-notices");
    assert.deepEqual(
      provider.properties.map((p) => [p.name, p.type]),
      [
        ["message", "String"],
        ["severity", "List"],
        ["pinned", "boolean"],
        ["days", "Integer"],
      ],
    );
    const off = await (await adminClientOf(without)).serverInfo.find();
    assert.equal(off.features?.find((f) => f.name === "DECLARATIVE_UI")?.enabled, false);
    // Keycloak 26.7.3 without the feature has no page provider type at all.
    assert.equal(off.componentTypes?.[PAGE_TYPE], undefined);
    assert.equal(off.componentTypes?.[TAB_TYPE], undefined);
  });

  it("reports two tab providers with the path and params of Keycloak's UiTabProviderFactory metadata", async () => {
    const on = await (await adminClientOf(withFeature)).serverInfo.find();
    assert.deepEqual(
      on.componentTypes?.[TAB_TYPE]?.map((tab) => [tab.id, tab.metadata]),
      [
        ["support-contacts", { path: "/:realm/realm-settings/:tab?", params: { tab: "support-contacts" } }],
        ["client-owner", { path: "/:realm/clients/:id/:tab?", params: { tab: "owner" } }],
      ],
    );
  });

  it("keeps the provider's items as realm components, listed by type and parent", async () => {
    const kc = await adminClientOf(withFeature);
    const realm = await kc.realms.findOne({ realm: "master" });
    const { id } = await kc.components.create({
      realm: "master",
      name: "maintenance",
      providerId: "realm-notices",
      providerType: PAGE_TYPE,
      parentId: realm!.id,
      config: { message: ["Down on Sunday"], pinned: ["true"] },
    });
    const listed = await kc.components.find({ realm: "master", type: PAGE_TYPE, parent: realm!.id });
    assert.deepEqual(
      listed.map((c) => [c.id, c.name, c.config?.message]),
      [[id, "maintenance", ["Down on Sunday"]]],
    );
    await kc.components.update({ realm: "master", id }, { ...listed[0], config: { message: ["Down on Saturday"] } });
    assert.deepEqual((await kc.components.findOne({ realm: "master", id }))?.config?.message, ["Down on Saturday"]);
    await kc.components.del({ realm: "master", id });
    assert.deepEqual(await kc.components.find({ realm: "master", type: PAGE_TYPE, parent: realm!.id }), []);
  });

  it("shows only the config the page or tab provider declares, as Keycloak 26.7.3 does", async () => {
    const kc = await adminClientOf(withFeature);
    const realm = await kc.realms.findOne({ realm: "master" });
    const page = await kc.components.create({
      realm: "master",
      name: "stray",
      providerId: "realm-notices",
      providerType: PAGE_TYPE,
      parentId: realm!.id,
      config: { message: ["Hello"], tab: ["notices"], stray: ["x"] },
    });
    const tab = await kc.components.create({
      realm: "master",
      name: "client-owner/some-client",
      providerId: "client-owner",
      providerType: TAB_TYPE,
      parentId: realm!.id,
      config: { team: ["Payments"], id: ["some-client"], tab: ["owner"] },
    });
    try {
      assert.deepEqual((await kc.components.findOne({ realm: "master", id: page.id }))?.config, { message: ["Hello"] });
      const listed = await kc.components.find({ realm: "master", type: TAB_TYPE, parent: realm!.id });
      assert.deepEqual(listed.find((c) => c.id === tab.id)?.config, { team: ["Payments"] });
    } finally {
      await kc.components.del({ realm: "master", id: page.id });
      await kc.components.del({ realm: "master", id: tab.id });
    }
  });
});
