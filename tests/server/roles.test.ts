import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { adminFetch, adminToken, startTestServer, type TestServer } from "../support/server.ts";

interface Role {
  id: string;
  name: string;
  description?: string;
  composite: boolean;
  clientRole: boolean;
  containerId: string;
  attributes?: Record<string, string[]>;
}

interface Mappings {
  realmMappings?: Role[];
  clientMappings?: Record<string, { id: string; client: string; mappings: Role[] }>;
}

interface ClientRole {
  id: string;
  role: string;
  client: string;
  clientId: string;
  description?: string;
}

let server: TestServer;
let api: ReturnType<typeof adminFetch>;
const base = "/admin/realms/master";

async function json<T>(res: Response, status = 200): Promise<T> {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return (text ? JSON.parse(text) : undefined) as T;
}

async function expectStatus(res: Response, status: number): Promise<void> {
  assert.equal(res.status, status, await res.text());
}

async function createRealmRole(name: string, extra: Record<string, unknown> = {}): Promise<Role> {
  await expectStatus(await api(`${base}/roles`, { method: "POST", body: { name, ...extra } }), 201);
  return json<Role>(await api(`${base}/roles/${encodeURIComponent(name)}`));
}

async function createClient(clientId: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await api(`${base}/clients`, { method: "POST", body: { clientId, ...extra } });
  assert.equal(res.status, 201, await res.text());
  return res.headers.get("location")!.split("/").pop()!;
}

async function createClientRole(clientUuid: string, name: string): Promise<Role> {
  await expectStatus(await api(`${base}/clients/${clientUuid}/roles`, { method: "POST", body: { name } }), 201);
  return json<Role>(await api(`${base}/clients/${clientUuid}/roles/${encodeURIComponent(name)}`));
}

async function createGroup(name: string): Promise<string> {
  const res = await api(`${base}/groups`, { method: "POST", body: { name } });
  assert.equal(res.status, 201, await res.text());
  return res.headers.get("location")!.split("/").pop()!;
}

async function createUser(username: string): Promise<string> {
  const res = await api(`${base}/users`, { method: "POST", body: { username, enabled: true } });
  assert.equal(res.status, 201, await res.text());
  return res.headers.get("location")!.split("/").pop()!;
}

const ref = (role: Role) => ({ id: role.id, name: role.name });

before(async () => {
  server = await startTestServer({ args: ["--seed-demo", "false"] });
  api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
});

after(async () => {
  await server?.dispose();
});

describe("realm roles", () => {
  test("creates a role with 201 and a Location ending in the role name", async () => {
    const res = await api(`${base}/roles`, {
      method: "POST",
      body: { name: "needs space", description: "spaced", attributes: { a: ["1"] } },
    });
    assert.equal(res.status, 201);
    assert.equal(res.headers.get("location"), `${server.baseUrl}/admin/realms/master/roles/needs%20space`);
    const role = await json<Role>(await api(`${base}/roles/needs%20space`));
    const realm = await json<{ id: string }>(await api(base));
    assert.equal(role.name, "needs space");
    assert.equal(role.description, "spaced");
    assert.equal(role.composite, false);
    assert.equal(role.clientRole, false);
    assert.equal(role.containerId, realm.id);
    assert.deepEqual(role.attributes, { a: ["1"] });
  });

  test("rejects duplicates with 409 and a missing name with 400; unknown roles are 404", async () => {
    await createRealmRole("dup-me");
    const dup = await api(`${base}/roles`, { method: "POST", body: { name: "dup-me" } });
    assert.equal(dup.status, 409);
    assert.deepEqual(await dup.json(), { errorMessage: "Role with name dup-me already exists" });
    assert.equal((await api(`${base}/roles`, { method: "POST", body: { description: "x" } })).status, 400);
    const missing = await api(`${base}/roles/not-there`);
    assert.equal(missing.status, 404);
    assert.equal(((await missing.json()) as { error: string }).error, "Could not find role");
  });

  test("lists roles sorted by name, brief by default, searchable by name and description, paged", async () => {
    await createRealmRole("list-b", { description: "Findable text" });
    await createRealmRole("list-a", { attributes: { x: ["y"] } });
    const all = await json<Role[]>(await api(`${base}/roles`));
    const names = all.map((r) => r.name);
    assert.deepEqual(names, [...names].sort());
    assert.equal(all[0].attributes, undefined);
    const full = await json<Role[]>(await api(`${base}/roles?search=list-a&briefRepresentation=false`));
    assert.deepEqual(
      full.map((r) => [r.name, r.attributes]),
      [["list-a", { x: ["y"] }]],
    );
    const byDescription = await json<Role[]>(await api(`${base}/roles?search=findable`));
    assert.deepEqual(
      byDescription.map((r) => r.name),
      ["list-b"],
    );
    const page = await json<Role[]>(await api(`${base}/roles?first=1&max=2`));
    assert.deepEqual(
      page.map((r) => r.name),
      names.slice(1, 3),
    );
  });

  test("updates and renames a role; a rename onto another role is 409", async () => {
    await createRealmRole("old-name");
    await createRealmRole("taken");
    await expectStatus(
      await api(`${base}/roles/old-name`, {
        method: "PUT",
        body: { name: "new-name", description: "now", attributes: { k: ["v"] } },
      }),
      204,
    );
    assert.equal((await api(`${base}/roles/old-name`)).status, 404);
    const role = await json<Role>(await api(`${base}/roles/new-name`));
    assert.equal(role.description, "now");
    assert.deepEqual(role.attributes, { k: ["v"] });
    const clash = await api(`${base}/roles/new-name`, { method: "PUT", body: { name: "taken" } });
    assert.equal(clash.status, 409);
    assert.deepEqual(await clash.json(), { errorMessage: "Role with name taken already exists" });
  });

  test("refuses to delete the realm's default role", async () => {
    const res = await api(`${base}/roles/default-roles-master`, { method: "DELETE" });
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), {
      errorMessage: "default-roles-master is default role of the realm and cannot be removed.",
    });
  });

  test("manages composites by name and by id, realm and client ones apart", async () => {
    const parent = await createRealmRole("parent-role");
    const childA = await createRealmRole("child-a");
    const childB = await createRealmRole("child-b");
    const client = await createClient("composite-client");
    const clientChild = await createClientRole(client, "client-child");
    await expectStatus(
      await api(`${base}/roles/parent-role/composites`, { method: "POST", body: [ref(childA), ref(clientChild)] }),
      204,
    );
    await expectStatus(
      await api(`${base}/roles-by-id/${parent.id}/composites`, { method: "POST", body: [ref(childB)] }),
      204,
    );
    assert.equal((await json<Role>(await api(`${base}/roles/parent-role`))).composite, true);
    const composites = await json<Role[]>(await api(`${base}/roles/parent-role/composites`));
    assert.deepEqual(composites.map((r) => r.name).sort(), ["child-a", "child-b", "client-child"]);
    const realmOnly = await json<Role[]>(await api(`${base}/roles/parent-role/composites/realm`));
    assert.deepEqual(
      realmOnly.map((r) => r.name),
      ["child-a", "child-b"],
    );
    const clientOnly = await json<Role[]>(await api(`${base}/roles/parent-role/composites/clients/${client}`));
    assert.deepEqual(
      clientOnly.map((r) => [r.name, r.clientRole, r.containerId]),
      [["client-child", true, client]],
    );
    const searched = await json<Role[]>(
      await api(`${base}/roles-by-id/${parent.id}/composites?search=child-&first=1&max=1`),
    );
    assert.deepEqual(
      searched.map((r) => r.name),
      ["child-b"],
    );
    const unknown = await api(`${base}/roles/parent-role/composites`, {
      method: "POST",
      body: [{ id: "00000000-0000-0000-0000-000000000000" }],
    });
    assert.equal(unknown.status, 404);
    await expectStatus(
      await api(`${base}/roles/parent-role/composites`, { method: "DELETE", body: [ref(childA)] }),
      204,
    );
    const left = await json<Role[]>(await api(`${base}/roles-by-id/${parent.id}/composites/realm`));
    assert.deepEqual(
      left.map((r) => r.name),
      ["child-b"],
    );
  });

  test("creates a role with composites given by name", async () => {
    await createRealmRole("by-name-child");
    const client = await createClient("by-name-client");
    await createClientRole(client, "by-name-client-role");
    const role = await createRealmRole("by-name-parent", {
      composite: true,
      composites: { realm: ["by-name-child"], client: { "by-name-client": ["by-name-client-role"] } },
    });
    assert.equal(role.composite, true);
    const composites = await json<Role[]>(await api(`${base}/roles/by-name-parent/composites`));
    assert.deepEqual(composites.map((r) => r.name).sort(), ["by-name-child", "by-name-client-role"]);
  });
});

describe("client roles", () => {
  test("creates client roles with a Location under the client and 404 for unknown clients", async () => {
    const client = await createClient("roles-client");
    const res = await api(`${base}/clients/${client}/roles`, { method: "POST", body: { name: "reader" } });
    assert.equal(res.status, 201);
    assert.equal(res.headers.get("location"), `${server.baseUrl}/admin/realms/master/clients/${client}/roles/reader`);
    const role = await json<Role>(await api(`${base}/clients/${client}/roles/reader`));
    assert.equal(role.clientRole, true);
    assert.equal(role.containerId, client);
    assert.equal(
      (await api(`${base}/clients/${client}/roles`, { method: "POST", body: { name: "reader" } })).status,
      409,
    );
    await createRealmRole("reader");
    const list = await json<Role[]>(await api(`${base}/clients/${client}/roles`));
    assert.deepEqual(
      list.map((r) => r.name),
      ["reader"],
    );
    const unknown = await api(`${base}/clients/00000000-0000-0000-0000-000000000000/roles`);
    assert.equal(unknown.status, 404);
    await expectStatus(
      await api(`${base}/clients/${client}/roles/reader`, {
        method: "PUT",
        body: { name: "reader", description: "reads" },
      }),
      204,
    );
    assert.equal((await json<Role>(await api(`${base}/clients/${client}/roles/reader`))).description, "reads");
    await expectStatus(await api(`${base}/clients/${client}/roles/reader`, { method: "DELETE" }), 204);
    assert.equal((await api(`${base}/clients/${client}/roles/reader`)).status, 404);
  });
});

describe("roles by id", () => {
  test("reads, updates and deletes a role by id", async () => {
    const role = await createRealmRole("by-id");
    const read = await json<Role>(await api(`${base}/roles-by-id/${role.id}`));
    assert.equal(read.name, "by-id");
    await expectStatus(await api(`${base}/roles-by-id/${role.id}`, { method: "PUT", body: { name: "by-id-2" } }), 204);
    assert.equal((await json<Role>(await api(`${base}/roles-by-id/${role.id}`))).name, "by-id-2");
    await expectStatus(await api(`${base}/roles-by-id/${role.id}`, { method: "DELETE" }), 204);
    const gone = await api(`${base}/roles-by-id/${role.id}`);
    assert.equal(gone.status, 404);
    assert.equal(((await gone.json()) as { error: string }).error, "Could not find role with id");
  });
});

describe("role mappings", () => {
  test("maps realm and client roles to a group and reports direct, available and effective roles", async () => {
    const group = await createGroup("mapped-group");
    const top = await createRealmRole("gm-top");
    const inner = await createRealmRole("gm-inner");
    const client = await createClient("gm-client");
    const clientRole = await createClientRole(client, "gm-client-role");
    const otherClientRole = await createClientRole(client, "gm-other");
    await expectStatus(await api(`${base}/roles/gm-top/composites`, { method: "POST", body: [ref(inner)] }), 204);

    assert.deepEqual(await json(await api(`${base}/groups/${group}/role-mappings`)), {});
    await expectStatus(
      await api(`${base}/groups/${group}/role-mappings/realm`, { method: "POST", body: [ref(top)] }),
      204,
    );
    await expectStatus(
      await api(`${base}/groups/${group}/role-mappings/clients/${client}`, { method: "POST", body: [ref(clientRole)] }),
      204,
    );

    const mappings = await json<Mappings>(await api(`${base}/groups/${group}/role-mappings`));
    assert.deepEqual(
      mappings.realmMappings!.map((r) => r.name),
      ["gm-top"],
    );
    assert.deepEqual(mappings.clientMappings!["gm-client"].id, client);
    assert.deepEqual(mappings.clientMappings!["gm-client"].client, "gm-client");
    assert.deepEqual(
      mappings.clientMappings!["gm-client"].mappings.map((r) => r.name),
      ["gm-client-role"],
    );

    const effective = await json<Role[]>(await api(`${base}/groups/${group}/role-mappings/realm/composite`));
    assert.deepEqual(effective.map((r) => r.name).sort(), ["gm-inner", "gm-top"]);
    const available = await json<Role[]>(await api(`${base}/groups/${group}/role-mappings/realm/available`));
    assert.ok(available.some((r) => r.name === "gm-inner"));
    assert.ok(!available.some((r) => r.name === "gm-top"));
    const clientAvailable = await json<Role[]>(
      await api(`${base}/groups/${group}/role-mappings/clients/${client}/available`),
    );
    assert.deepEqual(
      clientAvailable.map((r) => r.name),
      ["gm-other"],
    );

    const groupRep = await json<{ realmRoles: string[]; clientRoles: Record<string, string[]> }>(
      await api(`${base}/groups/${group}`),
    );
    assert.deepEqual(groupRep.realmRoles, ["gm-top"]);
    assert.deepEqual(groupRep.clientRoles, { "gm-client": ["gm-client-role"] });

    const uiAvailable = await json<ClientRole[]>(
      await api(`${base}/ui-ext/available-roles/groups/${group}?first=0&max=100&search=gm-`),
    );
    assert.deepEqual(
      uiAvailable.map((r) => [r.role, r.client, r.clientId]),
      [["gm-other", "gm-client", client]],
    );
    assert.equal(uiAvailable[0].id, otherClientRole.id);
    const uiEffective = await json<ClientRole[]>(await api(`${base}/ui-ext/effective-roles/groups/${group}`));
    assert.deepEqual(
      uiEffective.map((r) => r.role),
      ["gm-client-role"],
    );

    const wrong = await api(`${base}/groups/${group}/role-mappings/realm`, {
      method: "POST",
      body: [{ id: inner.id, name: "gm-top" }],
    });
    assert.equal(wrong.status, 404);
    await expectStatus(
      await api(`${base}/groups/${group}/role-mappings/clients/${client}`, {
        method: "DELETE",
        body: [ref(clientRole)],
      }),
      204,
    );
    await expectStatus(
      await api(`${base}/groups/${group}/role-mappings/realm`, { method: "DELETE", body: [ref(top)] }),
      204,
    );
    assert.deepEqual(await json(await api(`${base}/groups/${group}/role-mappings`)), {});
  });

  test("a user's effective roles include its groups' roles, parent groups' roles and composites", async () => {
    const parent = await createGroup("eff-parent");
    const childRes = await api(`${base}/groups/${parent}/children`, { method: "POST", body: { name: "eff-child" } });
    const child = ((await json<{ id: string }>(childRes, 201)) as { id: string }).id;
    const fromParent = await createRealmRole("eff-from-parent");
    const composite = await createRealmRole("eff-composite");
    const nested = await createRealmRole("eff-nested");
    const direct = await createRealmRole("eff-direct");
    await expectStatus(
      await api(`${base}/roles/eff-composite/composites`, { method: "POST", body: [ref(nested)] }),
      204,
    );
    await expectStatus(
      await api(`${base}/groups/${parent}/role-mappings/realm`, { method: "POST", body: [ref(fromParent)] }),
      204,
    );
    await expectStatus(
      await api(`${base}/groups/${child}/role-mappings/realm`, { method: "POST", body: [ref(composite)] }),
      204,
    );
    const user = await createUser("effective-user");
    await expectStatus(await api(`${base}/users/${user}/groups/${child}`, { method: "PUT" }), 204);
    await expectStatus(
      await api(`${base}/users/${user}/role-mappings/realm`, { method: "POST", body: [ref(direct)] }),
      204,
    );

    const directOnly = await json<Role[]>(await api(`${base}/users/${user}/role-mappings/realm`));
    assert.ok(directOnly.some((r) => r.name === "eff-direct"));
    assert.ok(!directOnly.some((r) => r.name === "eff-nested"));
    const effective = (await json<Role[]>(await api(`${base}/users/${user}/role-mappings/realm/composite`))).map(
      (r) => r.name,
    );
    for (const name of ["eff-direct", "eff-from-parent", "eff-composite", "eff-nested"])
      assert.ok(effective.includes(name), name);
    const childEffective = (await json<Role[]>(await api(`${base}/groups/${child}/role-mappings/realm/composite`))).map(
      (r) => r.name,
    );
    assert.deepEqual(childEffective.sort(), ["eff-composite", "eff-from-parent", "eff-nested"]);

    const users = await json<{ username: string }[]>(await api(`${base}/roles/eff-direct/users`));
    assert.deepEqual(
      users.map((u) => u.username),
      ["effective-user"],
    );
    const groups = await json<{ name: string; path: string }[]>(await api(`${base}/roles/eff-composite/groups`));
    assert.deepEqual(
      groups.map((g) => g.path),
      ["/eff-parent/eff-child"],
    );
    assert.equal((await api(`${base}/users/00000000-0000-0000-0000-000000000000/role-mappings`)).status, 404);
  });

  test("deleting a role removes it from mappings and composites, durably", async () => {
    const group = await createGroup("cleanup-group");
    const victim = await createRealmRole("victim");
    await createRealmRole("holder");
    await expectStatus(await api(`${base}/roles/holder/composites`, { method: "POST", body: [ref(victim)] }), 204);
    await expectStatus(
      await api(`${base}/groups/${group}/role-mappings/realm`, { method: "POST", body: [ref(victim)] }),
      204,
    );
    await expectStatus(await api(`${base}/roles/victim`, { method: "DELETE" }), 204);
    await server.restart();
    api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
    assert.deepEqual(await json(await api(`${base}/roles/holder/composites`)), []);
    assert.equal((await json<Role>(await api(`${base}/roles/holder`))).composite, false);
    assert.deepEqual(await json(await api(`${base}/groups/${group}/role-mappings`)), {});
  });
});

describe("permissions", () => {
  test("a service account with view-realm may read roles but not change them or read groups", async () => {
    const client = await createClient("limited-admin", { publicClient: false, serviceAccountsEnabled: true });
    const serviceUser = await json<{ id: string }>(await api(`${base}/clients/${client}/service-account-user`));
    const secret = await json<{ value: string }>(await api(`${base}/clients/${client}/client-secret`));
    const clients = await json<{ id: string }[]>(await api(`${base}/clients?clientId=master-realm`));
    const viewRealm = await json<Role>(await api(`${base}/clients/${clients[0].id}/roles/view-realm`));
    await expectStatus(
      await api(`${base}/users/${serviceUser.id}/role-mappings/clients/${clients[0].id}`, {
        method: "POST",
        body: [ref(viewRealm)],
      }),
      204,
    );

    const tokenRes = await fetch(`${server.baseUrl}/realms/master/protocol/openid-connect/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "client_credentials",
        client_id: "limited-admin",
        client_secret: secret.value,
      }),
    });
    const token = (await json<{ access_token: string }>(tokenRes)).access_token;
    const limited = adminFetch(server.baseUrl, token);
    assert.equal((await limited(`${base}/roles`)).status, 200);
    assert.equal((await limited(`${base}/roles/default-roles-master`)).status, 200);
    assert.equal((await limited(`${base}/roles`, { method: "POST", body: { name: "nope" } })).status, 403);
    assert.equal((await limited(`${base}/groups`)).status, 403);
    assert.equal((await limited(`${base}/groups`, { method: "POST", body: { name: "nope" } })).status, 403);
  });

  test("records admin events for role changes", async () => {
    const realm = await json<Record<string, unknown>>(await api(base));
    await expectStatus(
      await api(base, { method: "PUT", body: { ...realm, adminEventsEnabled: true, adminEventsDetailsEnabled: true } }),
      204,
    );
    await createRealmRole("audited-role");
    const events = await json<{ operationType: string; resourceType: string; resourcePath: string }[]>(
      await api(`${base}/admin-events`),
    );
    assert.ok(
      events.some(
        (e) =>
          e.operationType === "CREATE" && e.resourceType === "REALM_ROLE" && e.resourcePath === "roles/audited-role",
      ),
    );
  });
});
