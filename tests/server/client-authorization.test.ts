import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import KcAdminClient from "@keycloak/keycloak-admin-client";
import { startTestServer, type TestServer } from "../support/server.ts";
import { createRealm, completeProfile, createUser, masterAdmin, type Api } from "../support/admin-api.ts";

const REALM = "authz";

/** Keycloak's admin client, signed in as the master admin, working in realm `authz`. */
async function adminClient(server: TestServer): Promise<KcAdminClient> {
  const kc = new KcAdminClient({ baseUrl: server.baseUrl, realmName: "master" });
  await kc.auth({ username: "admin", password: "admin", grantType: "password", clientId: "admin-cli" });
  kc.setConfig({ realmName: REALM });
  return kc;
}

/** The status and body of a failed admin-client call. */
async function failure(call: Promise<unknown>): Promise<{ status: number; body: Record<string, unknown> }> {
  try {
    await call;
  } catch (error) {
    const response = (error as { response?: Response; responseData?: unknown }).response;
    const data = (error as { responseData?: unknown }).responseData;
    return { status: response?.status ?? 0, body: (data ?? {}) as Record<string, unknown> };
  }
  throw new Error("the call succeeded");
}

async function userToken(server: TestServer, username: string): Promise<string> {
  const res = await fetch(`${server.baseUrl}/realms/${REALM}/protocol/openid-connect/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "password", client_id: "portal", username, password: username }),
  });
  assert.equal(res.status, 200, await res.clone().text());
  return ((await res.json()) as { access_token: string }).access_token;
}

async function uma(server: TestServer, token: string, fields: [string, string][]) {
  const res = await fetch(`${server.baseUrl}/realms/${REALM}/protocol/openid-connect/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Bearer ${token}` },
    body: new URLSearchParams([["grant_type", "urn:ietf:params:oauth:grant-type:uma-ticket"], ...fields]),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { access_token?: string } };
}

type Policy = { id?: string; name?: string; type?: string };
/** listPolicies answers `""` on 204 in the admin client's types; here it is always a list. */
const policiesOf = async (call: Promise<unknown>) => (await call) as Policy[];
type Evaluation = {
  status: string;
  results: { resource: { name: string }; status: string; allowedScopes: { name: string }[]; policies: unknown[] }[];
};
const evaluationOf = async (call: Promise<unknown>) => (await call) as Evaluation;

const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString("utf8"));

describe("client authorization services through Keycloak's admin client", () => {
  let server: TestServer;
  let api: Api;
  let kc: KcAdminClient;
  let id: string;

  before(async () => {
    server = await startTestServer({ args: ["--seed-demo", "false"] });
    api = masterAdmin(server);
    await createRealm(api, REALM);
    kc = await adminClient(server);
    ({ id } = await kc.clients.create({
      clientId: "api",
      serviceAccountsEnabled: true,
      authorizationServicesEnabled: true,
    }));
    await kc.clients.create({ clientId: "portal", publicClient: true, directAccessGrantsEnabled: true });
  });
  after(async () => server?.dispose());

  it("enables an empty resource server as Keycloak 26 does (uma_protection for the service account), and updates its settings", async () => {
    const rs = await kc.clients.getResourceServer({ id });
    assert.equal(rs.policyEnforcementMode, "ENFORCING");
    assert.equal(rs.decisionStrategy, "UNANIMOUS");
    assert.equal(rs.allowRemoteResourceManagement, true);
    assert.equal(
      "authorizationSchema" in rs,
      false,
      "Keycloak 26.7.3 sends authorizationSchema only for admin-permissions",
    );
    assert.deepEqual(await kc.clients.listResources({ id }), []);
    assert.deepEqual(await policiesOf(kc.clients.listPolicies({ id })), []);
    const account = await kc.clients.getServiceAccountUser({ id });
    const roles = await kc.users.listClientRoleMappings({ id: account.id!, clientUniqueId: id });
    assert.deepEqual(
      roles.map((r) => r.name),
      ["uma_protection"],
    );

    await kc.clients.updateResourceServer({ id }, { ...rs, policyEnforcementMode: "PERMISSIVE" as never });
    assert.equal((await kc.clients.getResourceServer({ id })).policyEnforcementMode, "PERMISSIVE");
    await kc.clients.updateResourceServer({ id }, { ...rs, policyEnforcementMode: "ENFORCING" as never });
  });

  it("creates, searches, pages, updates and deletes resources and scopes", async () => {
    const created = await kc.clients.createResource(
      { id },
      {
        name: "Invoice",
        type: "urn:api:invoice",
        uris: ["/invoices/*"],
        scopes: [{ name: "read" }, { name: "write" }],
      },
    );
    assert.ok(created._id);
    assert.deepEqual(created.scopes?.map((s) => s.name).sort(), ["read", "write"]);
    for (let i = 0; i < 12; i++)
      await kc.clients.createResource({ id }, { name: `Report ${String(i).padStart(2, "0")}` });

    const pageOne = await kc.clients.listResources({ id, first: 0, max: 5, name: "report" } as never);
    assert.deepEqual(
      pageOne.map((r) => r.name),
      ["Report 00", "Report 01", "Report 02", "Report 03", "Report 04"],
    );
    const pageThree = await kc.clients.listResources({ id, first: 10, max: 5, name: "report" } as never);
    assert.deepEqual(
      pageThree.map((r) => r.name),
      ["Report 10", "Report 11"],
    );
    const byType = await kc.clients.listResources({ id, type: "invoice" } as never);
    assert.deepEqual(
      byType.map((r) => r.name),
      ["Invoice"],
    );
    assert.deepEqual(await kc.clients.listResources({ id, uri: "/invoices" } as never), [], "a uri matches whole");
    const byUri = await kc.clients.listResources({ id, uri: "/INVOICES/*" } as never);
    assert.deepEqual(
      byUri.map((r) => r.name),
      ["Invoice"],
    );
    const byScope = await kc.clients.listResources({ id, scope: "write" } as never);
    assert.deepEqual(
      byScope.map((r) => r.name),
      ["Invoice"],
    );
    const byOwner = await kc.clients.listResources({ id, owner: "api", name: "Invoice" } as never);
    assert.equal(byOwner.length, 1);

    const duplicate = await failure(kc.clients.createResource({ id }, { name: "Invoice" }));
    assert.equal(duplicate.status, 409);
    assert.equal(duplicate.body.error_description, "Resource with name [Invoice] already exists.");

    const scopes = await kc.clients.listAllScopes({ id, name: "rea" } as never);
    assert.deepEqual(
      scopes.map((s) => s.name),
      ["read"],
    );
    const readResources = await kc.clients.listAllResourcesByScope({ id, scopeId: scopes[0]!.id! });
    assert.deepEqual(
      readResources.map((r) => r.name),
      ["Invoice"],
    );
    const byResource = await kc.clients.listScopesByResource({ id, resourceName: created._id! });
    assert.deepEqual(byResource.map((s) => s.name).sort(), ["read", "write"]);

    const extra = await kc.clients.createAuthorizationScope({ id }, { name: "delete", displayName: "Delete" });
    await kc.clients.updateAuthorizationScope({ id, scopeId: extra.id! }, { name: "remove", displayName: "Remove" });
    assert.equal((await kc.clients.getAuthorizationScope({ id, scopeId: extra.id! })).name, "remove");
    await kc.clients.delAuthorizationScope({ id, scopeId: extra.id! });
    assert.equal((await kc.clients.listAllScopes({ id, name: "remove" } as never)).length, 0);

    const report = pageOne[0]!;
    await kc.clients.updateResource({ id, resourceId: report._id! }, { ...report, displayName: "First report" });
    assert.equal((await kc.clients.getResource({ id, resourceId: report._id! })).displayName, "First report");
    await kc.clients.delResource({ id, resourceId: report._id! });
    assert.equal((await kc.clients.listResources({ id, name: "report" } as never)).length, 11);
  });

  it("answers a create of a taken scope name as Keycloak 26.7.3: it updates that scope and answers 201", async () => {
    const first = await kc.clients.createAuthorizationScope(
      { id },
      { name: "approve", displayName: "Approve", iconUri: "https://icons.example/approve.svg" },
    );
    const again = await kc.clients.createAuthorizationScope({ id }, { name: "approve", displayName: "Sign off" });
    assert.deepEqual(again, { id: first.id, name: "approve", displayName: "Sign off" }, "the same scope, updated");
    assert.deepEqual(
      (await kc.clients.listAllScopes({ id, name: "approve" } as never)).map((s) => [s.id, s.displayName, s.iconUri]),
      [[first.id, "Sign off", undefined]],
      "one scope, its icon URI gone as Keycloak's overwrite drops it",
    );
    const byId = await kc.clients.createAuthorizationScope({ id }, { id: first.id, name: "approve-all" });
    assert.deepEqual(byId, { id: first.id, name: "approve-all" }, "a create naming an existing id renames it");
    const other = await kc.clients.createAuthorizationScope({ id }, { name: "reject" });
    const taken = await api(`/admin/realms/${REALM}/clients/${id}/authz/resource-server/scope`, {
      method: "POST",
      body: { id: other.id, name: "approve-all" },
    });
    assert.equal(taken.status, 409, "renaming through a create onto another scope's name");
    assert.deepEqual(await taken.json(), { error: "conflict", error_description: "Duplicate resource error" });
    await kc.clients.delAuthorizationScope({ id, scopeId: first.id! });
    await kc.clients.delAuthorizationScope({ id, scopeId: other.id! });
  });

  it("creates every policy type, reads them typed, and refuses bad ones without storing anything", async () => {
    const role = await kc.roles.create({ name: "accountant" });
    void role;
    const accountant = await kc.roles.findOneByName({ name: "accountant" });
    const group = await kc.groups.create({ name: "finance" });
    const userId = await createUser(api, REALM, "alice", {
      ...completeProfile("alice"),
      credentials: [{ type: "password", value: "alice", temporary: false }],
    });
    const portal = (await kc.clients.find({ clientId: "portal" }))[0]!;
    const before = (await policiesOf(kc.clients.listPolicies({ id }))).length;

    const rolePolicy = await kc.clients.createPolicy({ id, type: "role" }, {
      name: "Accountants",
      roles: [{ id: accountant!.id!, required: false }],
    } as never);
    assert.equal(rolePolicy.type, "role");
    const typed: unknown = await kc.clients.findOnePolicyWithType({ id, type: "role", policyId: rolePolicy.id! });
    assert.deepEqual((typed as { roles?: unknown }).roles, [{ id: accountant!.id, required: false }]);
    // Keycloak 26.7.3 answers fetchRoles only when it was set, on create and on read.
    assert.equal("fetchRoles" in rolePolicy, false, "an unset fetchRoles is absent from the create answer");
    assert.equal("fetchRoles" in (typed as object), false, "an unset fetchRoles is absent from the typed read");
    await kc.clients.updatePolicy({ id, type: "role", policyId: rolePolicy.id! }, {
      ...(typed as object),
      fetchRoles: true,
    } as never);
    const fetching: unknown = await kc.clients.findOnePolicyWithType({ id, type: "role", policyId: rolePolicy.id! });
    assert.equal((fetching as { fetchRoles?: unknown }).fetchRoles, true);
    await kc.clients.updatePolicy({ id, type: "role", policyId: rolePolicy.id! }, {
      ...(typed as object),
      fetchRoles: false,
    } as never);
    await kc.clients.createPolicy({ id, type: "user" }, { name: "Alice", users: [userId] } as never);
    await kc.clients.createPolicy({ id, type: "group" }, {
      name: "Finance",
      groups: [{ id: group.id, extendChildren: true }],
    } as never);
    await kc.clients.createPolicy({ id, type: "client" }, { name: "From portal", clients: [portal.id!] } as never);
    await kc.clients.createPolicy({ id, type: "time" }, { name: "Office hours", hour: "0", hourEnd: "23" } as never);
    await kc.clients.createPolicy({ id, type: "regex" }, {
      name: "Example mail",
      targetClaim: "email",
      pattern: ".*@example\\.com",
    } as never);
    const aggregate = await kc.clients.createPolicy({ id, type: "aggregate" }, {
      name: "Accountants in office hours",
      policies: ["Accountants", "Office hours"],
      decisionStrategy: "UNANIMOUS",
    } as never);
    const dependents = await kc.clients.listDependentPolicies({ id, policyId: rolePolicy.id! });
    assert.deepEqual(
      dependents.map((p) => p.name),
      ["Accountants in office hours"],
    );
    assert.equal((await kc.clients.findPolicyByName({ id, name: "Office hours" })).type, "time");
    const onlyTime = await policiesOf(kc.clients.listPolicies({ id, type: "time", permission: false } as never));
    assert.deepEqual(
      onlyTime.map((p) => p.name),
      ["Office hours"],
    );
    // Keycloak 26.7.3 lists its non-internal policy factories, permission types included and js not, on both paths.
    const providers = await kc.clients.listPolicyProviders({ id });
    assert.deepEqual(providers.map((p) => p.type).sort(), [
      "aggregate",
      "client",
      "client-scope",
      "group",
      "regex",
      "resource",
      "role",
      "scope",
      "time",
      "user",
    ]);
    assert.deepEqual(
      providers.find((p) => p.type === "scope"),
      { type: "scope", name: "Scope-Based", group: "Permission" },
    );
    const permissionProviders = await api(
      `/admin/realms/${REALM}/clients/${id}/authz/resource-server/permission/providers`,
    );
    assert.deepEqual(await permissionProviders.json(), providers);
    void aggregate;

    // Keycloak 26.7.3 stores a role policy without roles and a regex with a bad pattern (authorization-accepted-bodies).
    const bad = [
      [{ id, type: "nonsense" }, { name: "X" }, 404],
      [{ id, type: "role" }, { name: "Ghost role", roles: [{ id: "ghost" }] }, 400],
      [{ id, type: "time" }, { name: "Bad date", notBefore: "yesterday" }, 400],
      [{ id, type: "js" }, { name: "Script", code: "$evaluation.grant();" }, 400],
      [{ id, type: "role" }, { name: "Accountants", roles: [{ id: accountant!.id }] }, 409],
    ] as const;
    for (const [params, body, status] of bad) {
      const answer = await failure(kc.clients.createPolicy(params as never, body as never));
      assert.equal(answer.status, status, JSON.stringify(body));
      assert.ok(answer.body.error, JSON.stringify(answer.body));
    }
    assert.equal((await policiesOf(kc.clients.listPolicies({ id }))).length, before + 7);
  });

  it("creates resource- and scope-based permissions with their associations, and refuses a missing resource", async () => {
    const [invoice] = await kc.clients.listResources({ id, name: "Invoice" } as never);
    const scope = await kc.clients.createPermission({ id, type: "scope" }, {
      name: "Write invoices",
      resources: [invoice!._id!],
      scopes: ["write"],
      policies: ["Accountants", "Office hours"],
      decisionStrategy: "UNANIMOUS",
    } as never);
    const resource = await kc.clients.createPermission({ id, type: "resource" }, {
      name: "Reports",
      resourceType: "urn:api:report",
      policies: ["Alice"],
    } as never);
    assert.equal(
      (await kc.clients.findOnePermission({ id, type: "resource", permissionId: resource.id! }))!.resourceType,
      "urn:api:report",
    );
    assert.deepEqual(
      (await kc.clients.getAssociatedResources({ id, permissionId: scope.id! })).map((r) => r.name),
      ["Invoice"],
    );
    assert.deepEqual(
      (await kc.clients.getAssociatedScopes({ id, permissionId: scope.id! })).map((s) => s.name),
      ["write"],
    );
    assert.deepEqual(
      (await kc.clients.getAssociatedPolicies({ id, permissionId: scope.id! })).map((p) => p.name),
      ["Accountants", "Office hours"],
    );
    const permissions = await kc.clients.findPermissions({ id, name: "invoices" } as never);
    assert.deepEqual(
      permissions.map((p) => p.name),
      ["Write invoices"],
    );
    const byScope = await kc.clients.listPermissionScope({ id, name: "Write" } as never);
    assert.deepEqual(
      byScope.map((p) => p.name),
      ["Write invoices"],
    );
    const onResource = await kc.clients.listPermissionsByResource({ id, resourceId: invoice!._id! });
    assert.deepEqual(
      onResource.map((p) => p.name),
      ["Write invoices"],
    );
    const [write] = await kc.clients.listAllScopes({ id, name: "write" } as never);
    assert.deepEqual(
      (await kc.clients.listAllPermissionsByScope({ id, scopeId: write!.id! })).map((p) => p.name),
      ["Write invoices"],
    );

    const missing = await failure(
      kc.clients.createPermission({ id, type: "resource" }, {
        name: "Ghost",
        resources: ["nope"],
        policies: ["Alice"],
      } as never),
    );
    assert.equal(missing.status, 400);
    assert.match(String(missing.body.error_description), /Resource \[nope\] does not exist/);
    assert.equal((await kc.clients.findPermissions({ id, name: "Ghost" } as never)).length, 0);

    await kc.clients.updatePermission({ id, type: "resource", permissionId: resource.id! }, {
      ...resource,
      description: "Alice reads reports",
      policies: ["Alice"],
    } as never);
    assert.equal(
      (await kc.clients.findOnePermission({ id, type: "resource", permissionId: resource.id! }))!.description,
      "Alice reads reports",
    );
    await kc.clients.delPermission({ id, type: "resource", permissionId: resource.id! });
    assert.equal((await kc.clients.findPermissions({ id, name: "Reports" } as never)).length, 0);
  });

  it("decides the same in policy/evaluate and on the token endpoint (UMA), with reasons", async () => {
    const bobId = await createUser(api, REALM, "bob", {
      ...completeProfile("bob"),
      credentials: [{ type: "password", value: "bob", temporary: false }],
    });
    const aliceId = (await kc.users.find({ username: "alice", exact: true }))[0]!.id!;
    const accountant = await kc.roles.findOneByName({ name: "accountant" });
    await kc.users.addRealmRoleMappings({ id: aliceId, roles: [{ id: accountant!.id!, name: "accountant" }] });
    const [invoice] = await kc.clients.listResources({ id, name: "Invoice" } as never);

    const evaluate = (userId: string) =>
      evaluationOf(
        kc.clients.evaluateResource({ id }, {
          userId,
          resources: [{ _id: invoice!._id, scopes: [{ name: "write" }] }],
          entitlements: false,
          context: { attributes: {} },
        } as never),
      );
    const alice = await evaluate(aliceId);
    assert.equal(alice.status, "PERMIT");
    assert.deepEqual(
      alice.results[0]!.allowedScopes.map((s) => s.name),
      ["write"],
    );
    const bob = await evaluate(bobId);
    assert.equal(bob.status, "DENY");
    const tree = bob.results[0]!.policies[0] as unknown as {
      associatedPolicies: { policy: { name: string }; status: string; reason: string }[];
    };
    const accountants = tree.associatedPolicies.find((p) => p.policy.name === "Accountants")!;
    assert.equal(accountants.status, "DENY");
    assert.match(accountants.reason, /accountant/);

    const aliceToken = await userToken(server, "alice");
    const granted = await uma(server, aliceToken, [
      ["audience", "api"],
      ["permission", "Invoice#write"],
    ]);
    assert.equal(granted.status, 200, JSON.stringify(granted.body));
    assert.deepEqual(claimsOf(granted.body.access_token!).authorization.permissions, [
      { rsid: invoice!._id, rsname: "Invoice", scopes: ["write"] },
    ]);
    const decision = await uma(server, aliceToken, [
      ["audience", "api"],
      ["permission", "Invoice#write"],
      ["response_mode", "decision"],
    ]);
    assert.deepEqual(decision.body, { result: true });
    const denied = await uma(server, await userToken(server, "bob"), [
      ["audience", "api"],
      ["permission", "Invoice#write"],
    ]);
    assert.equal(denied.status, 403);
    assert.deepEqual(denied.body, { error: "access_denied", error_description: "not_authorized" });
    const badToken = await uma(server, "not-a-token", [["audience", "api"]]);
    assert.equal(badToken.status, 401);
    const unknownResource = await uma(server, aliceToken, [
      ["audience", "api"],
      ["permission", "Nothing#write"],
    ]);
    assert.equal(unknownResource.status, 400);
    assert.equal(unknownResource.body.error, "invalid_resource");
  });

  it("exports the settings and imports them into another client with the same decisions", async () => {
    const exported = await kc.clients.exportResource({ id });
    assert.ok(exported.policies?.some((p) => p.name === "Write invoices"));
    assert.equal("authorizationSchema" in exported, false, "the export has no authorizationSchema, as on Keycloak");
    const { id: copyId } = await kc.clients.create({
      clientId: "api-copy",
      serviceAccountsEnabled: true,
      authorizationServicesEnabled: true,
    });
    await kc.clients.importResource({ id: copyId }, exported as never);
    const names = async (clientId: string) =>
      (await policiesOf(kc.clients.listPolicies({ id: clientId }))).map((p) => p.name).sort();
    assert.deepEqual(await names(copyId), await names(id));
    const aliceId = (await kc.users.find({ username: "alice", exact: true }))[0]!.id!;
    const decide = async (clientId: string) => {
      const response = await evaluationOf(
        kc.clients.evaluateResource({ id: clientId }, { userId: aliceId, resources: [], entitlements: false } as never),
      );
      return response.results.map((r) => [r.resource.name, r.status, r.allowedScopes.map((s) => s.name).sort()]).sort();
    };
    assert.deepEqual(await decide(copyId), await decide(id));
  });

  it("creates a client with its authorizationSettings, and refuses bad settings without leaving the client", async () => {
    const exported = await kc.clients.exportResource({ id });
    const { id: createdId } = await kc.clients.create({
      clientId: "api-created",
      authorizationServicesEnabled: true,
      authorizationSettings: exported,
    } as never);
    const names = async (clientId: string) =>
      (await policiesOf(kc.clients.listPolicies({ id: clientId }))).map((p) => p.name).sort();
    assert.deepEqual(await names(createdId), await names(id));
    const resources = async (clientId: string) =>
      (await kc.clients.listResources({ id: clientId })).map((r) => r.name).sort();
    assert.deepEqual(await resources(createdId), await resources(id));

    const refused = await failure(
      kc.clients.create({
        clientId: "api-refused",
        authorizationServicesEnabled: true,
        authorizationSettings: {
          policies: [{ name: "Nowhere", type: "resource", config: { resources: '["Missing"]' } }],
        },
      } as never),
    );
    assert.equal(refused.status, 400);
    assert.deepEqual(await kc.clients.find({ clientId: "api-refused" }), []);
  });

  it("imports a client's authorizationSettings through partial import (Keycloak's authz quickstart)", async () => {
    const fixture = JSON.parse(
      readFileSync(
        resolve(
          import.meta.dirname,
          "../../../shared/fixtures/keycloak/quickstarts-spring-rest-authz-realm-import.json",
        ),
        "utf8",
      ),
    ) as { clients: { clientId: string }[]; roles: { realm: unknown[] } };
    const servlet = fixture.clients.find((c) => c.clientId === "authz-servlet")!;
    await createRealm(api, "authz-quickstart");
    kc.setConfig({ realmName: "authz-quickstart" });
    try {
      const result = await kc.realms.partialImport({
        realm: "authz-quickstart",
        rep: { ifResourceExists: "FAIL", roles: { realm: fixture.roles.realm }, clients: [servlet] } as never,
      });
      assert.equal(result.added, 3);
      const [client] = await kc.clients.find({ clientId: "authz-servlet" });
      const resourceNames = (await kc.clients.listResources({ id: client!.id! })).map((r) => r.name).sort();
      assert.deepEqual(resourceNames, ["Premium Resource", "Protected Resource"]);
      const policies = (await policiesOf(kc.clients.listPolicies({ id: client!.id! }))).map((p) => p.name).sort();
      assert.deepEqual(policies, [
        "All Users Policy",
        "Any User Policy",
        "Only Premium User Policy",
        "Premium Resource Permission",
        "Protected Resource Permission",
      ]);
      const [aggregate] = await policiesOf(kc.clients.listPolicies({ id: client!.id!, name: "All Users Policy" }));
      const consulted = await kc.clients.getAssociatedPolicies({ id: client!.id!, permissionId: aggregate!.id! });
      assert.deepEqual(consulted.map((p) => p.name).sort(), ["Any User Policy", "Only Premium User Policy"]);

      const again = await kc.realms.partialImport({
        realm: "authz-quickstart",
        rep: { ifResourceExists: "OVERWRITE", clients: [servlet] } as never,
      });
      assert.equal(again.overwritten, 1);
      const [overwritten] = await kc.clients.find({ clientId: "authz-servlet" });
      assert.equal((await kc.clients.listResources({ id: overwritten!.id! })).length, 2);
    } finally {
      kc.setConfig({ realmName: REALM });
    }
  });

  it("deletes a policy used by a permission: aggregates and permissions left empty go too", async () => {
    const office = await kc.clients.findPolicyByName({ id, name: "Office hours" });
    const dependents = await kc.clients.listDependentPolicies({ id, policyId: office!.id! });
    assert.deepEqual(dependents.map((p) => p.name).sort(), ["Accountants in office hours", "Write invoices"]);
    await kc.clients.delPolicy({ id, policyId: office!.id! });
    const left = (await policiesOf(kc.clients.listPolicies({ id }))).map((p) => p.name);
    assert.ok(left.includes("Write invoices"));
    assert.ok(left.includes("Accountants in office hours"));
    const [write] = await kc.clients.findPermissions({ id, name: "Write invoices" } as never);
    assert.deepEqual(
      (await kc.clients.getAssociatedPolicies({ id, permissionId: write!.id! })).map((p) => p.name),
      ["Accountants"],
    );
  });

  it("deletes resources and scopes with Keycloak 26.7.3's cascades, and reads a resource's attributes", async () => {
    const [c1, c2] = await Promise.all(
      ["cascade-1", "cascade-2"].map((name) => kc.clients.createAuthorizationScope({ id }, { name })),
    );
    const one = await kc.clients.createResource(
      { id },
      { name: "Cascade one", scopes: [{ name: c1!.name! }, { name: c2!.name! }], attributes: { dept: ["x"] } },
    );
    const two = await kc.clients.createResource({ id }, { name: "Cascade two", scopes: [{ name: c1!.name! }] });
    await kc.clients.createPolicy({ id, type: "time" }, {
      name: "Cascade time",
      year: "2000",
      yearEnd: "2100",
    } as never);
    const permission = (name: string, type: "resource" | "scope", body: Record<string, unknown>) =>
      kc.clients.createPermission({ id, type }, { name, policies: ["Cascade time"], ...body } as never);
    await permission("Only one, scope c2", "scope", { resources: [one._id], scopes: [c2!.id] });
    await permission("One and two", "resource", { resources: [one._id, two._id] });
    await permission("Scopes c1 and c2", "scope", { scopes: [c1!.id, c2!.id] });

    const base = `/admin/realms/${REALM}/clients/${id}/authz/resource-server`;
    assert.deepEqual(await (await api(`${base}/resource/${one._id}/attributes`)).json(), { dept: ["x"] });
    const shallow = (await (await api(`${base}/resource?name=Cascade one&deep=false`)).json()) as object[];
    assert.equal("attributes" in shallow[0]!, false, "deep=false leaves attributes out");

    await kc.clients.delResource({ id, resourceId: one._id! });
    const remaining = async (name: string) =>
      (await policiesOf(kc.clients.findPermissions({ id, name } as never))).filter((p) => p.name === name);
    assert.deepEqual(await remaining("Only one, scope c2"), [], "a scope permission naming only the resource goes");
    const [both] = await remaining("One and two");
    assert.deepEqual(
      (await kc.clients.getAssociatedResources({ id, permissionId: both!.id! })).map((r) => r.name),
      ["Cascade two"],
    );

    const refused = await failure(kc.clients.delAuthorizationScope({ id, scopeId: c1!.id! }));
    assert.equal(refused.status, 400);
    assert.equal(refused.body.errorMessage, "Scopes can not be removed while associated with resources.");
    await kc.clients.delAuthorizationScope({ id, scopeId: c2!.id! });
    const [scopes] = await remaining("Scopes c1 and c2");
    assert.deepEqual(
      (await kc.clients.getAssociatedScopes({ id, permissionId: scopes!.id! })).map((s) => s.name),
      ["cascade-1"],
    );
  });

  it("turning authorization off removes the resource server", async () => {
    const client = await kc.clients.findOne({ id });
    await kc.clients.update({ id }, { ...client, authorizationServicesEnabled: false });
    assert.equal((await failure(kc.clients.getResourceServer({ id }))).status, 404);
    await kc.clients.update({ id }, { ...client, authorizationServicesEnabled: true });
    assert.deepEqual(await kc.clients.listResources({ id }), []);
  });
});
