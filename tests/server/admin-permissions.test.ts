import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import KcAdminClient from "@keycloak/keycloak-admin-client";
import type { DecisionStrategy } from "@keycloak/keycloak-admin-client/lib/defs/policyRepresentation.js";
import { startTestServer, type TestServer } from "../support/server.ts";
import { completeProfile, createRealm, masterAdmin, type Api } from "../support/admin-api.ts";

const REALM = "fgap";

async function signIn(server: TestServer, realm: string, username: string, password: string): Promise<KcAdminClient> {
  const kc = new KcAdminClient({ baseUrl: server.baseUrl, realmName: realm });
  await kc.auth({ username, password, grantType: "password", clientId: "admin-cli" });
  kc.setConfig({ realmName: REALM });
  return kc;
}

async function status(call: Promise<unknown>): Promise<number> {
  try {
    await call;
    return 200;
  } catch (error) {
    return (error as { response?: Response }).response?.status ?? 0;
  }
}

describe("fine-grained admin permissions v2 through Keycloak's admin client", () => {
  let server: TestServer;
  let api: Api;
  let kc: KcAdminClient;
  let clientId: string;
  const ids: Record<string, string> = {};

  const user = async (username: string, groups: string[] = []) => {
    // a complete profile: the realm asks for email and names before it signs anyone in
    const { id } = await kc.users.create({ username, enabled: true, groups, ...completeProfile(username) });
    ids[username] = id;
    await kc.users.resetPassword({ id, credential: { type: "password", value: `${username}-pw`, temporary: false } });
    return id;
  };
  const grantRealmManagementRole = async (username: string, name: string) => {
    const [management] = await kc.clients.find({ clientId: "realm-management" });
    const role = await kc.clients.findRole({ id: management!.id!, roleName: name });
    await kc.users.addClientRoleMappings({
      id: ids[username]!,
      clientUniqueId: management!.id!,
      roles: [{ id: role!.id!, name }],
    });
  };

  before(async () => {
    server = await startTestServer({ args: ["--seed-demo", "false"] });
    api = masterAdmin(server);
    await createRealm(api, REALM);
    kc = new KcAdminClient({ baseUrl: server.baseUrl, realmName: "master" });
    await kc.auth({ username: "admin", password: "admin", grantType: "password", clientId: "admin-cli" });
    kc.setConfig({ realmName: REALM });
  });
  after(async () => server?.dispose());

  it("creates the admin-permissions client with its resource types and scopes, kept when turned off", async () => {
    assert.deepEqual(await kc.clients.find({ clientId: "admin-permissions" }), []);
    await kc.realms.update({ realm: REALM }, { adminPermissionsEnabled: true });
    assert.equal((await kc.realms.findOne({ realm: REALM }))!.adminPermissionsEnabled, true);
    const [client] = await kc.clients.find({ clientId: "admin-permissions" });
    assert.ok(client?.id);
    clientId = client.id;
    const rs = await kc.clients.getResourceServer({ id: clientId });
    const types = (rs.authorizationSchema as unknown as { resourceTypes: Record<string, { scopes: string[] }> })
      .resourceTypes;
    assert.deepEqual(Object.keys(types).sort(), ["Clients", "Groups", "Roles", "Users"]);
    assert.deepEqual(types.Users!.scopes.sort(), [
      "impersonate",
      "manage",
      "manage-group-membership",
      "map-roles",
      "reset-password",
      "view",
    ]);
    assert.deepEqual(types.Groups!.scopes.sort(), [
      "impersonate-members",
      "manage",
      "manage-members",
      "manage-membership",
      "manage-membership-of-members",
      "view",
      "view-members",
    ]);
    assert.deepEqual(types.Roles!.scopes.sort(), ["map-role", "map-role-client-scope", "map-role-composite"]);
    const resources = await kc.clients.listResources({ id: clientId });
    assert.deepEqual(resources.map((r) => r.name).sort(), ["Clients", "Groups", "Roles", "Users"]);
    const scopes = await kc.clients.listAllScopes({ id: clientId });
    assert.ok(scopes.some((s) => s.name === "map-roles-composite"));

    await kc.realms.update({ realm: REALM }, { adminPermissionsEnabled: false });
    assert.equal((await kc.clients.find({ clientId: "admin-permissions" })).length, 1);
    await kc.realms.update({ realm: REALM }, { adminPermissionsEnabled: true });
    const again = await kc.clients.find({ clientId: "admin-permissions" });
    assert.deepEqual(
      again.map((c) => c.id),
      [clientId],
    );
  });

  it("refuses a permission without resource type or with a scope of another type", async () => {
    const create = (rep: Record<string, unknown>) =>
      status(kc.clients.createPermission({ id: clientId, type: "scope" }, { name: "bad", ...rep }));
    assert.equal(await create({ scopes: ["view"] }), 400);
    assert.equal(await create({ resourceType: "Users", scopes: ["view-members"] }), 400);
    assert.equal(await create({ resourceType: "Users", scopes: [] }), 400);
    // Keycloak 26.7.3 answers these with a bare `unknown_error`: the same `error` here, and the reason beside it.
    const untyped = await kc.clients
      .createPermission({ id: clientId, type: "scope" }, { name: "bad", scopes: ["view"] } as never)
      .then(
        () => undefined,
        (error: { responseData?: unknown }) => error.responseData,
      );
    assert.deepEqual(untyped, { error: "unknown_error", error_description: "Resource type not provided." });
    // A resource permission: Keycloak 26.7.3's answer, word for word.
    const resourcePermission = await kc.clients
      .createPermission({ id: clientId, type: "resource" }, { name: "by resource", resources: ["Users"] } as never)
      .then(
        () => undefined,
        (error: { response?: Response; responseData?: unknown }) => [error.response?.status, error.responseData],
      );
    assert.deepEqual(resourcePermission, [
      400,
      { error: "Policy type not supported by feature admin-fine-grained-authz:v2" },
    ]);
  });

  it("policies as Keycloak 26.7.3 takes them: no `js` provider (404), a client-scope policy with no scopes", async () => {
    const post = (type: string, body: unknown) =>
      fetch(`${server.baseUrl}/admin/realms/${REALM}/clients/${clientId}/authz/resource-server/policy/${type}`, {
        method: "POST",
        headers: { authorization: `Bearer ${kc.accessToken}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const js = await post("js", { name: "script", code: "$evaluation.grant();" });
    assert.deepEqual([js.status, await js.json()], [404, { error: "HTTP 404 Not Found" }]);
    const noScopes = await post("client-scope", { name: "no scopes", clientScopes: [] });
    assert.equal(noScopes.status, 201);
    assert.deepEqual(((await noScopes.json()) as { clientScopes?: unknown }).clientScopes, []);
    assert.equal((await post("client-scope", { name: "no scopes at all" })).status, 201);
  });

  it("refuses a decision strategy other than UNANIMOUS, on create and update, with Keycloak's message", async () => {
    const refusal = async (call: Promise<unknown>) => {
      try {
        await call;
        return undefined;
      } catch (error) {
        const { response, responseData } = error as { response?: Response; responseData?: unknown };
        return { status: response?.status, body: responseData };
      }
    };
    const expected = {
      status: 400,
      body: {
        // Keycloak 26.7.3 says only `unknown_error`; ours adds the reason (Keycloak's own exception text).
        error: "unknown_error",
        error_description: "Only UNANIMOUS decision strategy is supported for admin permissions.",
      },
    };
    const rep = { name: "strategy", resourceType: "Users", scopes: ["view"] };
    for (const decisionStrategy of ["AFFIRMATIVE", "CONSENSUS"] as DecisionStrategy[])
      assert.deepEqual(
        await refusal(kc.clients.createPermission({ id: clientId, type: "scope" }, { ...rep, decisionStrategy })),
        expected,
      );
    const created = (await kc.clients.createPermission(
      { id: clientId, type: "scope" },
      {
        ...rep,
        decisionStrategy: "UNANIMOUS" as DecisionStrategy,
      },
    )) as { id: string };
    const update = { id: created.id, ...rep, decisionStrategy: "AFFIRMATIVE" as DecisionStrategy };
    assert.deepEqual(
      await refusal(kc.clients.updatePermission({ id: clientId, type: "scope", permissionId: created.id }, update)),
      expected,
    );
    const stored = await kc.clients.findOnePermission({ id: clientId, type: "scope", permissionId: created.id });
    assert.equal(stored?.decisionStrategy, "UNANIMOUS");
    await kc.clients.delPermission({ id: clientId, type: "scope", permissionId: created.id });
  });

  it("limits a support admin to the members of the group its permission names", async () => {
    const customers = (await kc.groups.create({ name: "Customers" })).id;
    const staff = (await kc.groups.create({ name: "Staff" })).id;
    const supportGroup = (await kc.groups.create({ name: "Support" })).id;
    for (const name of ["alice", "bob", "cora", "dan"]) await user(name, ["/Customers"]);
    await user("carol", ["/Staff"]);
    await user("support", ["/Support"]);
    await grantRealmManagementRole("support", "query-users");
    assert.ok(staff);

    const policy = await kc.clients.createPolicy({ id: clientId, type: "group" }, {
      name: "Support team",
      groups: [{ id: supportGroup, extendChildren: false }],
    } as never);
    const permission = (await kc.clients.createPermission({ id: clientId, type: "scope" }, {
      name: "Support manages customers",
      resourceType: "Groups",
      resources: [customers],
      scopes: ["view-members", "manage-members"],
      policies: [policy.id!],
    } as never)) as { id: string; resourceType?: string };
    assert.equal(permission.resourceType, "Groups");

    const support = await signIn(server, REALM, "support", "support-pw");
    const listed = await support.users.find({ max: 10 });
    assert.deepEqual(
      listed.map((u) => u.username),
      ["alice", "bob", "cora", "dan"],
    );
    assert.equal(await support.users.count(), 4);
    const uiExt = await fetch(`${server.baseUrl}/admin/realms/${REALM}/ui-ext/brute-force-user?first=0&max=10`, {
      headers: { authorization: `Bearer ${support.accessToken}` },
    });
    assert.deepEqual(
      ((await uiExt.json()) as { username: string }[]).map((u) => u.username),
      ["alice", "bob", "cora", "dan"],
      "the console's ui-ext user list obeys the same checks",
    );
    assert.deepEqual(
      (await support.users.find({ first: 2, max: 2 })).map((u) => u.username),
      ["cora", "dan"],
    );
    assert.deepEqual(
      (await support.users.find({ search: "c" })).map((u) => u.username),
      ["cora"],
      "carol matches the search but is not visible",
    );

    const alice = await support.users.findOne({ id: ids.alice! });
    assert.equal(alice?.username, "alice");
    assert.deepEqual(alice?.access, {
      manageGroupMembership: false,
      resetPassword: true,
      view: true,
      mapRoles: false,
      impersonate: false,
      manage: true,
    });
    await support.users.update({ id: ids.alice! }, { firstName: "Alice" });
    assert.equal((await kc.users.findOne({ id: ids.alice! }))?.firstName, "Alice");
    await support.users.resetPassword({
      id: ids.alice!,
      credential: { type: "password", value: "new-alice-pw", temporary: false },
    });

    assert.equal(await status(support.users.findOne({ id: ids.carol! })), 403);
    assert.equal(await status(support.users.update({ id: ids.carol! }, { firstName: "x" })), 403);
    assert.equal(
      await status(
        support.users.resetPassword({
          id: ids.carol!,
          credential: { type: "password", value: "x-pw-1", temporary: false },
        }),
      ),
      403,
    );
    assert.equal(await status(support.users.del({ id: ids.alice! })), 200, "manage-members covers deleting a member");
    assert.equal(await support.users.count(), 3);
    assert.equal(await status(support.users.create({ username: "eve", enabled: true })), 403);
  });

  it("applies group scopes to group endpoints: members need view-members, membership changes need their scopes", async () => {
    const support = await signIn(server, REALM, "support", "support-pw");
    const [customers] = await kc.groups.find({ search: "Customers" });
    const [staff] = await kc.groups.find({ search: "Staff" });
    assert.deepEqual(
      (await support.groups.listMembers({ id: customers!.id! })).map((u) => u.username),
      ["bob", "cora", "dan"],
    );
    assert.equal(await status(support.groups.listMembers({ id: staff!.id! })), 403);
    assert.equal(await status(support.groups.findOne({ id: customers!.id! })), 403, "manage-members is not view");
    assert.equal(
      await status(support.users.addToGroup({ id: ids.bob!, groupId: staff!.id! })),
      403,
      "no manage-group-membership",
    );
    // A user's groups list only the groups the caller may view, as Keycloak 26.7 answers (view-members is not view).
    assert.deepEqual(await support.users.listGroups({ id: ids.bob! }), []);
    assert.deepEqual(
      (await kc.users.listGroups({ id: ids.bob! })).map((g) => g.name),
      ["Customers"],
    );
  });

  it("evaluates a resource type's objects for a user (policy/evaluate with resourceType)", async () => {
    const [customers] = await kc.groups.find({ search: "Customers" });
    const [staff] = await kc.groups.find({ search: "Staff" });
    type Answer = {
      status: string;
      results: { resource: { name: string; _id?: string }; scopes: { name: string }[] }[];
    };
    const evaluate = async (group: string) =>
      (await kc.clients.evaluateResource({ id: clientId }, {
        userId: ids.support!,
        resourceType: "Groups",
        resources: [{ name: group, scopes: [{ name: "view-members" }] }],
        entitlements: false,
        context: { attributes: {} },
        roleIds: [],
      } as never)) as unknown as Answer;
    assert.equal((await evaluate(customers!.id!)).status, "PERMIT");
    assert.equal((await evaluate(staff!.id!)).status, "DENY");
    // As Keycloak 26.7 answers: an object named by its name resolves, and each row is named after the object (or the
    // type) and the scopes of its answer; an object without a resource of its own has no resource id.
    const byName = await evaluate("Customers");
    assert.equal(byName.status, "PERMIT");
    assert.equal(byName.results[0]!.resource.name, "Customers with scopes [view-members]");
    const outside = await evaluate("Staff");
    assert.equal(outside.status, "DENY");
    assert.deepEqual(outside.results[0]!.resource, { name: "Staff with scopes [view-members]" });
    assert.deepEqual(
      outside.results[0]!.scopes.map((scope) => scope.name),
      ["view-members"],
    );
    assert.equal((await evaluate("Groups")).results[0]!.resource.name, "Groups with scopes [view-members]");
  });

  it("keeps the permissions working through a partial export imported as a new realm", async () => {
    const exported = (await kc.realms.export({
      realm: REALM,
      exportClients: true,
      exportGroupsAndRoles: true,
    })) as Record<string, unknown> & { clients: { clientId: string; authorizationSettings?: unknown }[] };
    const ap = exported.clients.find((c) => c.clientId === "admin-permissions");
    assert.ok(ap?.authorizationSettings, "the admin-permissions client is exported with its authorization settings");
    const copy = "fgap-copy";
    await kc.realms.create({ ...exported, id: undefined, realm: copy } as never);
    kc.setConfig({ realmName: copy });
    try {
      assert.equal((await kc.realms.findOne({ realm: copy }))!.adminPermissionsEnabled, true);
      const [client] = await kc.clients.find({ clientId: "admin-permissions" });
      const permissions = (await kc.clients.findPermissions({
        id: client!.id!,
        name: "Support manages customers",
      })) as {
        id: string;
      }[];
      assert.equal(permissions.length, 1);
      const [customers] = await kc.groups.find({ search: "Customers" });
      const [supportGroup] = await kc.groups.find({ search: "Support" });
      for (const name of ["erin", "support"]) {
        const { id } = await kc.users.create({
          username: name,
          enabled: true,
          ...completeProfile(name),
          groups: [name === "erin" ? "/Customers" : "/Support"],
        });
        await kc.users.resetPassword({ id, credential: { type: "password", value: `${name}-pw`, temporary: false } });
        if (name === "support") {
          const [management] = await kc.clients.find({ clientId: "realm-management" });
          const role = await kc.clients.findRole({ id: management!.id!, roleName: "query-users" });
          await kc.users.addClientRoleMappings({
            id,
            clientUniqueId: management!.id!,
            roles: [{ id: role!.id!, name: "query-users" }],
          });
        }
      }
      assert.ok(customers?.id && supportGroup?.id);
      const support = new KcAdminClient({ baseUrl: server.baseUrl, realmName: copy });
      await support.auth({ username: "support", password: "support-pw", grantType: "password", clientId: "admin-cli" });
      assert.deepEqual(
        (await support.users.find()).map((u) => u.username),
        ["erin"],
      );
    } finally {
      kc.setConfig({ realmName: REALM });
    }
  });

  it("answers 403 without query-users and an empty list with it but no grant", async () => {
    await user("noquery", []);
    const noQuery = await signIn(server, REALM, "noquery", "noquery-pw");
    assert.equal(await status(noQuery.users.find()), 403);
    await user("querier", []);
    await grantRealmManagementRole("querier", "query-users");
    const querier = await signIn(server, REALM, "querier", "querier-pw");
    assert.deepEqual(await querier.users.find(), []);
    assert.equal(await querier.users.count(), 0);
  });

  it("skips v2 for an administrator holding a legacy users role", async () => {
    await user("viewer", ["/Support"]);
    await grantRealmManagementRole("viewer", "view-users");
    const viewer = await signIn(server, REALM, "viewer", "viewer-pw");
    const all = await viewer.users.count();
    assert.ok(all >= 8, `view-users sees every user, got ${all}`);
    assert.equal(
      await status(viewer.users.update({ id: ids.bob! }, { firstName: "Bob" })),
      403,
      "the group grant is not consulted",
    );
  });
});
