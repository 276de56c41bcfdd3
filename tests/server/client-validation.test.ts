import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { TestServer } from "../support/server.ts";
import { type Api, createClient, createClientScope, startAdminServer } from "../support/admin-api.ts";

const R = "/admin/realms/master";

describe("client and protocol mapper validation as Keycloak answers it", () => {
  let server: TestServer;
  let api: Api;

  before(async () => {
    ({ server, api } = await startAdminServer());
  });
  after(async () => server?.dispose());

  const invalidInput = (description: string) => ({ error: "invalid_input", error_description: description });

  async function createAnswer(rep: Record<string, unknown>): Promise<{ status: number; body: unknown }> {
    const res = await api(`${R}/clients`, { method: "POST", body: rep });
    return { status: res.status, body: res.status === 201 ? undefined : await res.json() };
  }

  it("refuses script schemes, fragments and non-URLs in a new client's URLs and stores nothing", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ redirectUris: ["javascript:alert(1)"] }, "A redirect URI uses an illegal scheme"],
      [{ redirectUris: ["data:text/html,hi"] }, "A redirect URI uses an illegal scheme"],
      [{ redirectUris: ["https://app.example/cb#frag"] }, "A redirect URI must not contain an URL fragment"],
      [{ redirectUris: ["https://app example/cb"] }, "A redirect URI is not a valid URI"],
      [{ rootUrl: "javascript:alert(1)" }, "Root URL uses an illegal scheme"],
      [{ rootUrl: "https://app.example/#x" }, "Root URL must not contain an URL fragment"],
      [{ rootUrl: "app.example" }, "Root URL is not a valid URL"],
      [{ baseUrl: "JavaScript:alert(1)" }, "Base URL uses an illegal scheme"],
      [{ baseUrl: "gopher://x" }, "Base URL is not a valid URL"],
      [{ attributes: { "backchannel.logout.url": "javascript:x" } }, "Backchannel logout URL uses an illegal scheme"],
      [{ attributes: { logoUri: "javascript:x" } }, "Logo URL uses an illegal scheme"],
      [{ attributes: { policyUri: "nope" } }, "Policy URL is not a valid URL"],
      [{ attributes: { tosUri: "data:x" } }, "Terms of service URL uses an illegal scheme"],
    ];
    for (const [index, [rep, message]] of cases.entries()) {
      const clientId = `bad-url-${index}`;
      assert.deepEqual(await createAnswer({ clientId, ...rep }), { status: 400, body: invalidInput(message) }, message);
      const found = (await (await api(`${R}/clients?clientId=${clientId}`)).json()) as unknown[];
      assert.equal(found.length, 0, `${message}: nothing stored`);
    }
  });

  it("names every bad URL of a client at once, in Keycloak 26.7.3's order", async () => {
    const answer = await createAnswer({
      clientId: "bad-url-all",
      redirectUris: ["https://app.example/cb#frag"],
      baseUrl: "javascript:x",
      attributes: {
        logoUri: "javascript:x",
        "backchannel.logout.url": "logout",
        policyUri: "nope",
        tosUri: "data:x",
        "frontchannel.logout.url": "logout",
      },
    });
    const expected = [
      "Logo URL uses an illegal scheme",
      "Backchannel logout URL is not a valid URL",
      "A redirect URI must not contain an URL fragment",
      "Policy URL is not a valid URL",
      "Terms of service URL uses an illegal scheme",
      "Base URL uses an illegal scheme",
      "Front-channel logout URL is not a valid URL",
    ].join("; ");
    assert.deepEqual(answer, { status: 400, body: invalidInput(expected) });
  });

  it("checks logout URLs as Keycloak 26.7.3: a path against the root URL, ${authBaseUrl} not expanded, the front-channel one too", async () => {
    const refused: [Record<string, string>, string][] = [
      [{ "backchannel.logout.url": "${authBaseUrl}/logout" }, "Backchannel logout URL is not a valid URL"],
      [{ "backchannel.logout.url": "${authAdminUrl}/logout" }, "Backchannel logout URL is not a valid URL"],
      [{ "backchannel.logout.url": "logout" }, "Backchannel logout URL is not a valid URL"],
      [{ "frontchannel.logout.url": "logout" }, "Front-channel logout URL is not a valid URL"],
      [{ "frontchannel.logout.url": "${authBaseUrl}/logout" }, "Front-channel logout URL is not a valid URL"],
      [{ "frontchannel.logout.url": "javascript:x" }, "Front-channel logout URL uses an illegal scheme"],
      [{ "frontchannel.logout.url": "myapp://logout" }, "Front-channel logout URL is not a valid URL"],
    ];
    for (const [index, [attributes, message]] of refused.entries())
      assert.deepEqual(
        await createAnswer({ clientId: `bad-logout-url-${index}`, attributes }),
        { status: 400, body: invalidInput(message) },
        JSON.stringify(attributes),
      );
    const accepted: Record<string, unknown>[] = [
      { attributes: { "backchannel.logout.url": "/logout", "frontchannel.logout.url": "/fc" } },
      { rootUrl: "https://app.example/base", attributes: { "backchannel.logout.url": "/logout" } },
      { rootUrl: "${authBaseUrl}", attributes: { "frontchannel.logout.url": "/fc" } },
      { attributes: { "frontchannel.logout.url": "https://app.example/fc#f", "backchannel.logout.url": "ftp://x/y" } },
    ];
    for (const [index, rep] of accepted.entries()) {
      const answer = await createAnswer({ clientId: `good-logout-url-${index}`, ...rep });
      assert.equal(answer.status, 201, JSON.stringify(answer.body));
    }
  });

  it("accepts relative, wildcard and custom-scheme redirect URIs and an admin URL Keycloak does not check", async () => {
    const answer = await createAnswer({
      clientId: "good-urls",
      rootUrl: "${authBaseUrl}",
      baseUrl: "/app/",
      adminUrl: "not checked",
      redirectUris: ["/app/*", "https://app.example/*", "com.example.app:/callback", "*"],
    });
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
  });

  it("refuses the same URLs on update and keeps the stored client", async () => {
    const id = await createClient(api, "master", { clientId: "update-urls", redirectUris: ["https://ok.example/*"] });
    const res = await api(`${R}/clients/${id}`, {
      method: "PUT",
      body: { clientId: "update-urls", redirectUris: ["javascript:alert(1)"] },
    });
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), invalidInput("A redirect URI uses an illegal scheme"));
    const stored = await (await api(`${R}/clients/${id}`)).json();
    assert.deepEqual(stored.redirectUris, ["https://ok.example/*"]);
  });

  it("answers a duplicate clientId with 409 'Client {clientId} already exists'", async () => {
    await createClient(api, "master", { clientId: "twice" });
    assert.deepEqual(await createAnswer({ clientId: "twice" }), {
      status: 409,
      body: { errorMessage: "Client twice already exists" },
    });
  });

  describe("protocol mappers", () => {
    it("answers an unknown or missing mapper type with 404 'ProtocolMapper provider not found'", async () => {
      const scope = await createClientScope(api, "master", { name: "validated-scope" });
      const client = await createClient(api, "master", { clientId: "mapper-host" });
      for (const base of [`${R}/client-scopes/${scope}`, `${R}/clients/${client}`]) {
        for (const body of [
          { name: "x", protocol: "openid-connect", protocolMapper: "oidc-no-such-mapper", config: {} },
          { name: "x", protocol: "openid-connect", config: {} },
        ]) {
          const res = await api(`${base}/protocol-mappers/models`, { method: "POST", body });
          assert.equal(res.status, 404, base);
          assert.equal((await res.json()).error, "ProtocolMapper provider not found");
        }
        const bulk = await api(`${base}/protocol-mappers/add-models`, {
          method: "POST",
          body: [{ name: "y", protocol: "openid-connect", protocolMapper: "nope", config: {} }],
        });
        assert.equal(bulk.status, 404);
        assert.deepEqual(await (await api(`${base}/protocol-mappers/models`)).json(), []);
      }
    });

    it("checks the pairwise subject mapper against the client's redirect URIs", async () => {
      const pairwise = (config: Record<string, string>) => ({
        name: "pairwise",
        protocol: "openid-connect",
        protocolMapper: "oidc-sha256-pairwise-sub-mapper",
        config,
      });
      const twoHosts = await createClient(api, "master", {
        clientId: "two-hosts",
        redirectUris: ["https://a.example/*", "https://b.example/*"],
      });
      const res = await api(`${R}/clients/${twoHosts}/protocol-mappers/models`, { method: "POST", body: pairwise({}) });
      assert.equal(res.status, 400);
      const message =
        "Without a configured Sector Identifier URI, client redirect URIs must not contain multiple host components.";
      assert.deepEqual(await res.json(), { error: message, error_description: message });

      const noRedirects = await createClient(api, "master", { clientId: "no-redirects" });
      const none = await api(`${R}/clients/${noRedirects}/protocol-mappers/models`, {
        method: "POST",
        body: pairwise({}),
      });
      assert.equal(none.status, 400);
      assert.equal((await none.json()).error, "Client redirect URIs must contain a valid host component.");

      // A sector identifier URI: the server fetches the document (answers as Keycloak 26.7.3 gave them).
      const documents: Record<string, string> = {
        "/one-host.json": JSON.stringify(["https://a.example/*"]),
        "/both-hosts.json": JSON.stringify(["https://a.example/*", "https://b.example/"]),
        "/object.json": JSON.stringify({ redirect_uris: ["https://a.example/*"] }),
        "/not-json.json": "a,b",
      };
      const sectorHost = createServer((req, res) => {
        const document = documents[req.url ?? ""];
        res.writeHead(document ? 200 : 404, { "content-type": "application/json" });
        res.end(document ?? "{}");
      });
      await new Promise<void>((resolve) => sectorHost.listen(0, "127.0.0.1", resolve));
      const sectorBase = `http://127.0.0.1:${(sectorHost.address() as AddressInfo).port}`;
      const withSector = (uri: string) =>
        api(`${R}/clients/${twoHosts}/protocol-mappers/models`, {
          method: "POST",
          body: pairwise({ sectorIdentifierUri: uri }),
        });
      try {
        const malformed = await withSector("no-scheme");
        assert.equal(malformed.status, 400);
        assert.deepEqual(await malformed.json(), {
          error: "Invalid Sector Identifier URI.",
          error_description: "Malformed Sector Identifier URI.",
        });
        const failed = "Failed to get redirect URIs from the Sector Identifier URI.";
        for (const path of ["/missing.json", "/object.json", "/not-json.json"]) {
          const refused = await withSector(sectorBase + path);
          assert.equal(refused.status, 400, path);
          assert.deepEqual(await refused.json(), { error: failed, error_description: failed }, path);
        }
        const mismatch = await withSector(`${sectorBase}/one-host.json`);
        assert.equal(mismatch.status, 400);
        assert.equal(
          (await mismatch.json()).error,
          "Client redirect URIs does not match redirect URIs fetched from the Sector Identifier URI.",
        );
        assert.deepEqual(await (await api(`${R}/clients/${twoHosts}/protocol-mappers/models`)).json(), []);
        // "https://b.example/" covers the client's "https://b.example/*"? No: only a listed "*" is a wildcard.
        assert.equal((await withSector(`${sectorBase}/both-hosts.json`)).status, 400);
        documents["/both-hosts.json"] = JSON.stringify(["https://a.example/*", "https://b.example/*"]);
        assert.equal((await withSector(`${sectorBase}/both-hosts.json`)).status, 201);
      } finally {
        await new Promise((resolve) => sectorHost.close(resolve));
      }

      const oneHost = await createClient(api, "master", {
        clientId: "one-host",
        redirectUris: ["https://a.example/one", "https://a.example/two"],
      });
      const ok = await api(`${R}/clients/${oneHost}/protocol-mappers/models`, { method: "POST", body: pairwise({}) });
      assert.equal(ok.status, 201);
    });

    it("validates an updated mapper the same way", async () => {
      const client = await createClient(api, "master", { clientId: "mapper-update" });
      const created = await api(`${R}/clients/${client}/protocol-mappers/models`, {
        method: "POST",
        body: { name: "claim", protocol: "openid-connect", protocolMapper: "oidc-hardcoded-claim-mapper", config: {} },
      });
      const mapperId = created.headers.get("location")!.split("/").pop()!;
      const res = await api(`${R}/clients/${client}/protocol-mappers/models/${mapperId}`, {
        method: "PUT",
        body: { id: mapperId, name: "claim", protocol: "openid-connect", protocolMapper: "gone-mapper", config: {} },
      });
      assert.equal(res.status, 404);
      const stored = await (await api(`${R}/clients/${client}/protocol-mappers/models/${mapperId}`)).json();
      assert.equal(stored.protocolMapper, "oidc-hardcoded-claim-mapper");
    });
  });
});
