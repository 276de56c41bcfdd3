import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type KcAdminClient from "@keycloak/keycloak-admin-client";
import type { TestServer } from "../support/server.ts";
import { type Api, createRealm, startAdminServer } from "../support/admin-api.ts";
import { keycloakAdminClient, refusal } from "../support/admin-client.ts";

/**
 * What the conformance suite (tests/conformance) found the embedded server answering unlike Keycloak 26.7, checked
 * here through @keycloak/keycloak-admin-client as the console calls it.
 */
const REALM = "conformance-fixes";
const KEY_PROVIDER = "org.keycloak.keys.KeyProvider";

describe("answers the conformance suite holds to Keycloak's", () => {
  let server: TestServer;
  let api: Api;
  let kc: KcAdminClient;

  before(async () => {
    ({ server, api } = await startAdminServer());
    await createRealm(api, REALM);
    kc = await keycloakAdminClient(server.baseUrl, { realm: REALM });
  });
  after(async () => server?.dispose());

  it("issues an initial access token as a signed JWT whose jti is the listed id, and refuses negative numbers", async () => {
    const created = await kc.realms.createClientsInitialAccess({ realm: REALM }, { count: 2, expiration: 600 });
    const [header, payload] = created
      .token!.split(".")
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, "base64url").toString()));
    assert.equal(header.alg, "HS512");
    assert.equal(payload.typ, "InitialAccessToken");
    assert.equal(payload.jti, created.id);
    assert.equal(payload.iss, `${server.baseUrl}/realms/${REALM}`);
    assert.equal(payload.aud, payload.iss);
    assert.equal(payload.exp, payload.iat + 600);
    const used = await kc.realms.createClientsInitialAccess({ realm: REALM }, { count: 0 });
    const listed = await kc.realms.getClientsInitialAccess({ realm: REALM });
    assert.deepEqual(listed.map((entry) => entry.id).sort(), [created.id, used.id].sort());
    assert.deepEqual(await refusal(kc.realms.createClientsInitialAccess({ realm: REALM }, { count: -1 })), {
      status: 400,
      body: { error: "Invalid value for count", error_description: "The count cannot be less than 0" },
    });
    assert.equal(
      (await refusal(kc.realms.createClientsInitialAccess({ realm: REALM }, { expiration: -1 }))).body.error,
      "Invalid value for expiration",
    );
  });

  it("refuses unknown component providers and a key provider's non-numeric priority, and shows only declared config", async () => {
    const realm = await kc.realms.findOne({ realm: REALM });
    const base = { providerType: KEY_PROVIDER, parentId: realm!.id };
    assert.deepEqual(await refusal(kc.components.create({ ...base, name: "x", providerId: "no-such" })), {
      status: 400,
      body: { error: "Invalid provider type or no such provider" },
    });
    assert.deepEqual(
      await refusal(
        kc.components.create({ ...base, name: "x", providerId: "hmac-generated", config: { priority: ["high"] } }),
      ),
      { status: 400, body: { errorMessage: "'Priority' should be a number" } },
    );
    const { id } = await kc.components.create({
      ...base,
      name: "hmac",
      providerId: "hmac-generated",
      config: { priority: ["5"] },
    });
    const shown = await kc.components.findOne({ id });
    assert.deepEqual(Object.keys(shown!.config!).sort(), ["priority"]);
    const keyProviders = (await kc.components.find({ type: KEY_PROVIDER })).map((c) => c.providerId);
    assert.ok(keyProviders.includes("rsa-generated"), "the realm's RSA key provider is listed from the start");
  });

  it("takes a localization text as text/plain only, and keeps a locale whose last text is deleted", async () => {
    const res = await api(`/admin/realms/${REALM}/localization/en/greeting`, { method: "PUT", body: "Hello" });
    assert.equal(res.status, 415);
    await kc.realms.addLocalization({ realm: REALM, selectedLocale: "en", key: "greeting" }, "Hello");
    await kc.realms.deleteRealmLocalizationTexts({ realm: REALM, selectedLocale: "en", key: "greeting" });
    assert.deepEqual(await kc.realms.getRealmSpecificLocales({ realm: REALM }), ["en"]);
    await kc.realms.deleteRealmLocalizationTexts({ realm: REALM, selectedLocale: "en" });
    assert.deepEqual(await kc.realms.getRealmSpecificLocales({ realm: REALM }), []);
  });

  it("answers Keycloak's texts for refused client profiles and policies, identity providers and events config", async () => {
    assert.equal(
      (await refusal(kc.clientPolicies.createProfiles({ profiles: [{ name: "fapi-1-baseline", executors: [] }] }))).body
        .errorMessage,
      "Proposed profile name 'fapi-1-baseline' is duplicated as a global profile",
    );
    assert.equal(
      (await refusal(kc.clientPolicies.updatePolicy({ policies: [{ name: "p", conditions: [], profiles: ["none"] }] })))
        .body.errorMessage,
      "Policy p contains invalid profile none",
    );
    assert.equal(
      (await refusal(kc.identityProviders.create({ alias: "x", providerId: "no-such", config: {} }))).body.errorMessage,
      "Invalid identity provider id [no-such]",
    );
    const missing = await api(`/admin/realms/${REALM}/identity-provider/instances/missing`);
    assert.equal(missing.status, 404);
    assert.deepEqual(await missing.json(), { error: "HTTP 404 Not Found" });
    assert.deepEqual(await refusal(kc.realms.updateConfigEvents({ realm: REALM }, { eventsListeners: ["no-such"] })), {
      status: 400,
      body: { error: "Unknown event listener" },
    });
    const profiles = await kc.clientPolicies.listProfiles({ includeGlobalProfiles: true });
    assert.ok(profiles.globalProfiles!.some((profile) => profile.name === "saml-security-profile"));
  });

  it("describes a user's brute-force state with Keycloak's fields", async () => {
    const { id } = await kc.users.create({ username: "locked", enabled: true });
    const status = await kc.attackDetection.findOne({ id });
    assert.deepEqual(status, {
      numFailures: 0,
      numTemporaryLockouts: 0,
      numSecondaryAuthFailures: 0,
      disabled: false,
      lastIPFailure: "n/a",
      lastFailure: 0,
      failedLoginNotBefore: 0,
    });
  });
});
