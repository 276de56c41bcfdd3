import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { adminFetch, adminToken, startTestServer, type TestServer } from "../support/server.ts";

let server: TestServer;
let api: ReturnType<typeof adminFetch>;

const signIn = async () => {
  api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
};

/** Runs `task(i)` for i in [0, total) with `workers` parallel loops; stops a loop at its first thrown error. */
async function pool(total: number, workers: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < total) {
        const i = next++;
        try {
          await task(i);
        } catch {
          return;
        }
      }
    }),
  );
}

before(async () => {
  server = await startTestServer({ args: ["--seed-demo", "false"] });
  await signIn();
  const res = await api("/admin/realms", { method: "POST", body: { realm: "load" } });
  assert.equal(res.status, 201, await res.text());
});

after(async () => {
  await server?.dispose();
});

describe("durability", () => {
  test("SIGKILL during a burst of writes loses no acknowledged write and the store loads", async () => {
    const acknowledgedRoles: string[] = [];
    const acknowledgedRealms: string[] = [];
    const unexpected: string[] = [];
    let killing: Promise<void> | undefined;
    const burst = pool(600, 24, async (i) => {
      if (i % 40 === 0) {
        const realm = `burst-${i}`;
        const res = await api("/admin/realms", { method: "POST", body: { realm } });
        if (res.status === 201) acknowledgedRealms.push(realm);
        return;
      }
      const name = `burst-role-${i}`;
      const res = await api("/admin/realms/load/roles", { method: "POST", body: { name, description: `role ${i}` } });
      if (res.status === 201) acknowledgedRoles.push(name);
      else unexpected.push(`${name}: ${res.status} ${await res.text()}`);
      if (acknowledgedRoles.length >= 150 && !killing) killing = server.kill();
    });
    await burst;
    await killing;
    assert.deepEqual(unexpected, []);
    assert.ok(acknowledgedRoles.length >= 150, `only ${acknowledgedRoles.length} writes acknowledged`);
    assert.ok(acknowledgedRoles.length < 580, "the server was killed during the burst");

    await server.restart();
    await signIn();
    for (const name of acknowledgedRoles) {
      const res = await api(`/admin/realms/load/roles/${name}`);
      assert.equal(res.status, 200, `acknowledged role ${name} lost`);
      assert.equal(
        ((await res.json()) as { description: string }).description,
        `role ${name.slice("burst-role-".length)}`,
      );
    }
    for (const realm of acknowledgedRealms) {
      const res = await api(`/admin/realms/${realm}`);
      assert.equal(res.status, 200, `acknowledged realm ${realm} lost`);
      const clients = (await (await api(`/admin/realms/${realm}/clients`)).json()) as unknown[];
      assert.ok(clients.length >= 6, `realm ${realm} is incomplete`);
    }
    assert.ok(readdirSync(server.dataDir).some((f) => f.startsWith("snapshot-")));
  });

  test("10 concurrent clients create 1,000 users; all exist after a restart", async () => {
    const failures: string[] = [];
    await Promise.all(
      Array.from({ length: 10 }, async (_, client) => {
        for (let n = 0; n < 100; n++) {
          const username = `load-${client}-${n}`;
          const res = await api("/admin/realms/load/users", {
            method: "POST",
            body: {
              username,
              email: `${username}@example.com`,
              firstName: "Load",
              lastName: `User ${client} ${n}`,
              enabled: true,
            },
          });
          if (res.status !== 201) failures.push(`${username}: ${res.status} ${await res.text()}`);
        }
      }),
    );
    assert.deepEqual(failures, []);
    await server.kill();
    await server.restart();
    await signIn();
    const count = await (await api("/admin/realms/load/users/count")).json();
    assert.equal(count, 1000);
    const users = (await (await api("/admin/realms/load/users?first=0&max=2000&briefRepresentation=true")).json()) as {
      username: string;
    }[];
    const names = new Set(users.map((u) => u.username));
    for (let client = 0; client < 10; client++)
      for (let n = 0; n < 100; n++) assert.ok(names.has(`load-${client}-${n}`), `load-${client}-${n} missing`);
  });
});
