import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Db } from "../../demo/server/src/store/db.ts";
import type { UserRecord } from "../../demo/server/src/store/types.ts";
import { keepProxiedUsersInMemory } from "../../demo/server/src/federation/proxied-users.ts";

const user = (id: string, username: string): UserRecord => ({
  id,
  realmId: "r1",
  username,
  enabled: true,
  emailVerified: false,
  attributes: {},
  requiredActions: [],
  createdTimestamp: 0,
  notBefore: 0,
  credentials: [],
  groupIds: [],
  roleIds: [],
  federatedIdentities: [],
  consents: [],
});

test("users a directory serves without import live in memory only: found by id, never logged, listed or kept", async () => {
  const dir = mkdtempSync(join(tmpdir(), "kc-transient-"));
  try {
    const db = await Db.open(dir);
    keepProxiedUsersInMemory(db);
    await db.write((tx) => {
      tx.put("users", user("local-1", "local"));
      tx.put("users", user("f:provider:rsmith", "rsmith"));
    });
    assert.equal(db.get("users", "f:provider:rsmith")?.username, "rsmith");
    assert.deepEqual(
      db.list("users", "r1").map((u) => u.username),
      ["local"],
    );
    assert.equal(db.count("users", "r1"), 1);
    await db.write((tx) => tx.put("users", { ...user("f:provider:rsmith", "rsmith"), email: "r@example.org" }));
    assert.equal(db.get("users", "f:provider:rsmith")?.email, "r@example.org");
    await db.write((tx) => tx.delete("users", "f:provider:rsmith"));
    assert.equal(db.get("users", "f:provider:rsmith"), undefined);
    await db.write((tx) => tx.put("users", user("f:provider:jbrown", "jbrown")));
    await db.close();
    const written = readdirSync(dir)
      .map((f) => readFileSync(join(dir, f), "utf8"))
      .join("");
    assert.ok(written.includes("local-1"));
    assert.ok(!written.includes("f:provider:"), "nothing of the directory's users reached the disk");
    const reopened = await Db.open(dir);
    keepProxiedUsersInMemory(reopened);
    assert.equal(reopened.get("users", "f:provider:jbrown"), undefined);
    assert.equal(reopened.get("users", "local-1")?.username, "local");
    await reopened.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
