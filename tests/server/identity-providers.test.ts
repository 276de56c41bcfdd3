import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { TestServer } from "../support/server.ts";
import {
  type Api,
  createRealm,
  createUser,
  idFromLocation,
  json,
  type Json,
  startAdminServer,
} from "../support/admin-api.ts";

const REALM = "idps";
const BASE = `/admin/realms/${REALM}/identity-provider`;

describe("identity providers admin API", () => {
  let server: TestServer;
  let api: Api;

  before(async () => {
    ({ server, api } = await startAdminServer());
    await createRealm(api, REALM, { adminEventsEnabled: true });
  });
  after(async () => server?.dispose());

  it("creates with 201 + Location by alias, leaves unset flags out, lists its types and masks the client secret", async () => {
    const res = await api(`${BASE}/instances`, {
      method: "POST",
      body: {
        alias: "corp",
        providerId: "oidc",
        displayName: "Corp SSO",
        config: { clientId: "kc", clientSecret: "s3cret", authorizationUrl: "https://idp/auth" },
      },
    });
    assert.equal(res.status, 201);
    assert.equal(res.headers.get("location"), `${server.baseUrl}${BASE}/instances/corp`);
    const idp = await json(await api(`${BASE}/instances/corp`));
    assert.equal(idp.alias, "corp");
    assert.equal(idp.providerId, "oidc");
    assert.equal(idp.enabled, true);
    // Keycloak 26.7.3 leaves unset flags and the first login flow (then the realm's) out
    for (const key of [
      "firstBrokerLoginFlowAlias",
      "updateProfileFirstLoginMode",
      "trustEmail",
      "linkOnly",
      "hideOnLogin",
    ])
      assert.equal(key in idp, false, `${key} absent`);
    assert.deepEqual(idp.types, [
      "USER_AUTHENTICATION",
      "CLIENT_ASSERTION",
      "TRUST_MATERIAL",
      "EXCHANGE_EXTERNAL_TOKEN",
      "JWT_AUTHORIZATION_GRANT",
    ]);
    assert.match(idp.internalId, /^[0-9a-f-]{36}$/);
    assert.equal(
      (await json(await api(`${BASE}/instances/${idp.internalId}`))).alias,
      "corp",
      "the internal id works as well",
    );
    assert.equal(idp.config.clientSecret, "**********");
    assert.equal(idp.config.clientId, "kc");
  });

  it("answers 409 on a duplicate alias, 400 without providerId, 404 when missing", async () => {
    const dup = await api(`${BASE}/instances`, { method: "POST", body: { alias: "corp", providerId: "oidc" } });
    assert.equal(dup.status, 409);
    assert.equal((await dup.json()).errorMessage, "Identity Provider corp already exists");
    assert.equal((await api(`${BASE}/instances`, { method: "POST", body: { alias: "x" } })).status, 400);
    assert.equal((await api(`${BASE}/instances/nope`)).status, 404);
  });

  it("lists with search, paging and brief representation", async () => {
    await api(`${BASE}/instances`, { method: "POST", body: { alias: "github", providerId: "github", config: {} } });
    const all = await json<Json[]>(await api(`${BASE}/instances`));
    assert.deepEqual(
      all.map((i) => i.alias),
      ["corp", "github"],
    );
    assert.deepEqual(
      (await json<Json[]>(await api(`${BASE}/instances?search=git`))).map((i) => i.alias),
      ["github"],
    );
    assert.deepEqual(await json(await api(`${BASE}/instances?search=ithub`)), [], "search is a prefix by default");
    assert.deepEqual(
      (await json<Json[]>(await api(`${BASE}/instances?search=*ithub*`))).map((i) => i.alias),
      ["github"],
    );
    assert.deepEqual(
      (await json<Json[]>(await api(`${BASE}/instances?search="corp"`))).map((i) => i.alias),
      ["corp"],
    );
    assert.deepEqual(
      (await json<Json[]>(await api(`${BASE}/instances?first=1&max=1`))).map((i) => i.alias),
      ["github"],
    );
    assert.deepEqual(all[1].types, [], "a social provider has no IdentityProvider factory, so no types");
    const brief = await json<Json[]>(await api(`${BASE}/instances?briefRepresentation=true`));
    assert.equal(brief[0].config, undefined);
    assert.equal(brief[0].alias, "corp");
  });

  it("updates with 204 keeping a masked secret, and reads provider factories", async () => {
    const idp = await json(await api(`${BASE}/instances/corp`));
    assert.equal(
      (
        await api(`${BASE}/instances/corp`, {
          method: "PUT",
          body: {
            ...idp,
            displayName: "Corporate",
            trustEmail: true,
            linkOnly: false,
            firstBrokerLoginFlowAlias: " ",
            config: { ...idp.config, hideOnLoginPage: "true" },
          },
        })
      ).status,
      204,
    );
    const updated = await json(await api(`${BASE}/instances/corp`));
    assert.equal(updated.displayName, "Corporate");
    assert.equal(updated.trustEmail, true);
    assert.equal(updated.linkOnly, false, "a flag sent as false is kept as false");
    assert.equal("firstBrokerLoginFlowAlias" in updated, false, "a blank flow alias means none");
    assert.equal(updated.hideOnLogin, true, "the old config hideOnLoginPage becomes hideOnLogin");
    assert.equal(updated.config.hideOnLoginPage, undefined);
    assert.equal(updated.config.clientSecret, "**********");
    assert.deepEqual(await json(await api(`${BASE}/providers/github`)), {
      id: "github",
      name: "GitHub",
      helpText: "",
      configProperties: [],
      configMetadata: [],
    });
    assert.equal((await api(`${BASE}/providers/nope`)).status, 400);
  });

  it("imports OIDC metadata given inline and refuses a URL that is not http or https", async () => {
    const metadata = {
      issuer: "https://idp.example",
      authorization_endpoint: "https://idp.example/auth",
      token_endpoint: "https://idp.example/token",
      jwks_uri: "https://idp.example/certs",
    };
    const config = await json(
      await api(`${BASE}/import-config`, {
        method: "POST",
        body: { providerId: "oidc", file: JSON.stringify(metadata) },
      }),
    );
    assert.equal(config.authorizationUrl, "https://idp.example/auth");
    assert.equal(config.tokenUrl, "https://idp.example/token");
    assert.equal(config.useJwksUrl, "true");
    assert.equal(
      (
        await api(`${BASE}/import-config`, {
          method: "POST",
          body: { providerId: "oidc", fromUrl: "ftp://idp.example/.well-known/openid-configuration" },
        })
      ).status,
      400,
    );
  });

  it("manages mappers: types, create (201), read, update (204), delete (204)", async () => {
    const types = await json(await api(`${BASE}/instances/corp/mapper-types`));
    assert.ok(types["oidc-user-attribute-idp-mapper"]);
    assert.ok(types["hardcoded-attribute-idp-mapper"]);
    assert.equal(types["saml-role-idp-mapper"], undefined);
    assert.deepEqual(
      ["oidc-hardcoded-group-idp-mapper", "oidc-user-session-note-idp-mapper"].map((id) => [
        types[id]?.name,
        types[id]?.category,
      ]),
      [
        ["Hardcoded Group", "Group Importer"],
        ["User Session Note Mapper", "User Session"],
      ],
    );
    const res = await api(`${BASE}/instances/corp/mappers`, {
      method: "POST",
      body: {
        name: "email",
        identityProviderAlias: "corp",
        identityProviderMapper: "oidc-user-attribute-idp-mapper",
        config: { claim: "email", "user.attribute": "email", syncMode: "INHERIT" },
      },
    });
    assert.equal(res.status, 201);
    const id = idFromLocation(res);
    assert.equal(res.headers.get("location"), `${server.baseUrl}${BASE}/instances/corp/mappers/${id}`);
    const mapper = await json(await api(`${BASE}/instances/corp/mappers/${id}`));
    assert.equal(mapper.identityProviderMapper, "oidc-user-attribute-idp-mapper");
    assert.equal(
      (
        await api(`${BASE}/instances/corp/mappers/${id}`, {
          method: "PUT",
          body: { ...mapper, config: { ...mapper.config, claim: "mail" } },
        })
      ).status,
      204,
    );
    assert.equal((await json(await api(`${BASE}/instances/corp/mappers/${id}`))).config.claim, "mail");
    assert.equal((await json<Json[]>(await api(`${BASE}/instances/corp/mappers`))).length, 1);
    assert.equal((await api(`${BASE}/instances/corp/mappers/${id}`, { method: "DELETE" })).status, 204);
    assert.equal((await api(`${BASE}/instances/corp/mappers/${id}`)).status, 404);
  });

  it("management permissions (v1 only, 501 as in Keycloak 26.7.3 with v2) and reload-keys", async () => {
    const notEnabled = {
      error: "Feature not enabled",
      error_description: "For more on this error consult the server log.",
    };
    const read = await api(`${BASE}/instances/corp/management/permissions`);
    assert.equal(read.status, 501);
    assert.deepEqual(await read.json(), notEnabled);
    const write = await api(`${BASE}/instances/corp/management/permissions`, {
      method: "PUT",
      body: { enabled: true },
    });
    assert.equal(write.status, 501);
    assert.deepEqual(await write.json(), notEnabled);
    assert.equal(await json(await api(`${BASE}/instances/corp/reload-keys`)), false);
  });

  it("deletes with 204, removing its mappers and users' links, and records admin events", async () => {
    await api(`${BASE}/instances/github/mappers`, {
      method: "POST",
      body: { name: "m", identityProviderMapper: "hardcoded-attribute-idp-mapper", config: {} },
    });
    const userId = await createUser(api, REALM, "linked");
    await api(`/admin/realms/${REALM}/users/${userId}/federated-identity/github`, {
      method: "POST",
      body: { identityProvider: "github", userId: "gh-1", userName: "gh" },
    });
    assert.equal((await api(`${BASE}/instances/github`, { method: "DELETE" })).status, 204);
    assert.equal((await api(`${BASE}/instances/github`)).status, 404);
    assert.equal((await api(`${BASE}/instances/github/mappers`)).status, 404);
    const links = await api(`/admin/realms/${REALM}/users/${userId}/federated-identity`);
    if (links.ok) assert.deepEqual(await links.json(), []);
    const events = await json<Json[]>(await api(`/admin/realms/${REALM}/admin-events?resourceTypes=IDENTITY_PROVIDER`));
    assert.deepEqual(events.map((e) => e.operationType).slice(0, 1), ["DELETE"]);
    assert.equal(events[0].resourcePath, "identity-provider/instances/github");
  });
});
