import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { adminFetch, adminToken, startTestServer, type TestServer } from "../support/server.ts";
import {
  type Api,
  createClient,
  createRealm,
  completeProfile,
  createUser,
  json,
  masterAdmin,
} from "../support/admin-api.ts";

const REALM = "perms";
const R = `/admin/realms/${REALM}`;
const SCOPES = [
  "view",
  "manage",
  "configure",
  "map-roles",
  "map-roles-client-scope",
  "map-roles-composite",
  "token-exchange",
];

/** A user of realm `perms` holding the given realm-management roles, signed in through admin-cli. */
async function adminWith(api: Api, server: TestServer, username: string, roles: string[]): Promise<Api> {
  const userId = await createUser(api, REALM, username, {
    ...completeProfile(username),
    credentials: [{ type: "password", value: username, temporary: false }],
  });
  const [management] = await json(await api(`${R}/clients?clientId=realm-management`));
  const all: { name: string }[] = await json(await api(`${R}/clients/${management.id}/roles`));
  const body = all.filter((role) => roles.includes(role.name));
  const res = await api(`${R}/users/${userId}/role-mappings/clients/${management.id}`, { method: "POST", body });
  assert.equal(res.status, 204);
  const token = await adminToken(server.baseUrl, REALM, username, username);
  return (path, init) => adminFetch(server.baseUrl, token)(path, init);
}

describe("client management permissions with admin-fine-grained-authz:v1", () => {
  let server: TestServer;
  let api: Api;

  before(async () => {
    server = await startTestServer({ args: ["--seed-demo", "false", "--features", "admin-fine-grained-authz:v1"] });
    api = masterAdmin(server);
    await createRealm(api, REALM);
  });
  after(async () => server?.dispose());

  it("reports v1 on and v2 off in server info", async () => {
    const info = await json(await api("/admin/serverinfo"));
    const enabled = (name: string) => info.features.find((f: { name: string }) => f.name === name).enabled;
    assert.equal(enabled("ADMIN_FINE_GRAINED_AUTHZ"), true);
    assert.equal(enabled("ADMIN_FINE_GRAINED_AUTHZ_V2"), false);
    assert.ok(!info.profileInfo.disabledFeatures.includes("ADMIN_FINE_GRAINED_AUTHZ"));
  });

  it("switches an identity provider's permissions on and off (v1 only)", async () => {
    const created = await api(`${R}/identity-provider/instances`, {
      method: "POST",
      body: {
        alias: "corp",
        providerId: "oidc",
        config: {
          clientId: "c",
          clientSecret: "s",
          tokenUrl: "https://idp.example/t",
          authorizationUrl: "https://idp.example/a",
        },
      },
    });
    assert.equal(created.status, 201, await created.text());
    const path = `${R}/identity-provider/instances/corp/management/permissions`;
    assert.deepEqual(await json(await api(path)), { enabled: false });
    assert.equal((await json(await api(path, { method: "PUT", body: { enabled: true } }))).enabled, true);
    assert.deepEqual(await json(await api(path)), { enabled: true });
  });

  it("enables with a resource and one permission per scope, keeps them across a restart, and disables", async () => {
    const id = await createClient(api, REALM, { clientId: "billing" });
    const path = `${R}/clients/${id}/management/permissions`;
    assert.deepEqual(await json(await api(path)), { enabled: false });

    const enabled = await json(await api(path, { method: "PUT", body: { enabled: true } }));
    assert.equal(enabled.enabled, true);
    assert.match(enabled.resource, /^[0-9a-f-]{36}$/);
    assert.deepEqual(Object.keys(enabled.scopePermissions), SCOPES);
    const ids = new Set([enabled.resource, ...Object.values(enabled.scopePermissions)]);
    assert.equal(ids.size, SCOPES.length + 1, "every id differs");

    assert.deepEqual(await json(await api(path, { method: "PUT", body: { enabled: true } })), enabled, "stable ids");
    await server.restart();
    assert.deepEqual(await json(await api(path)), enabled, "kept across a restart");

    const client = await json(await api(`${R}/clients/${id}`));
    assert.equal("managementPermissions" in client, false, "not part of the client representation");
    const [management] = await json(await api(`${R}/clients?clientId=realm-management`));
    assert.equal(management.authorizationServicesEnabled, true, "realm-management became a resource server");

    assert.deepEqual(await json(await api(path, { method: "PUT", body: { enabled: false } })), { enabled: false });
    assert.deepEqual(await json(await api(path)), { enabled: false });
    const again = await json(await api(path, { method: "PUT", body: { enabled: true } }));
    assert.notEqual(again.resource, enabled.resource, "disabling removed the old permissions");
  });

  it("needs view-clients to read and manage-clients to change; checks the body", async () => {
    const id = await createClient(api, REALM, { clientId: "viewed" });
    const path = `${R}/clients/${id}/management/permissions`;
    const viewer = await adminWith(api, server, "viewer", ["view-clients"]);
    assert.deepEqual(await json(await viewer(path)), { enabled: false });
    assert.equal((await viewer(path, { method: "PUT", body: { enabled: true } })).status, 403);
    const manager = await adminWith(api, server, "manager", ["manage-clients"]);
    assert.equal((await json(await manager(path, { method: "PUT", body: { enabled: true } }))).enabled, true);

    const bad = await api(path, { method: "PUT", body: { enabled: "maybe" } });
    assert.equal(bad.status, 400);
    assert.equal((await api(`${R}/clients/no-such-client/management/permissions`)).status, 404);
  });
});
