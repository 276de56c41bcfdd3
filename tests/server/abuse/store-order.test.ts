import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Db } from "../../../demo/server/src/store/db.ts";
import type { RealmRecord } from "../../../demo/server/src/store/types.ts";
import { adminToken, type TestServer } from "../../support/server.ts";
import {
  type Api,
  createClient,
  createClientScope,
  createRealm,
  createUser,
  idFromLocation,
  json,
  startAdminServer,
} from "../../support/admin-api.ts";
import { nestedJson, statusForAnnouncedBody, withNestedField } from "../../support/abuse.ts";

const walBytes = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.startsWith("wal-"))
    .map((f) => readFileSync(join(dir, f), "utf8"))
    .join("");

describe("a write the log cannot hold changes nothing", () => {
  const dir = mkdtempSync(join(tmpdir(), "kc-store-order-"));
  after(() => rmSync(dir, { recursive: true, force: true }));

  test("neither memory nor the write-ahead log, also after reopening", async () => {
    let db = await Db.open(dir);
    const realm = { id: "r1", realm: "kept", settings: {} } as unknown as RealmRecord;
    await db.write((tx) => tx.put("realms", realm));
    const wal = walBytes(dir);
    const deep: Record<string, unknown> = {};
    let cursor = deep;
    for (let i = 0; i < 100_000; i++) cursor = (cursor.x = {}) as Record<string, unknown>;
    for (const unwritable of [{ big: 1n }, deep]) {
      const changed = { ...realm, realm: "changed", settings: { junk: unwritable } };
      await assert.rejects(db.write((tx) => tx.put("realms", changed as unknown as RealmRecord)));
      assert.equal(db.get("realms", "r1")?.realm, "kept", "memory still holds the stored realm");
      assert.equal(db.list("realms", "r1").length, 0);
      assert.equal(walBytes(dir), wal, "the log is unchanged");
    }
    await db.write((tx) => tx.put("realms", { ...realm, realm: "next" }));
    await db.close();
    db = await Db.open(dir);
    assert.equal(db.get("realms", "r1")?.realm, "next", "later writes go on as before");
    await db.close();
  });
});

describe("bodies nested 10,000 levels deep are 400 and the realm stays readable", () => {
  let server: TestServer;
  let api: Api;
  const realm = "deep";
  const base = `/admin/realms/${realm}`;
  const ids: Record<string, string> = {};
  const send = (path: string, method: string, body: string) =>
    api(`${base}${path}`, { method, body, headers: { "content-type": "application/json" } });

  before(async () => {
    ({ server, api } = await startAdminServer());
    await createRealm(api, realm);
    ids.user = await createUser(api, realm, "someone");
    ids.client = await createClient(api, realm, { clientId: "app" });
    ids.scope = await createClientScope(api, realm, { name: "extra" });
    const idp = await api(`${base}/identity-provider/instances`, {
      method: "POST",
      body: { alias: "other", providerId: "oidc", config: { clientId: "c", tokenUrl: "https://idp.example/t" } },
    });
    assert.equal(idp.status, 201);
    const mapper = { name: "m", protocol: "openid-connect", protocolMapper: "oidc-audience-mapper", config: {} };
    for (const owner of [`/clients/${ids.client}`, `/client-scopes/${ids.scope}`]) {
      const res = await api(`${base}${owner}/protocol-mappers/models`, { method: "POST", body: mapper });
      ids[owner] = idFromLocation(res);
    }
  });
  after(() => server.dispose());

  /** Every object the issue names: where it is read, and how it is created and updated. */
  const targets = () => [
    { read: "", writes: [["", "PUT", { displayName: "Deep" }]] },
    {
      read: `/users/${ids.user}`,
      writes: [
        [`/users/${ids.user}`, "PUT", { firstName: "A" }],
        ["/users", "POST", { username: "another" }],
      ],
    },
    {
      read: `/clients/${ids.client}`,
      writes: [
        [`/clients/${ids.client}`, "PUT", { clientId: "app" }],
        ["/clients", "POST", { clientId: "app2" }],
      ],
    },
    {
      read: `/client-scopes/${ids.scope}`,
      writes: [
        [`/client-scopes/${ids.scope}`, "PUT", { name: "extra" }],
        ["/client-scopes", "POST", { name: "extra2", protocol: "openid-connect" }],
      ],
    },
    {
      read: "/identity-provider/instances/other",
      writes: [
        ["/identity-provider/instances/other", "PUT", { alias: "other", providerId: "oidc" }],
        ["/identity-provider/instances", "POST", { alias: "other2", providerId: "oidc" }],
      ],
    },
    ...[`/clients/${ids.client}`, `/client-scopes/${ids.scope}`].map((owner) => ({
      read: `${owner}/protocol-mappers/models/${ids[owner]}`,
      writes: [
        [`${owner}/protocol-mappers/models/${ids[owner]}`, "PUT", { name: "m", protocol: "openid-connect" }],
        [`${owner}/protocol-mappers/models`, "POST", { name: "m2", protocol: "openid-connect" }],
      ],
    })),
  ];

  test("on realms, users, clients, client scopes, identity providers and protocol mappers", async () => {
    const problems: string[] = [];
    for (const { read, writes } of targets()) {
      const before = await json(await api(`${base}${read}`));
      for (const [path, method, rep] of writes as [string, string, Record<string, unknown>][]) {
        for (const body of [withNestedField(rep), withNestedField(rep, 32)]) {
          const res = await send(path, method, body);
          if (res.status !== 400) problems.push(`${method} ${path}: ${res.status} ${await res.text()}`);
        }
      }
      const res = await api(`${base}${read}`);
      if (res.status !== 200) problems.push(`GET ${read} afterwards: ${res.status}`);
      else assert.deepEqual(await res.json(), before, `${read} reads back as before`);
    }
    assert.deepEqual(problems, []);
    assert.equal((await api(`${base}/users?username=another&exact=true`).then(json)).length, 0);
  });

  test("32 levels are read; the realm and its login page answer 200 after a restart", async () => {
    const nested = JSON.parse(nestedJson(29));
    const res = await api(`${base}/users/${ids.user}`, {
      method: "PUT",
      body: { attributes: { note: ["x"] }, junk: nested },
    });
    assert.equal(res.status, 204);
    await server.restart();
    assert.equal((await api(base)).status, 200);
    assert.equal((await api(`${base}/users/${ids.user}`)).status, 200);
    assert.equal((await fetch(`${server.baseUrl}/realms/${realm}/account`)).status < 500, true);
    const login = await fetch(
      `${server.baseUrl}/realms/${realm}/protocol/openid-connect/auth?client_id=account-console&response_type=code&redirect_uri=${encodeURIComponent(`${server.baseUrl}/realms/${realm}/account/`)}`,
    );
    assert.equal(login.status, 200);
  });

  test("a realm import with groups nested 20 deep is read; bodies over 10 MB are 413", async () => {
    let group: Record<string, unknown> = { name: "g20", attributes: { a: ["1"] } };
    for (let level = 19; level >= 1; level--) group = { name: `g${level}`, subGroups: [group] };
    const created = await api("/admin/realms", { method: "POST", body: { realm: "nested-groups", groups: [group] } });
    assert.equal(created.status, 201, await created.text());
    const found = await json(await api("/admin/realms/nested-groups/groups?search=g20&exact=true"));
    assert.equal(found.length, 1);
    const status = await statusForAnnouncedBody(`${server.baseUrl}${base}/users/${ids.user}`, {
      method: "PUT",
      headers: { authorization: `Bearer ${await adminToken(server.baseUrl)}`, "content-type": "application/json" },
      bytes: 11 * 1024 * 1024,
    });
    assert.equal(status, 413);
    assert.equal((await json(await api(`${base}/users/${ids.user}`))).firstName, undefined);
  });
});
