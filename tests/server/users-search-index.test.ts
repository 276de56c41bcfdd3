import { test } from "node:test";
import assert from "node:assert/strict";
import { Db } from "../../demo/server/src/store/db.ts";
import type { RealmRecord, UserRecord } from "../../demo/server/src/store/types.ts";
import type { ServerContext } from "../../demo/server/src/context.ts";
import { findUsers, countUsers } from "../../demo/server/src/admin/users/user-list.ts";
import { parseUserFilter } from "../../demo/server/src/admin/users/search.ts";
import { userIdByUsername } from "../../demo/server/src/admin/users/username-index.ts";

const realm = { id: "r1", realm: "r1" } as RealmRecord;

function user(id: string, username: string, email?: string, firstName?: string, lastName?: string): UserRecord {
  return {
    id,
    realmId: realm.id,
    username,
    email,
    firstName,
    lastName,
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
  };
}

const names = (users: UserRecord[]) => users.map((u) => u.username);

test("prefix search merges username, email and name matches in username order, and follows renames and deletes", async () => {
  const db = Db.memory();
  const server = { db } as ServerContext;
  await db.write((tx) => {
    tx.put("users", user("1", "zed", "alpha@x.org"));
    tx.put("users", user("2", "alpha", "zz@x.org"));
    tx.put("users", user("3", "mike", "m@x.org", "Alfred"));
    tx.put("users", user("4", "bob", "b@x.org", "Bob", "Alsop"));
    tx.put("users", user("5", "carl", "c@x.org"));
  });
  const search = (term: string, first = 0, max = 10) =>
    names(findUsers(server, realm, parseUserFilter({ search: term }), first, max));
  assert.deepEqual(search("al"), ["alpha", "bob", "mike", "zed"]);
  assert.deepEqual(search("al", 1, 2), ["bob", "mike"]);
  assert.equal(countUsers(server, realm, parseUserFilter({ search: "al" })), 4);
  assert.deepEqual(search("*ar*"), ["carl"]);

  const carl = db.get("users", "5")!;
  carl.username = "albert"; // changed in place, as the routes do
  await db.write((tx) => tx.put("users", carl));
  assert.deepEqual(search("al"), ["albert", "alpha", "bob", "mike", "zed"]);
  assert.equal(userIdByUsername(db, realm.id, "ALBERT"), "5");
  assert.equal(userIdByUsername(db, realm.id, "carl"), undefined);

  await db.write((tx) => tx.delete("users", "2"));
  assert.deepEqual(search("al"), ["albert", "bob", "mike", "zed"]);
});
