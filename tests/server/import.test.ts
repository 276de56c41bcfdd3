import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { adminFetch, adminToken, startTestServer, type TestServer } from "../support/server.ts";

// Response bodies are Keycloak representations read field by field in assertions.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

const fixtures = resolve(import.meta.dirname, "../../../shared/fixtures/keycloak");
const fullExport = resolve(fixtures, "realm-export-26.6.0.json");
const partialExport = resolve(fixtures, "realm-partial-export-kc26.4.5-development.json");
const testRealm = resolve(fixtures, "testsuite-testrealm.json");
const quickstart = resolve(fixtures, "quickstarts-js-spa-realm-import.json");
const fixture = (path: string) => JSON.parse(readFileSync(path, "utf8"));

let server: TestServer;
let api: ReturnType<typeof adminFetch>;

async function json<T = Json>(res: Response, status = 200): Promise<T> {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return JSON.parse(text) as T;
}

before(async () => {
  server = await startTestServer({
    args: ["--import", fullExport, "--import", partialExport, "--import", testRealm, "--import", quickstart],
  });
  api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
});

after(async () => {
  await server?.dispose();
});

describe("--import of Keycloak exports", () => {
  test("every realm of the files exists; master was kept, not replaced", async () => {
    const names = (await json<Json[]>(await api("/admin/realms"))).map((r) => r.realm).sort();
    assert.deepEqual(names, ["Migration", "Migration2", "demo", "development", "master", "quickstart", "test"].sort());
    const masterClients = (await json<Json[]>(await api("/admin/realms/master/clients"))).map((c) => c.clientId);
    for (const id of ["master-realm", "Migration-realm", "Migration2-realm", "development-realm", "demo-realm"])
      assert.ok(masterClients.includes(id), id);
    assert.ok(!masterClients.includes("master-test-client"));
  });

  for (const [file, index] of [
    [fullExport, 0],
    [fullExport, 1],
    [partialExport, -1],
  ] as const) {
    const rep = index >= 0 ? fixture(file)[index] : fixture(file);
    test(`${rep.realm}: clients, realm roles, client roles and flows are listed`, async () => {
      const realm = encodeURIComponent(rep.realm);
      const clients = await json<Json[]>(await api(`/admin/realms/${realm}/clients`));
      assert.deepEqual(clients.map((c) => c.clientId).sort(), rep.clients.map((c: Json) => c.clientId).sort());
      const imported = clients.find((c) => c.clientId === "realm-management")!;
      assert.equal(imported.id, rep.clients.find((c: Json) => c.clientId === "realm-management").id);

      const roles = await json<Json[]>(await api(`/admin/realms/${realm}/roles`));
      assert.deepEqual(roles.map((r) => r.name).sort(), rep.roles.realm.map((r: Json) => r.name).sort());
      const managementRoles = await json<Json[]>(await api(`/admin/realms/${realm}/clients/${imported.id}/roles`));
      assert.deepEqual(
        managementRoles.map((r) => r.name).sort(),
        rep.roles.client["realm-management"].map((r: Json) => r.name).sort(),
      );

      const flows = await json<Json[]>(await api(`/admin/realms/${realm}/authentication/flows`));
      // Keycloak 26 leaves "saml ecp" out of the flow list
      const topLevel = rep.authenticationFlows
        .filter((f: Json) => f.topLevel && f.alias !== "saml ecp")
        .map((f: Json) => f.alias)
        .sort();
      assert.deepEqual(flows.map((f) => f.alias).sort(), topLevel);

      const exported = await json(await api(`/admin/realms/${realm}/partial-export`, { method: "POST" }));
      assert.equal(exported.authenticationFlows.length, rep.authenticationFlows.length);
      assert.deepEqual(
        exported.clientScopes.map((s: Json) => s.name).sort(),
        rep.clientScopes.map((s: Json) => s.name).sort(),
      );
      assert.deepEqual([...exported.defaultDefaultClientScopes].sort(), [...rep.defaultDefaultClientScopes].sort());
      // the partial export leaves organizations out, as Keycloak's does: they are listed by their own endpoint
      if (rep.organizations?.length)
        assert.equal(
          (await json(await api(`/admin/realms/${realm}/organizations?max=1000`))).length,
          rep.organizations.length,
        );
      assert.equal((exported.identityProviders ?? []).length, (rep.identityProviders ?? []).length);
    });
  }

  test("Migration: users keep their hashed passwords and can sign in", async () => {
    const token = await adminToken(server.baseUrl, "Migration", "offline-test-user", "password2", "admin-cli");
    assert.ok(token.length > 20);
  });

  test("plain-text import passwords are hashed and work; a realm admin sees only their realm", async () => {
    const token = await adminToken(server.baseUrl, "quickstart", "admin", "admin", "admin-cli");
    const list = await json<Json[]>(await adminFetch(server.baseUrl, token)("/admin/realms"));
    assert.deepEqual(
      list.map((r) => r.realm),
      ["quickstart"],
    );
    await adminToken(server.baseUrl, "test", "test-user@localhost", "password", "admin-cli");
  });

  test("test realm: nested groups and legacy default roles", async () => {
    const level2 = await json(await api("/admin/realms/test/group-by-path/topGroup/level2group"));
    assert.deepEqual(level2.realmRoles, ["admin"]);
    assert.deepEqual(level2.clientRoles, { "test-app": ["customer-user"] });
  });

  test("a restart keeps the imports and skips realms that exist", async () => {
    await server.stop();
    await server.restart();
    api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
    const names = (await json<Json[]>(await api("/admin/realms"))).map((r) => r.realm);
    assert.equal(names.length, 7);
    const clients = await json<Json[]>(await api("/admin/realms/Migration/clients"));
    assert.equal(clients.length, 10);
  });
});
