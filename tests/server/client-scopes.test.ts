import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { TestServer } from "../support/server.ts";
import {
  type Api,
  createClient,
  createClientScope,
  idFromLocation,
  masterAdmin,
  startAdminServer,
} from "../support/admin-api.ts";

const R = "/admin/realms/master";

describe("client scopes admin API", () => {
  let server: TestServer;
  let api: Api;

  before(async () => {
    ({ server, api } = await startAdminServer());
  });
  after(async () => server?.dispose());

  it("lists the realm's built-in scopes", async () => {
    const scopes = (await (await api(`${R}/client-scopes`)).json()) as { name: string; protocol: string }[];
    for (const name of ["profile", "email", "roles", "web-origins", "offline_access", "role_list"]) {
      assert.ok(
        scopes.some((s) => s.name === name),
        name,
      );
    }
    assert.equal(scopes.find((s) => s.name === "role_list")!.protocol, "saml");
  });

  it("has Keycloak 26.7's AuthnContextClassRef SAML scope, a realm default that new SAML clients get", async () => {
    const scopes = (await (await api(`${R}/client-scopes`)).json()) as Record<string, unknown>[];
    const { id, ...scope } = scopes.find((s) => s.name === "AuthnContextClassRef") ?? {};
    assert.ok(id, "the scope is listed");
    const [mapper] = (scope.protocolMappers ?? []) as { id?: string }[];
    assert.deepEqual(
      { ...scope, protocolMappers: [{ ...mapper, id: undefined }] },
      {
        name: "AuthnContextClassRef",
        description: "AuthnContextClassRef Level of Authentiation",
        protocol: "saml",
        attributes: {},
        protocolMappers: [
          {
            id: undefined,
            name: "AuthnContextClassRef",
            protocol: "saml",
            protocolMapper: "saml-authn-context-class-ref-mapper",
            consentRequired: false,
            config: {},
          },
        ],
      },
      "as Keycloak 26.7.3 creates it",
    );
    const defaults = (await (await api(`${R}/default-default-client-scopes`)).json()) as { name: string }[];
    assert.ok(
      defaults.some((s) => s.name === "AuthnContextClassRef"),
      "a realm default scope",
    );
    const samlId = await createClient(api, "master", { clientId: "urn:authn-context-sp", protocol: "saml" });
    const saml = (await (await api(`${R}/clients/${samlId}`)).json()) as { defaultClientScopes: string[] };
    assert.deepEqual(
      [...saml.defaultClientScopes].sort(),
      ["AuthnContextClassRef", "role_list", "saml_organization"],
      "a new SAML client's default scopes",
    );
    const oidcId = await createClient(api, "master", { clientId: "authn-context-oidc" });
    const oidc = (await (await api(`${R}/clients/${oidcId}`)).json()) as { defaultClientScopes: string[] };
    assert.ok(!oidc.defaultClientScopes.includes("AuthnContextClassRef"), "not given to OIDC clients");
  });

  it("creates a scope with 201 + Location and OIDC defaults", async () => {
    const res = await api(`${R}/client-scopes`, {
      method: "POST",
      body: {
        name: "orders",
        description: "Order access",
        protocol: "openid-connect",
        attributes: { "display.on.consent.screen": "true" },
      },
    });
    assert.equal(res.status, 201);
    const id = idFromLocation(res);
    assert.equal(res.headers.get("location"), `${server.baseUrl}/admin/realms/master/client-scopes/${id}`);
    const scope = await (await api(`${R}/client-scopes/${id}`)).json();
    assert.equal(scope.id, id);
    assert.equal(scope.name, "orders");
    assert.equal(scope.description, "Order access");
    assert.equal(scope.protocol, "openid-connect");
    assert.equal(scope.attributes["display.on.consent.screen"], "true");
    assert.equal(scope.attributes["include.in.token.scope"], undefined, "Keycloak 26.7 adds no include.in.token.scope");
    assert.equal(scope.protocolMappers, undefined);
  });

  it("rejects duplicates, bad names and unknown protocols", async () => {
    await createClientScope(api, "master", { name: "unique-scope" });
    const dup = await api(`${R}/client-scopes`, {
      method: "POST",
      body: { name: "unique-scope", protocol: "openid-connect" },
    });
    assert.equal(dup.status, 409);
    assert.deepEqual(await dup.json(), { errorMessage: "Client Scope unique-scope already exists" });
    const spaced = await api(`${R}/client-scopes`, {
      method: "POST",
      body: { name: "has space", protocol: "openid-connect" },
    });
    assert.equal(spaced.status, 400);
    assert.equal((await spaced.json()).errorMessage, 'Unexpected name "has space" for ClientScope');
    const noProtocol = await api(`${R}/client-scopes`, { method: "POST", body: { name: "no-protocol" } });
    assert.equal(noProtocol.status, 400);
    assert.equal((await noProtocol.json()).errorMessage, "Unexpected protocol");
    assert.equal((await api(`${R}/client-scopes/unknown-id`)).status, 404);
  });

  it("updates a scope and refuses a name in use", async () => {
    const id = await createClientScope(api, "master", { name: "before-name", attributes: { keep: "yes" } });
    await createClientScope(api, "master", { name: "other-name" });
    const res = await api(`${R}/client-scopes/${id}`, {
      method: "PUT",
      body: { name: "after-name", description: "changed", attributes: { extra: "1" } },
    });
    assert.equal(res.status, 204);
    const scope = await (await api(`${R}/client-scopes/${id}`)).json();
    assert.equal(scope.name, "after-name");
    assert.equal(scope.description, "changed");
    assert.equal(scope.attributes.keep, "yes");
    assert.equal(scope.attributes.extra, "1");
    const clash = await api(`${R}/client-scopes/${id}`, { method: "PUT", body: { name: "other-name" } });
    assert.equal(clash.status, 409);
  });

  it("deletes a scope in use and unlinks it from clients and realm defaults", async () => {
    const id = await createClientScope(api, "master", { name: "in-use" });
    assert.equal((await api(`${R}/default-default-client-scopes/${id}`, { method: "PUT" })).status, 204);
    const clientId = await createClient(api, "master", { clientId: "uses-scope" });
    assert.ok((await (await api(`${R}/clients/${clientId}`)).json()).defaultClientScopes.includes("in-use"));
    assert.equal((await api(`${R}/client-scopes/${id}`, { method: "DELETE" })).status, 204);
    assert.equal((await api(`${R}/client-scopes/${id}`)).status, 404);
    assert.ok(!(await (await api(`${R}/clients/${clientId}`)).json()).defaultClientScopes.includes("in-use"));
    const defaults = (await (await api(`${R}/default-default-client-scopes`)).json()) as { id: string }[];
    assert.ok(!defaults.some((s) => s.id === id));
  });

  it("manages realm default and optional client scopes", async () => {
    const defaults = (await (await api(`${R}/default-default-client-scopes`)).json()) as { id: string; name: string }[];
    assert.ok(defaults.some((s) => s.name === "profile"));
    assert.deepEqual(Object.keys(defaults[0]).sort(), ["id", "name"]);
    const optional = (await (await api(`${R}/default-optional-client-scopes`)).json()) as { name: string }[];
    assert.ok(optional.some((s) => s.name === "offline_access"));

    const id = await createClientScope(api, "master", { name: "realm-wide" });
    assert.equal((await api(`${R}/default-optional-client-scopes/${id}`, { method: "PUT" })).status, 204);
    assert.ok(
      ((await (await api(`${R}/default-optional-client-scopes`)).json()) as { id: string }[]).some((s) => s.id === id),
    );
    const clientId = await createClient(api, "master", { clientId: "gets-optional" });
    assert.ok((await (await api(`${R}/clients/${clientId}`)).json()).optionalClientScopes.includes("realm-wide"));

    assert.equal((await api(`${R}/default-default-client-scopes/${id}`, { method: "PUT" })).status, 204);
    assert.ok(
      ((await (await api(`${R}/default-default-client-scopes`)).json()) as { id: string }[]).some((s) => s.id === id),
    );
    assert.ok(
      !((await (await api(`${R}/default-optional-client-scopes`)).json()) as { id: string }[]).some((s) => s.id === id),
    );

    assert.equal((await api(`${R}/default-default-client-scopes/${id}`, { method: "DELETE" })).status, 204);
    assert.ok(
      !((await (await api(`${R}/default-default-client-scopes`)).json()) as { id: string }[]).some((s) => s.id === id),
    );
    assert.equal((await api(`${R}/default-default-client-scopes/missing`, { method: "PUT" })).status, 404);
  });

  it("manages protocol mappers of a scope", async () => {
    const id = await createClientScope(api, "master", { name: "mapped-scope" });
    const base = `${R}/client-scopes/${id}/protocol-mappers`;
    const res = await api(`${base}/models`, {
      method: "POST",
      body: {
        name: "tenant",
        protocolMapper: "oidc-hardcoded-claim-mapper",
        config: { "claim.name": "tenant", "claim.value": "acme" },
      },
    });
    assert.equal(res.status, 201);
    const mapperId = idFromLocation(res);
    const mapper = await (await api(`${base}/models/${mapperId}`)).json();
    assert.equal(mapper.protocol, "openid-connect");
    assert.equal(mapper.config["claim.value"], "acme");
    assert.equal((await (await api(`${R}/client-scopes/${id}`)).json()).protocolMappers.length, 1);
    assert.equal(
      (
        await api(`${base}/models`, {
          method: "POST",
          body: { name: "tenant", protocolMapper: "oidc-hardcoded-claim-mapper" },
        })
      ).status,
      409,
    );
    assert.equal((await api(`${base}/models/${mapperId}`, { method: "DELETE" })).status, 204);
    assert.deepEqual(await (await api(`${base}/models`)).json(), []);
  });

  it("manages scope mappings of a scope", async () => {
    const id = await createClientScope(api, "master", { name: "role-scope" });
    assert.equal((await api(`${R}/roles`, { method: "POST", body: { name: "scope-mapped" } })).status, 201);
    const role = await (await api(`${R}/roles/scope-mapped`)).json();
    const base = `${R}/client-scopes/${id}/scope-mappings`;
    assert.deepEqual(await (await api(base)).json(), {});
    assert.equal((await api(`${base}/realm`, { method: "POST", body: [role] })).status, 204);
    assert.deepEqual(
      ((await (await api(`${base}/realm`)).json()) as { name: string }[]).map((r) => r.name),
      ["scope-mapped"],
    );
    assert.ok(
      !((await (await api(`${base}/realm/available`)).json()) as { name: string }[]).some(
        (r) => r.name === "scope-mapped",
      ),
    );
    assert.equal((await api(`${base}/realm`, { method: "DELETE" })).status, 204);
    assert.deepEqual(await (await api(`${base}/realm`)).json(), []);
  });

  it("keeps scopes and realm defaults across a restart", async () => {
    const id = await createClientScope(api, "master", { name: "durable-scope" });
    await api(`${R}/default-optional-client-scopes/${id}`, { method: "PUT" });
    const before = await (await api(`${R}/client-scopes/${id}`)).json();
    await server.stop();
    await server.restart();
    api = masterAdmin(server);
    assert.deepEqual(await (await api(`${R}/client-scopes/${id}`)).json(), before);
    assert.ok(
      ((await (await api(`${R}/default-optional-client-scopes`)).json()) as { id: string }[]).some((s) => s.id === id),
    );
  });
});
