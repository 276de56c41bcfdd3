import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Db } from "../../demo/server/src/store/db.ts";
import type { UserRecord } from "../../demo/server/src/store/types.ts";
import { keepProxiedUsersUnlisted } from "../../demo/server/src/federation/proxied-users.ts";

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

test("users a directory serves without import are kept on disk but never listed or counted, also after a restart", async () => {
  const dir = mkdtempSync(join(tmpdir(), "kc-transient-"));
  try {
    const db = await Db.open(dir);
    keepProxiedUsersUnlisted(db);
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
    await db.write((tx) => tx.put("users", { ...user("f:provider:rsmith", "rsmith"), roleIds: ["role-1"] }));
    assert.deepEqual(db.get("users", "f:provider:rsmith")?.roleIds, ["role-1"]);
    await db.write((tx) => tx.put("users", { ...user("f:provider:jbrown", "jbrown"), groupIds: ["group-1"] }));
    await db.write((tx) => tx.delete("users", "f:provider:jbrown"));
    await db.close();
    const reopened = await Db.open(dir);
    keepProxiedUsersUnlisted(reopened);
    assert.deepEqual(reopened.get("users", "f:provider:rsmith")?.roleIds, ["role-1"], "a grant survives a restart");
    assert.equal(reopened.get("users", "f:provider:jbrown"), undefined, "a deleted one stays deleted");
    assert.equal(reopened.get("users", "local-1")?.username, "local");
    assert.deepEqual(
      reopened.list("users", "r1").map((u) => u.username),
      ["local"],
      "still not listed after the restart",
    );
    assert.equal(reopened.count("users", "r1"), 1);
    await reopened.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
