import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { adminToken, type TestServer } from "../../support/server.ts";
import { type Api, createRealm, completeProfile, createUser, json, startAdminServer } from "../../support/admin-api.ts";

/** Keycloak 26's AdminRoot.getServerInfo: 403 unless RealmsPermissionEvaluator.isAdmin() (any admin role somewhere). */
describe("GET /admin/serverinfo answers only administrators", () => {
  let server: TestServer;
  let api: Api;

  before(async () => {
    ({ server, api } = await startAdminServer());
    await createRealm(api, "shop");
  });
  after(() => server.dispose());

  /** A user with a password and the given client roles of `client` (realm-management, or master's shop-realm). */
  async function userWith(realm: string, username: string, roles: { realm?: string[]; client?: [string, string[]] }) {
    const id = await createUser(api, realm, username, {
      ...completeProfile(username),
      credentials: [{ type: "password", value: "secret-pass", temporary: false }],
    });
    if (roles.realm?.length) {
      const reps = await Promise.all(
        roles.realm.map(async (name) => json(await api(`/admin/realms/${realm}/roles/${name}`))),
      );
      await api(`/admin/realms/${realm}/users/${id}/role-mappings/realm`, { method: "POST", body: reps });
    }
    if (roles.client) {
      const [clientId, names] = roles.client;
      const [client] = await json(await api(`/admin/realms/${realm}/clients?clientId=${clientId}`));
      const reps = await Promise.all(
        names.map(async (name) => json(await api(`/admin/realms/${realm}/clients/${client.id}/roles/${name}`))),
      );
      const res = await api(`/admin/realms/${realm}/users/${id}/role-mappings/clients/${client.id}`, {
        method: "POST",
        body: reps,
      });
      assert.equal(res.status, 204);
    }
    return adminToken(server.baseUrl, realm, username, "secret-pass");
  }

  const serverInfo = (token: string) =>
    fetch(`${server.baseUrl}/admin/serverinfo`, { headers: { authorization: `Bearer ${token}` } });

  test("a signed-in user without any admin role gets 403, in the realm and in master", async () => {
    for (const [realm, roles] of [
      ["shop", {}],
      ["shop", { client: ["realm-management", ["impersonation"]] }],
      ["master", {}],
      ["master", { realm: ["offline_access"] }],
    ] as const) {
      const token = await userWith(realm, `nobody-${realm}-${Object.keys(roles).length}`, roles as never);
      const res = await serverInfo(token);
      assert.equal(res.status, 403, `${realm} ${JSON.stringify(roles)}`);
      assert.deepEqual(await res.json(), { error: "HTTP 403 Forbidden" });
    }
  });

  test("any admin role, in the realm or for any realm from master, still reads it", async () => {
    for (const [realm, roles] of [
      ["shop", { client: ["realm-management", ["query-groups"]] }],
      ["shop", { client: ["realm-management", ["view-events"]] }],
      ["master", { realm: ["create-realm"] }],
      ["master", { client: ["shop-realm", ["view-users"]] }],
    ] as const) {
      const username = `admin-${realm}-${JSON.stringify(roles).replace(/\W/g, "")}`;
      const res = await serverInfo(await userWith(realm, username, roles as never));
      assert.equal(res.status, 200, `${realm} ${JSON.stringify(roles)}`);
      const info = await res.json();
      assert.equal(info.systemInfo, undefined, "system details are for realm managers only");
      assert.ok(info.features.length && info.componentTypes);
    }
    assert.equal((await api("/admin/serverinfo")).status, 200, "master's admin");
  });
});
