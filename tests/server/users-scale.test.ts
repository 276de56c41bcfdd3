import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { adminFetch, adminToken, startTestServer, type TestServer } from "../support/server.ts";

// The scale realm holds 100,000 users; listing must not sort or scan the whole realm per request.
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

async function timed<T>(
  path: string,
  init?: Parameters<typeof api>[1],
): Promise<{ body: T; ms: number; status: number }> {
  const started = performance.now();
  const res = await api(path, init);
  const text = await res.text();
  return { body: (text ? JSON.parse(text) : undefined) as T, ms: performance.now() - started, status: res.status };
}

test("lists, pages, searches and counts 100,000 users quickly", async () => {
  const first = await timed<{ username: string }[]>(base);
  assert.equal(first.status, 200);
  assert.equal(first.body.length, 100, "default max is 100");
  const names = first.body.map((u) => u.username);
  assert.deepEqual(names, [...names].sort(), "sorted by username");

  for (const path of [
    `${base}?first=99000&max=20`,
    `${base}?search=ada`,
    `${base}?briefRepresentation=true`,
    `${base}/count`,
  ]) {
    const { status, ms } = await timed(path);
    assert.equal(status, 200, path);
    assert.ok(ms < 1500, `${path} took ${Math.round(ms)} ms`);
  }
  assert.equal((await timed<number>(`${base}/count`)).body, 100_000);

  const created = await timed(base, { method: "POST", body: { username: "aaa-first", enabled: true } });
  assert.equal(created.status, 201);
  const after = await timed<{ username: string }[]>(`${base}?max=1`);
  assert.equal(after.body[0].username, "aaa-first");
  assert.ok(after.ms < 1500, `listing after a create took ${Math.round(after.ms)} ms`);
});
