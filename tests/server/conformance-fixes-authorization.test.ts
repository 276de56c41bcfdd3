import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type KcAdminClient from "@keycloak/keycloak-admin-client";
import type { TestServer } from "../support/server.ts";
import { createRealm, startAdminServer } from "../support/admin-api.ts";
import { keycloakAdminClient } from "../support/admin-client.ts";

/**
 * What the conformance sequences "authorization evaluate" and "admin permissions evaluate" found the embedded server
 * answering unlike Keycloak 26.7.3, checked through @keycloak/keycloak-admin-client as the console calls it.
 */
const REALM = "conformance-authorization";
const ADMIN_REALM = "conformance-admin-permissions";

interface Row {
  resource: { name: string };
  status: string;
  policies: { policy: { name: string }; status: string; scopes: string[] }[];
}
type Evaluation = { status: string; results: Row[]; rpt?: unknown };

describe("policy evaluation and permission creates as Keycloak answers them", () => {
  let server: TestServer;
  let kc: KcAdminClient;

  before(async () => {
    let api;
    ({ server, api } = await startAdminServer());
    await createRealm(api, REALM);
    await createRealm(api, ADMIN_REALM, { adminPermissionsEnabled: true });
    kc = await keycloakAdminClient(server.baseUrl, { realm: REALM });
  });
  after(async () => server?.dispose());

  const ask = (userId: string, resources: { name: string; scopes?: { name: string }[] }[] = [], extra = {}) =>
    ({ userId, roleIds: [], resources, entitlements: false, context: { attributes: {} }, ...extra }) as never;

  it("names each row after its scopes in name order and lists the resource's other scope permissions", async () => {
    const { id } = await kc.clients.create({
      clientId: "reports",
      publicClient: false,
      serviceAccountsEnabled: true,
      authorizationServicesEnabled: true,
    });
    const { id: userId } = await kc.users.create({ username: "reader", enabled: true });
    for (const name of ["write", "read", "audit"]) await kc.clients.createAuthorizationScope({ id }, { name });
    await kc.clients.createResource(
      { id },
      { name: "report", scopes: [{ name: "write" }, { name: "read" }, { name: "audit" }] },
    );
    const policy = (await kc.clients.createPolicy({ id, type: "user" }, {
      name: "reader only",
      users: [userId],
    } as never)) as {
      id: string;
    };
    const created = (await kc.clients.createPermission(
      { id, type: "scope" },
      { name: "read reports", resources: ["report"], scopes: ["read", "audit"], policies: [policy.id] },
    )) as { policies?: string[]; resources?: string[]; scopes?: string[] };
    const [resource] = await kc.clients.listResources({ id, name: "report" });
    const scopeIds = (await kc.clients.listAllScopes({ id }))
      .filter((scope) => scope.name !== "write")
      .map((scope) => scope.id)
      .sort();
    assert.deepEqual(created.policies, [policy.id], "Keycloak echoes the permission's policies as ids");
    assert.deepEqual(created.resources, [resource!._id]);
    assert.deepEqual([...(created.scopes ?? [])].sort(), scopeIds);

    const all = (await kc.clients.evaluateResource({ id }, ask(userId))) as unknown as Evaluation;
    assert.equal(all.results[0]!.resource.name, "report with scopes [audit, read]");
    const write = (await kc.clients.evaluateResource(
      { id },
      ask(userId, [{ name: "report", scopes: [{ name: "write" }] }]),
    )) as unknown as Evaluation;
    assert.equal(write.status, "DENY");
    assert.equal(write.results[0]!.resource.name, "report with scopes [write]");
    assert.deepEqual(
      write.results[0]!.policies.map((p) => [p.policy.name, p.status, p.scopes]),
      [["read reports", "PERMIT", []]],
      "the permission on other scopes is listed, deciding nothing",
    );
    assert.ok(write.rpt, "a client's evaluation carries an RPT");
    const raw = await fetch(
      `${server.baseUrl}/admin/realms/${REALM}/clients/${id}/authz/resource-server/policy/evaluate`,
      {
        method: "POST",
        headers: { authorization: `Bearer ${await kc.getAccessToken()}`, "content-type": "application/json" },
        body: JSON.stringify({ userId, resources: [], entitlements: false, context: { attributes: {} } }),
      },
    );
    assert.equal(raw.status, 200);
    assert.equal(raw.headers.get("cache-control"), null, "Keycloak's evaluate has no @NoCache");
  });

  it("evaluates admin permissions without an RPT, rows named with their scopes in name order", async () => {
    kc.setConfig({ realmName: ADMIN_REALM });
    try {
      const { id: supportId } = await kc.users.create({ username: "support", enabled: true });
      const { id: targetId } = await kc.users.create({ username: "target", enabled: true });
      const [client] = await kc.clients.find({ clientId: "admin-permissions" });
      const id = client!.id!;
      const policy = (await kc.clients.createPolicy({ id, type: "user" }, {
        name: "support",
        users: [supportId],
      } as never)) as {
        id: string;
      };
      const created = (await kc.clients.createPermission({ id, type: "scope" }, {
        name: "support views users",
        resourceType: "Users",
        resources: [],
        scopes: ["view"],
        policies: [policy.id],
        decisionStrategy: "UNANIMOUS",
      } as never)) as { policies?: string[]; resources?: string[]; scopes?: string[] };
      assert.deepEqual(created.resources, [], "all users: no resource named");
      assert.deepEqual(created.policies, [policy.id]);
      assert.equal(created.scopes?.length, 1);
      const evaluate = (userId: string, name: string, scopes: string[] = []) =>
        kc.clients.evaluateResource(
          { id },
          ask(userId, [{ name, scopes: scopes.map((scope) => ({ name: scope })) }], { resourceType: "Users" }),
        ) as unknown as Promise<Evaluation>;
      const manage = await evaluate(supportId, targetId, ["manage"]);
      assert.equal(manage.status, "DENY");
      assert.equal(manage.rpt, undefined);
      assert.equal(manage.results[0]!.resource.name, "target with scopes [manage]");
      assert.deepEqual(
        manage.results[0]!.policies.map((p) => [p.policy.name, p.status]),
        [["support views users", "PERMIT"]],
      );
      const denied = await evaluate(targetId, "Users");
      assert.equal(
        denied.results[0]!.resource.name,
        "Users with scopes [impersonate, manage, manage-group-membership, map-roles, reset-password, view]",
      );
    } finally {
      kc.setConfig({ realmName: REALM });
    }
  });
});
