import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { adminFetch, adminToken, startTestServer, type TestServer } from "../support/server.ts";
import { completeProfile } from "../support/admin-api.ts";
import { consoleToken } from "./oidc-flow.ts";
import { accessNamesFromToken, canCreateRealmFromToken } from "../../src/core/access/token-access.ts";
import { decodeTokenClaims } from "../../src/core/auth/token-claims.ts";

/**
 * The elements read access from the token when who-am-I refuses a product team's client: the names
 * must be exactly who-am-I's, composites expanded the same way, for each kind of administrator.
 */
describe("access read from the token matches who-am-I", () => {
  let server: TestServer;
  let admin: ReturnType<typeof adminFetch>;

  before(async () => {
    server = await startTestServer();
    admin = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
    const created = await admin("/admin/realms/demo/users", {
      method: "POST",
      body: {
        username: "realm-boss",
        ...completeProfile("realm-boss"),
        enabled: true,
        credentials: [{ type: "password", value: "realm-boss", temporary: false }],
      },
    });
    assert.equal(created.status, 201, await created.text());
    const userId = created.headers.get("location")!.split("/").at(-1)!;
    const [management] = (await (await admin("/admin/realms/demo/clients?clientId=realm-management")).json()) as {
      id: string;
    }[];
    const realmAdmin = await (await admin(`/admin/realms/demo/clients/${management!.id}/roles/realm-admin`)).json();
    const mapped = await admin(`/admin/realms/demo/users/${userId}/role-mappings/clients/${management!.id}`, {
      method: "POST",
      body: [realmAdmin],
    });
    assert.equal(mapped.status, 204, await mapped.text());
    // Full access tokens, as a product team's client gives: Keycloak's security-admin-console gives lightweight ones.
    for (const realm of ["master", "demo"]) {
      const [client] = (await (
        await admin(`/admin/realms/${realm}/clients?clientId=security-admin-console`)
      ).json()) as { id: string; attributes: Record<string, string> }[];
      const attributes = { ...client!.attributes, "client.use.lightweight.access.token.enabled": "false" };
      const updated = await admin(`/admin/realms/${realm}/clients/${client!.id}`, {
        method: "PUT",
        body: { ...client, attributes },
      });
      assert.equal(updated.status, 204, await updated.text());
    }
  });

  after(async () => server?.dispose());

  async function compare(authRealm: string, username: string, password: string, currentRealm: string) {
    const token = await consoleToken(server.baseUrl, authRealm, username, password);
    const res = await adminFetch(
      server.baseUrl,
      token,
    )(`/admin/${authRealm}/console/whoami?currentRealm=${currentRealm}`);
    assert.equal(res.status, 200);
    const whoAmI = (await res.json()) as { createRealm: boolean; realm_access: Record<string, string[]> };
    const claims = decodeTokenClaims(token)!;
    const fromToken = accessNamesFromToken(claims, authRealm, currentRealm);
    assert.deepEqual([...fromToken].sort(), [...whoAmI.realm_access[currentRealm]!].sort());
    assert.equal(canCreateRealmFromToken(claims, authRealm), whoAmI.createRealm);
    return fromToken;
  }

  test("master's admin managing demo and master (realm role admin, every {realm}-realm client role)", async () => {
    const demo = await compare("master", "admin", "admin", "demo");
    for (const name of ["manage-users", "query-users", "view-realm", "admin"]) assert.ok(demo.includes(name), name);
    await compare("master", "admin", "admin", "master");
  });

  test("a realm's own realm-admin: the composite expanded into every manage-, view- and query- role", async () => {
    const names = await compare("demo", "realm-boss", "realm-boss", "demo");
    for (const name of ["realm-admin", "manage-users", "view-users", "query-users", "query-groups", "manage-realm"])
      assert.ok(names.includes(name), name);
  });

  test("helpdesk with only query-users, view-users and query-groups", async () => {
    assert.deepEqual((await compare("demo", "helpdesk", "helpdesk", "demo")).sort(), [
      "query-groups",
      "query-users",
      "view-users",
    ]);
  });
});
