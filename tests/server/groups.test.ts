import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { adminFetch, adminToken, startTestServer, type TestServer } from "../support/server.ts";

interface Group {
  id: string;
  name: string;
  path: string;
  parentId?: string;
  subGroupCount?: number;
  subGroups: Group[];
  attributes?: Record<string, string[]>;
  realmRoles?: string[];
  clientRoles?: Record<string, string[]>;
  access?: Record<string, boolean>;
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

async function createTop(name: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await api(`${base}/groups`, { method: "POST", body: { name, ...extra } });
  assert.equal(res.status, 201, await res.text());
  return res.headers.get("location")!.split("/").pop()!;
}

async function createChild(parentId: string, name: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await api(`${base}/groups/${parentId}/children`, { method: "POST", body: { name, ...extra } });
  const body = await json<Group>(res, 201);
  return body.id;
}

async function createUser(username: string): Promise<string> {
  const res = await api(`${base}/users`, { method: "POST", body: { username, enabled: true } });
  assert.equal(res.status, 201, await res.text());
  return res.headers.get("location")!.split("/").pop()!;
}

before(async () => {
  server = await startTestServer({ args: ["--seed-demo", "false"] });
  api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
});

after(async () => {
  await server?.dispose();
});

describe("groups", () => {
  test("answers 401 without a token and 404 for an unknown realm", async () => {
    assert.equal((await fetch(`${server.baseUrl}${base}/groups`)).status, 401);
    assert.equal((await api("/admin/realms/nope/groups")).status, 404);
  });

  test("creates a top-level group with 201 and a Location ending in its id", async () => {
    const res = await api(`${base}/groups`, {
      method: "POST",
      body: { name: "alpha", description: "first", attributes: { color: ["red"] } },
    });
    assert.equal(res.status, 201);
    assert.equal(await res.text(), "");
    const location = res.headers.get("location")!;
    assert.match(location, new RegExp(`^${server.baseUrl}/admin/realms/master/groups/[0-9a-f-]{36}$`));
    const group = await json<Group>(await api(location.slice(server.baseUrl.length)));
    assert.equal(group.name, "alpha");
    assert.equal(group.path, "/alpha");
    assert.equal(group.description, "first");
    assert.deepEqual(group.attributes, { color: ["red"] });
    assert.deepEqual(group.realmRoles, []);
    assert.deepEqual(group.clientRoles, {});
    assert.deepEqual(group.subGroups, []);
    assert.equal(group.subGroupCount, 0);
    assert.equal(group.parentId, undefined);
    assert.deepEqual(group.access, {
      view: true,
      viewMembers: true,
      manageMembers: true,
      manage: true,
      manageMembership: true,
    });
  });

  test("rejects a duplicate top-level name with 409 and a missing name with 400", async () => {
    const dup = await api(`${base}/groups`, { method: "POST", body: { name: "alpha" } });
    assert.equal(dup.status, 409);
    assert.deepEqual(await dup.json(), { errorMessage: "Top level group named 'alpha' already exists." });
    const missing = await api(`${base}/groups`, { method: "POST", body: { description: "x" } });
    assert.equal(missing.status, 400);
    assert.deepEqual(await missing.json(), { errorMessage: "Group name is missing" });
  });

  test("creates children with 201, Location and the child in the body; siblings must be unique", async () => {
    const parent = await createTop("parent");
    const res = await api(`${base}/groups/${parent}/children`, { method: "POST", body: { name: "kid" } });
    assert.equal(res.status, 201);
    const child = (await res.json()) as Group;
    assert.equal(res.headers.get("location"), `${server.baseUrl}/admin/realms/master/groups/${child.id}`);
    assert.equal(child.path, "/parent/kid");
    assert.equal(child.parentId, parent);
    const dup = await api(`${base}/groups/${parent}/children`, { method: "POST", body: { name: "kid" } });
    assert.equal(dup.status, 409);
    assert.deepEqual(await dup.json(), { errorMessage: "Sibling group named 'kid' already exists." });
    const unknown = await api(`${base}/groups/00000000-0000-0000-0000-000000000000/children`, {
      method: "POST",
      body: { name: "x" },
    });
    assert.equal(unknown.status, 404);
  });

  test("lists top-level groups sorted by name with subGroupCount, paged by first/max, brief by default", async () => {
    const p = await createTop("zz-paging");
    await createChild(p, "one");
    await createChild(p, "two");
    const all = await json<Group[]>(await api(`${base}/groups`));
    const names = all.map((g) => g.name);
    assert.deepEqual(names, [...names].sort());
    const paging = all.find((g) => g.name === "zz-paging")!;
    assert.equal(paging.subGroupCount, 2);
    assert.deepEqual(paging.subGroups, []);
    assert.equal(paging.attributes, undefined);
    const page = await json<Group[]>(await api(`${base}/groups?first=1&max=2`));
    assert.deepEqual(
      page.map((g) => g.name),
      names.slice(1, 3),
    );
    const full = await json<Group[]>(await api(`${base}/groups?briefRepresentation=false&max=1`));
    assert.ok(full[0].attributes);
  });

  test("search finds groups at any depth and returns them under their ancestors", async () => {
    const root = await createTop("org");
    const dept = await createChild(root, "dept");
    const team = await createChild(dept, "needle-team");
    await createChild(dept, "other");
    const other = await createTop("elsewhere");
    await createChild(other, "needle-two");
    const found = await json<Group[]>(await api(`${base}/groups?search=needle`));
    assert.deepEqual(
      found.map((g) => g.name),
      ["elsewhere", "org"],
    );
    const org = found.find((g) => g.name === "org")!;
    assert.equal(org.subGroups.length, 1);
    assert.equal(org.subGroups[0].name, "dept");
    assert.equal(org.subGroups[0].subGroupCount, 2);
    assert.deepEqual(
      org.subGroups[0].subGroups.map((g) => [g.id, g.path]),
      [[team, "/org/dept/needle-team"]],
    );
    const exact = await json<Group[]>(await api(`${base}/groups?search=needle-team&exact=true`));
    assert.equal(exact.length, 1);
    assert.equal(exact[0].name, "org");
    const none = await json<Group[]>(await api(`${base}/groups?search=NEEDLE-TEAM&exact=true`));
    assert.deepEqual(none, []);
    const flat = await json<Group[]>(await api(`${base}/groups?search=needle&populateHierarchy=false`));
    assert.deepEqual(
      flat.map((g) => g.path),
      ["/org/dept/needle-team", "/elsewhere/needle-two"],
    );
    const paged = await json<Group[]>(await api(`${base}/groups?search=needle&populateHierarchy=false&first=1&max=1`));
    assert.deepEqual(
      paged.map((g) => g.name),
      ["needle-two"],
    );
  });

  test("q filters by attributes", async () => {
    const id = await createTop("attr-holder", { attributes: { region: ["EU"], tier: ["gold"] } });
    await createTop("attr-other", { attributes: { region: ["US"] } });
    const found = await json<Group[]>(await api(`${base}/groups?q=${encodeURIComponent("region:eu tier:gold")}`));
    assert.deepEqual(
      found.map((g) => g.id),
      [id],
    );
  });

  test("counts all groups, top-level groups and name matches", async () => {
    const all = await json<{ count: number }>(await api(`${base}/groups/count`));
    const top = await json<{ count: number }>(await api(`${base}/groups/count?top=true`));
    const listed = await json<Group[]>(await api(`${base}/groups`));
    assert.equal(top.count, listed.length);
    assert.ok(all.count > top.count);
    assert.deepEqual(await json(await api(`${base}/groups/count?search=needle`)), { count: 2 });
  });

  test("children are listed sorted by name, paged (default 10) and searchable; full by default", async () => {
    const parent = await createTop("many-kids");
    for (const name of ["k05", "k01", "k12", "k03", "k02", "k04", "k06", "k07", "k08", "k09", "k10", "k11"])
      await createChild(parent, name, { attributes: { n: [name] } });
    const firstPage = await json<Group[]>(await api(`${base}/groups/${parent}/children`));
    assert.deepEqual(
      firstPage.map((g) => g.name),
      ["k01", "k02", "k03", "k04", "k05", "k06", "k07", "k08", "k09", "k10"],
    );
    assert.deepEqual(firstPage[0].attributes, { n: ["k01"] });
    assert.equal(firstPage[0].subGroupCount, 0);
    const rest = await json<Group[]>(
      await api(`${base}/groups/${parent}/children?first=10&max=10&briefRepresentation=true`),
    );
    assert.deepEqual(
      rest.map((g) => g.name),
      ["k11", "k12"],
    );
    assert.equal(rest[0].attributes, undefined);
    const searched = await json<Group[]>(await api(`${base}/groups/${parent}/children?search=K1`));
    assert.deepEqual(
      searched.map((g) => g.name),
      ["k10", "k11", "k12"],
    );
    const exact = await json<Group[]>(await api(`${base}/groups/${parent}/children?search=k1&exact=true`));
    assert.deepEqual(exact, []);
  });

  test("updates name, description and attributes; rejects sibling clashes, blank names and foreign ids", async () => {
    const parent = await createTop("upd-parent");
    const a = await createChild(parent, "a");
    await createChild(parent, "b");
    const ok = await api(`${base}/groups/${a}`, {
      method: "PUT",
      body: { name: "a2", description: "d", attributes: { k: ["v"] } },
    });
    assert.equal(ok.status, 204);
    const group = await json<Group>(await api(`${base}/groups/${a}`));
    assert.equal(group.path, "/upd-parent/a2");
    assert.equal(group.description, "d");
    assert.deepEqual(group.attributes, { k: ["v"] });
    const clash = await api(`${base}/groups/${a}`, { method: "PUT", body: { name: "b" } });
    assert.equal(clash.status, 409);
    assert.deepEqual(await clash.json(), { errorMessage: "Sibling group named 'b' already exists." });
    const blank = await api(`${base}/groups/${a}`, { method: "PUT", body: { name: " " } });
    assert.equal(blank.status, 400);
    const wrongId = await api(`${base}/groups/${a}`, { method: "PUT", body: { id: parent, name: "a3" } });
    assert.equal(wrongId.status, 400);
    assert.deepEqual(await wrongId.json(), { errorMessage: "Invalid group id" });
    assert.equal((await api(`${base}/groups/00000000-0000-0000-0000-000000000000`)).status, 404);
  });

  test("moves a group under another parent and back to the top level", async () => {
    const from = await createTop("move-from");
    const to = await createTop("move-to");
    const moving = await createChild(from, "mover");
    await createChild(moving, "passenger");
    const moved = await api(`${base}/groups/${to}/children`, { method: "POST", body: { id: moving, name: "mover" } });
    assert.equal(moved.status, 204);
    const group = await json<Group>(await api(`${base}/groups/${moving}`));
    assert.equal(group.parentId, to);
    assert.equal(group.path, "/move-to/mover");
    const passenger = await json<Group[]>(await api(`${base}/groups/${moving}/children`));
    assert.equal(passenger[0].path, "/move-to/mover/passenger");
    assert.equal((await json<Group>(await api(`${base}/groups/${from}`))).subGroupCount, 0);
    assert.equal((await json<Group>(await api(`${base}/groups/${to}`))).subGroupCount, 1);
    const cycle = await api(`${base}/groups/${passenger[0].id}/children`, {
      method: "POST",
      body: { id: moving, name: "mover" },
    });
    assert.equal(cycle.status, 400);
    const top = await api(`${base}/groups`, { method: "POST", body: { id: moving, name: "mover" } });
    assert.equal(top.status, 204);
    const atTop = await json<Group>(await api(`${base}/groups/${moving}`));
    assert.equal(atTop.path, "/mover");
    assert.equal(atTop.parentId, undefined);
    await createChild(to, "mover");
    const clash = await api(`${base}/groups/${to}/children`, { method: "POST", body: { id: moving, name: "mover" } });
    assert.equal(clash.status, 409);
    const missing = await api(`${base}/groups`, {
      method: "POST",
      body: { id: "00000000-0000-0000-0000-000000000000", name: "x" },
    });
    assert.equal(missing.status, 404);
  });

  test("deletes a group with its subgroups", async () => {
    const top = await createTop("doomed");
    const child = await createChild(top, "doomed-child");
    assert.equal((await api(`${base}/groups/${top}`, { method: "DELETE" })).status, 204);
    assert.equal((await api(`${base}/groups/${top}`)).status, 404);
    assert.equal((await api(`${base}/groups/${child}`)).status, 404);
    assert.equal((await api(`${base}/groups/${top}`, { method: "DELETE" })).status, 404);
  });

  test("management permissions answer disabled", async () => {
    const id = await createTop("perm-holder");
    assert.deepEqual(await json(await api(`${base}/groups/${id}/management/permissions`)), { enabled: false });
  });

  test("keeps groups across a restart", async () => {
    const id = await createTop("durable");
    const child = await createChild(id, "durable-kid");
    await server.restart();
    api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
    const group = await json<Group>(await api(`${base}/groups/${child}`));
    assert.equal(group.path, "/durable/durable-kid");
    assert.equal((await json<Group>(await api(`${base}/groups/${id}`))).subGroupCount, 1);
  });

  test("lists members sorted by username, paged, full unless brief", async () => {
    const group = await createTop("with-members");
    const users = [await createUser("member-b"), await createUser("member-a"), await createUser("member-c")];
    for (const user of users)
      assert.equal((await api(`${base}/users/${user}/groups/${group}`, { method: "PUT" })).status, 204);
    const members = await json<{ username: string; requiredActions?: string[] }[]>(
      await api(`${base}/groups/${group}/members`),
    );
    assert.deepEqual(
      members.map((m) => m.username),
      ["member-a", "member-b", "member-c"],
    );
    assert.ok(Array.isArray(members[0].requiredActions));
    const page = await json<{ username: string; requiredActions?: string[] }[]>(
      await api(`${base}/groups/${group}/members?first=1&max=1&briefRepresentation=true`),
    );
    assert.deepEqual(
      page.map((m) => m.username),
      ["member-b"],
    );
    assert.equal(page[0].requiredActions, undefined);
  });

  test("records admin events for group mutations", async () => {
    const realm = await json<Record<string, unknown>>(await api(base));
    const enable = await api(base, {
      method: "PUT",
      body: { ...realm, adminEventsEnabled: true, adminEventsDetailsEnabled: true },
    });
    assert.equal(enable.status, 204);
    const id = await createTop("audited");
    const events = await json<{ operationType: string; resourceType: string; resourcePath: string }[]>(
      await api(`${base}/admin-events?resourceTypes=GROUP`),
    );
    assert.ok(events.some((e) => e.operationType === "CREATE" && e.resourcePath === `groups/${id}`));
  });
});
