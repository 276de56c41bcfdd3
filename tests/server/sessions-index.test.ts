import { test } from "node:test";
import assert from "node:assert/strict";
import { Db } from "../../demo/server/src/store/db.ts";
import type { ClientRecord, RealmRecord, UserRecord, UserSessionRecord } from "../../demo/server/src/store/types.ts";
import type { ServerContext } from "../../demo/server/src/context.ts";
import { sessionPage, type SessionType } from "../../demo/server/src/admin/ui-ext/sessions.ts";
import { clientSessionCounts } from "../../demo/server/src/access/session-counts.ts";
import { isSessionActive } from "../../demo/server/src/access/sessions.ts";
import { hasSessionIndex, sessionIdsOfUser } from "../../demo/server/src/access/session-index.ts";

const realm = { id: "r1", realm: "r1", settings: {} } as unknown as RealmRecord;
const other = { id: "r2", realm: "r2", settings: {} } as unknown as RealmRecord;

const user = (id: string, username: string, realmId = realm.id) => ({ id, realmId, username }) as UserRecord;
const client = (id: string, clientId: string, realmId = realm.id) => ({ id, realmId, clientId }) as ClientRecord;

let clock = Date.now();
function session(id: string, userId: string, clientIds: string[], ip: string, more: Partial<UserSessionRecord> = {}) {
  const at = clock++;
  const clients = Object.fromEntries(clientIds.map((c) => [c, { clientId: c, started: at, lastAccess: at }]));
  return {
    id,
    realmId: realm.id,
    userId,
    ipAddress: ip,
    start: at,
    lastAccess: at,
    rememberMe: false,
    offline: false,
    clients,
    notes: {},
    ...more,
  } satisfies UserSessionRecord;
}

/** The answer the sessions page gave before the index: every session walked, newest first. */
function walked(db: Db, type: SessionType, search: string, first: number, max: number) {
  const s = search.toLowerCase();
  const clients = new Set(
    db
      .list("clients", realm.id)
      .filter((c) => c.clientId.toLowerCase().includes(s))
      .map((c) => c.id),
  );
  return db
    .list("userSessions", realm.id)
    .reverse()
    .filter((x) => (type === "ALL" ? true : type === "OFFLINE" ? x.offline : !x.offline))
    .filter((x) => isSessionActive(realm, x))
    .filter(
      (x) =>
        !s ||
        x.ipAddress.toLowerCase().includes(s) ||
        !!db.get("users", x.userId)?.username.includes(s) ||
        Object.keys(x.clients).some((c) => clients.has(c)),
    )
    .slice(first, first + max)
    .map((x) => x.id.replace(/^offline:/, ""));
}

/** The answer client-session-stats gave before the index: every live session's clients counted. */
function countedByWalk(db: Db) {
  const counts: Record<string, string> = {};
  for (const x of db.list("userSessions", realm.id)) {
    if (!isSessionActive(realm, x)) continue;
    for (const c of Object.keys(x.clients)) {
      const [a, o] = (counts[c] ?? "0/0").split("/").map(Number);
      counts[c] = x.offline ? `${a}/${o! + 1}` : `${a! + 1}/${o}`;
    }
  }
  return counts;
}

const counted = (db: Db) =>
  Object.fromEntries([...clientSessionCounts(db, realm)].map(([c, n]) => [c, `${n.active}/${n.offline}`]));

test("session search and per-client counts through the index match a walk of every session, across changes", async () => {
  const db = Db.memory();
  const server = { db } as ServerContext;
  await db.write((tx) => {
    for (const [id, name] of [
      ["u1", "alice"],
      ["u2", "bob"],
      ["u3", "alicia"],
      ["u4", "carol"],
    ])
      tx.put("users", user(id!, name!));
    tx.put("users", user("x1", "alice-elsewhere", other.id));
    tx.put("clients", client("c1", "web-app"));
    tx.put("clients", client("c2", "admin-portal"));
    tx.put("clients", client("c3", "mobile"));
    tx.put("userSessions", session("s1", "u1", ["c1"], "10.0.0.1"));
    tx.put("userSessions", session("s2", "u2", ["c1", "c2"], "10.0.0.2"));
    tx.put("userSessions", session("s3", "u3", ["c3"], "192.168.1.7"));
    tx.put("userSessions", session("s4", "u1", ["c2"], "10.0.0.1"));
    tx.put("userSessions", session("offline:s1", "u1", ["c1"], "10.0.0.1", { offline: true }));
    tx.put("userSessions", { ...session("s9", "x1", ["c1"], "10.0.0.9"), realmId: other.id });
    // Long expired: neither listed nor counted.
    tx.put("userSessions", session("s5", "u4", ["c3"], "10.0.0.5", { start: 0, lastAccess: 0 }));
  });
  const searches = ["", "ali", "alice", "ALI", "10.0.0", "0.1", "app", "portal", "web", "bob", "nobody", "al", "1"];
  const check = (label: string) => {
    for (const type of ["ALL", "REGULAR", "OFFLINE"] as const)
      for (const search of searches)
        for (const [first, max] of [
          [0, 10],
          [1, 1],
        ] as const) {
          const page = sessionPage(server, realm, { type, search, first, max }).map((s) => s.id);
          assert.deepEqual(page, walked(db, type, search, first, max), `${label}: ${type} "${search}" ${first}/${max}`);
        }
    assert.deepEqual(counted(db), countedByWalk(db), `${label}: counts`);
  };
  check("seeded");
  assert.deepEqual(
    sessionPage(server, realm, { type: "ALL", search: "alice", first: 0, max: 10 }).map((s) => s.id),
    ["s1", "s4", "s1"],
  );
  assert.deepEqual(counted(db), { c1: "2/1", c2: "2/0", c3: "1/0" });

  // A renamed user (changed in place, as the routes do) is found by the new name only.
  const bob = db.get("users", "u2")!;
  bob.username = "robert";
  await db.write((tx) => tx.put("users", bob));
  assert.deepEqual(sessionPage(server, realm, { type: "ALL", search: "bob", first: 0, max: 10 }), []);
  assert.deepEqual(
    sessionPage(server, realm, { type: "ALL", search: "robert", first: 0, max: 10 }).map((s) => s.id),
    ["s2"],
  );
  check("after a rename");

  // A client removed from a session in place, a touched session, a deleted one and a new one.
  const s2 = db.get("userSessions", "s2")!;
  delete s2.clients["c1"];
  await db.write((tx) => tx.put("userSessions", s2));
  await db.write((tx) => tx.put("userSessions", { ...db.get("userSessions", "s3")!, lastAccess: clock++ }));
  await db.write((tx) => tx.delete("userSessions", "s1"));
  await db.write((tx) => tx.put("userSessions", session("s6", "u4", ["c2", "c3"], "172.16.0.4")));
  check("after changes");
  assert.deepEqual(counted(db), { c1: "0/1", c2: "3/0", c3: "2/0" });

  // A realm whose sessions all stay valid longer is counted from the lists' sizes: the same answer.
  realm.settings = { ssoSessionIdleTimeout: 10 * 365 * 24 * 3600, ssoSessionMaxLifespan: 10 * 365 * 24 * 3600 };
  await db.write((tx) => tx.delete("userSessions", "s5"));
  check("long sessions");
});

test("a deleted realm's session index is dropped, with what it filed", async () => {
  const db = Db.memory();
  await db.write((tx) => {
    tx.put("realms", other);
    tx.put("users", user("u-other", "olga", other.id));
    tx.put("userSessions", { ...session("s-other", "u-other", [], "10.9.9.9"), realmId: other.id });
  });
  assert.deepEqual(sessionIdsOfUser(db, other.id, "u-other"), ["s-other"]);
  assert.equal(hasSessionIndex(db, other.id), true);
  await db.write((tx) => {
    tx.delete("userSessions", "s-other");
    tx.delete("realms", other.id);
  });
  assert.equal(hasSessionIndex(db, other.id), false);
});
