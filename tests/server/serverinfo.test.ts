import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { adminFetch, adminToken, type TestServer } from "../support/server.ts";
import { type Api, createRealm, createUser, json, type Json, startAdminServer } from "../support/admin-api.ts";

describe("server info, ui-ext and cache admin API", () => {
  let server: TestServer;
  let api: Api;

  before(async () => {
    ({ server, api } = await startAdminServer());
    await createRealm(api, "second", { displayName: "Second realm" });
  });
  after(async () => server?.dispose());

  it("answers 401 without a token", async () => {
    assert.equal((await fetch(`${server.baseUrl}/admin/serverinfo`)).status, 401);
  });

  it("describes a Keycloak 26 server", async () => {
    const info = await json(await api("/admin/serverinfo"));
    assert.match(info.systemInfo.version, /^26\./);
    assert.ok(info.memoryInfo.total > 0);
    assert.equal(info.profileInfo.name, "community");
    const feature = (name: string) => info.features.find((f: Json) => f.name === name);
    for (const [name, enabled] of [
      ["ORGANIZATION", true],
      ["ADMIN_FINE_GRAINED_AUTHZ", false],
      ["ADMIN_FINE_GRAINED_AUTHZ_V2", true],
      ["TOKEN_EXCHANGE_STANDARD_V2", true],
      ["DPOP", true],
      ["LOGIN_V1", false],
      ["PARAMETERIZED_SCOPES", false],
      ["CLIENT_POLICIES", true],
      ["KERBEROS", true],
      ["DEVICE_FLOW", true],
      ["QUICK_THEME", false],
    ] as const) {
      assert.equal(feature(name)?.enabled, enabled, name);
    }
    assert.deepEqual(Object.keys(feature("ORGANIZATION")).sort(), ["dependencies", "enabled", "label", "name", "type"]);
    assert.ok(info.profileInfo.disabledFeatures.includes("PARAMETERIZED_SCOPES"));
    for (const type of [
      "org.keycloak.keys.KeyProvider",
      "org.keycloak.userprofile.UserProfileProvider",
      "org.keycloak.services.clientregistration.policy.ClientRegistrationPolicy",
      "org.keycloak.storage.UserStorageProvider",
      "org.keycloak.storage.ldap.mappers.LDAPStorageMapper",
    ]) {
      assert.ok(info.componentTypes[type]?.length, type);
    }
    assert.ok(
      info.protocolMapperTypes["openid-connect"].some((m: Json) => m.id === "oidc-organization-membership-mapper"),
    );
    // Keycloak 26.7.3's mapper types: a user-profile attribute picker and the lightweight-token switch.
    const userAttribute = info.protocolMapperTypes["openid-connect"].find(
      (m: Json) => m.id === "oidc-usermodel-attribute-mapper",
    );
    const property = (name: string) => userAttribute.properties.find((p: Json) => p.name === name);
    assert.equal(property("user.attribute")?.type, "UserProfileAttributeList");
    assert.equal(property("lightweight.claim")?.type, "boolean");
    assert.ok(info.identityProviders.some((p: Json) => p.id === "oidc"));
    assert.ok(info.socialProviders.some((p: Json) => p.id === "github"));
    assert.ok(info.enums.operationType.includes("ACTION"));
    assert.ok(info.cryptoInfo.clientSignatureAsymmetricAlgorithms.includes("RS256"));
    assert.ok(
      info.themes.login.length && info.passwordPolicies.length && info.builtinProtocolMappers["openid-connect"].length,
    );
    assert.ok(info.providers.authenticator.providers["auth-cookie"]);
  });

  it("revalidates: 304 while the server is set up the same, memory and uptime figures not counted", async () => {
    const first = await api("/admin/serverinfo");
    const etag = first.headers.get("etag") ?? "";
    assert.match(etag, /^W\/"[\w-]+"$/);
    assert.equal(first.headers.get("cache-control"), "private, no-cache");
    await json(first);
    await new Promise((resolve) => setTimeout(resolve, 1100)); // uptime and server time have moved on
    const again = await api("/admin/serverinfo", { headers: { "if-none-match": etag } });
    assert.equal(again.status, 304);
    assert.equal(await again.text(), "");
    const stale = await api("/admin/serverinfo", { headers: { "if-none-match": 'W/"other"' } });
    assert.equal(stale.status, 200);
    assert.equal(stale.headers.get("etag"), etag);
    assert.ok((await json(stale)).memoryInfo.total > 0);
  });

  it("advertises the hashing this server does (Keycloak 26 policy defaults) and nothing of the machine it was captured on", async () => {
    const info = await json(await api("/admin/serverinfo"));
    const policy = (id: string) => info.passwordPolicies.find((p: Json) => p.id === id);
    assert.equal(policy("hashAlgorithm").defaultValue, "pbkdf2-sha512");
    assert.equal(policy("hashIterations").defaultValue, "-1");
    const hashers = Object.keys(info.providers["password-hashing"].providers);
    assert.ok(hashers.includes(policy("hashAlgorithm").defaultValue));
    assert.ok(!hashers.includes("argon2"), "no argon2: this server cannot hash with it");
    for (const spi of Object.values(info.providers) as Json[])
      for (const [id, provider] of Object.entries(spi.providers as Record<string, Json>))
        assert.equal(provider.operationalInfo, undefined, id);
    assert.doesNotMatch(JSON.stringify(info), /jdbc:|\/home\/|SNAPSHOT/);

    const userId = await createUser(api, "master", "hashed");
    assert.equal(
      (
        await api(`/admin/realms/master/users/${userId}/reset-password`, {
          method: "PUT",
          body: { type: "password", value: "hashed-pass", temporary: false },
        })
      ).status,
      204,
    );
    const [credential] = await json<Json[]>(await api(`/admin/realms/master/users/${userId}/credentials`));
    assert.deepEqual(JSON.parse(credential.credentialData), {
      hashIterations: 210000,
      algorithm: policy("hashAlgorithm").defaultValue,
      additionalParameters: {},
    });
  });

  it("ui-ext: realm info, realm names with search and paging, sessions", async () => {
    assert.deepEqual(await json(await api("/admin/realms/master/ui-ext/info")), { userProfileProvidersEnabled: false });
    const names = await json<Json[]>(await api("/admin/realms/master/ui-ext/realms/names"));
    assert.deepEqual(
      names.map((r) => r.name),
      ["master", "second"],
    );
    assert.equal(names[1].displayName, "Second realm");
    assert.deepEqual(
      (await json<Json[]>(await api("/admin/realms/master/ui-ext/realms/names?search=sec"))).map((r) => r.name),
      ["second"],
    );
    assert.deepEqual(
      (await json<Json[]>(await api("/admin/realms/master/ui-ext/realms/names?first=1&max=1"))).map((r) => r.name),
      ["second"],
    );
    const sessions = await json<Json[]>(await api("/admin/realms/master/ui-ext/sessions?type=REGULAR"));
    assert.ok(sessions.length >= 1);
    assert.equal(sessions[0].username, "admin");
    assert.equal(sessions[0].type, "REGULAR");
    assert.ok(Object.values(sessions[0].clients).includes("admin-cli"));
    assert.deepEqual(await json(await api("/admin/realms/master/ui-ext/sessions?type=OFFLINE")), []);
  });

  it("clears caches with 204, and only for realm managers", async () => {
    for (const cache of ["clear-realm-cache", "clear-user-cache", "clear-keys-cache", "clear-crl-cache"]) {
      assert.equal((await api(`/admin/realms/second/${cache}`, { method: "POST" })).status, 204, cache);
    }
    const userId = await createUser(api, "master", "plain");
    assert.equal(
      (
        await api(`/admin/realms/master/users/${userId}/reset-password`, {
          method: "PUT",
          body: { type: "password", value: "plain-pass", temporary: false },
        })
      ).status,
      204,
    );
    const plain = adminFetch(server.baseUrl, await adminToken(server.baseUrl, "master", "plain", "plain-pass"));
    assert.equal((await plain("/admin/realms/master/clear-realm-cache", { method: "POST" })).status, 403);
    assert.equal((await plain("/admin/realms/master/ui-ext/info")).status, 403);
    // Keycloak 26 answers server info only to an administrator (tests/server/abuse/serverinfo-access.test.ts).
    assert.equal((await plain("/admin/serverinfo")).status, 403);
  });
});
