import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { adminFetch, adminToken, startTestServer, type TestServer } from "../support/server.ts";

// The scale realm holds 100,000 users: paging, search and counts answer right there (their speed is measured by
// `npm run bench`, not asserted here).
let server: TestServer;
let api: ReturnType<typeof adminFetch>;
const base = "/admin/realms/scale/users";

before(async () => {
  server = await startTestServer({ args: ["--seed-demo", "false", "--seed-scale", "true"] });
  api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
});

after(async () => {
  await server?.dispose();
});

async function call<T>(path: string, init?: Parameters<typeof api>[1]): Promise<{ body: T; status: number }> {
  const res = await api(path, init);
  const text = await res.text();
  return { body: (text ? JSON.parse(text) : undefined) as T, status: res.status };
}

test("lists, pages, searches and counts 100,000 users", async () => {
  const first = await call<{ username: string }[]>(base);
  assert.equal(first.status, 200);
  assert.equal(first.body.length, 100, "default max is 100");
  const names = first.body.map((u) => u.username);
  assert.deepEqual(names, [...names].sort(), "sorted by username");

  const deep = await call<{ username: string }[]>(`${base}?first=99000&max=20`);
  assert.equal(deep.status, 200);
  assert.equal(deep.body.length, 20, "a page deep in the realm is full");
  assert.ok(deep.body[0].username > names.at(-1)!, "and comes after the first page");
  for (const path of [`${base}?search=ada`, `${base}?briefRepresentation=true`])
    assert.equal((await call(path)).status, 200, path);
  assert.equal((await call<number>(`${base}/count`)).body, 100_000);

  const created = await call(base, { method: "POST", body: { username: "aaa-first", enabled: true } });
  assert.equal(created.status, 201);
  const after = await call<{ username: string }[]>(`${base}?max=1`);
  assert.equal(after.body[0].username, "aaa-first");
});
