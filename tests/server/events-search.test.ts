import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import KcAdminClient from "@keycloak/keycloak-admin-client";
import { startTestServer, type TestServer } from "../support/server.ts";
import { completeProfile } from "../support/admin-api.ts";

const REALM = "events-search";

describe("event searches (through @keycloak/keycloak-admin-client)", () => {
  let server: TestServer;
  let kc: KcAdminClient;
  let u1: string;
  let u2: string;

  const signIn = async (username: string, password: string) => {
    const res = await fetch(`${server.baseUrl}/realms/${REALM}/protocol/openid-connect/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "password", client_id: "app", username, password }),
    });
    await res.arrayBuffer();
  };
  const rawEvents = async (query: string) => {
    const res = await fetch(`${server.baseUrl}/admin/realms/${REALM}/events?${query}`, {
      headers: { authorization: `Bearer ${kc.accessToken}` },
    });
    return (await res.json()) as { type: string; time: number; userId?: string }[];
  };

  before(async () => {
    server = await startTestServer({ args: ["--seed-demo", "false"] });
    kc = new KcAdminClient({ baseUrl: server.baseUrl, realmName: "master" });
    await kc.auth({ grantType: "password", clientId: "admin-cli", username: "admin", password: "admin" });
    await kc.realms.create({ realm: REALM, enabled: true });
    kc.setConfig({ realmName: REALM });
    await kc.realms.updateConfigEvents(
      { realm: REALM },
      { eventsEnabled: true, adminEventsEnabled: true, adminEventsDetailsEnabled: true, eventsListeners: [] },
    );
    await kc.clients.create({ clientId: "app", publicClient: true, directAccessGrantsEnabled: true });
    const credentials = [{ type: "password", value: "right-pw", temporary: false }];
    ({ id: u1 } = await kc.users.create({
      username: "user-one",
      ...completeProfile("user-one"),
      enabled: true,
      credentials,
    }));
    ({ id: u2 } = await kc.users.create({
      username: "user-two",
      ...completeProfile("user-two"),
      enabled: true,
      credentials,
    }));
    for (const [user, password] of [
      ["user-one", "wrong"],
      ["user-two", "right-pw"],
      ["user-one", "wrong"],
      ["nobody", "x"],
      ["user-two", "right-pw"],
      ["user-one", "wrong"],
    ])
      await signIn(user!, password!);
  });
  after(async () => server?.dispose());

  it("finds events by type, user, client and window, newest first unless direction=asc", async () => {
    const all = await kc.realms.findEvents({ realm: REALM });
    assert.deepEqual(
      all.map((e) => e.type),
      ["LOGIN_ERROR", "LOGIN", "LOGIN_ERROR", "LOGIN_ERROR", "LOGIN", "LOGIN_ERROR"],
    );
    const u1Errors = await kc.realms.findEvents({ realm: REALM, type: "LOGIN_ERROR", user: u1 });
    assert.equal(u1Errors.length, 3);
    assert.ok(u1Errors.every((e) => e.userId === u1 && e.error === "invalid_user_credentials"));
    assert.equal((await kc.realms.findEvents({ realm: REALM, type: ["LOGIN"], user: u2 })).length, 2);
    const both = await kc.realms.findEvents({ realm: REALM, type: ["LOGIN", "LOGIN_ERROR"], first: 1, max: 3 });
    const key = (e: { time?: number; type?: string; userId?: string }) => `${e.time} ${e.type} ${e.userId}`;
    assert.deepEqual(both.map(key), all.slice(1, 4).map(key));
    assert.equal((await kc.realms.findEvents({ realm: REALM, client: "app" })).length, 6);
    assert.deepEqual(await kc.realms.findEvents({ realm: REALM, client: "other" }), []);
    const ascending = await rawEvents("direction=asc&type=LOGIN_ERROR");
    assert.deepEqual(
      ascending.map((e) => e.time),
      all
        .filter((e) => e.type === "LOGIN_ERROR")
        .map((e) => e.time)
        .reverse(),
    );
    const newest = all[0]!.time!;
    const oldest = all[5]!.time!;
    const window = await rawEvents(`dateFrom=${oldest + 1}&dateTo=${newest - 1}`);
    assert.ok(window.every((e) => e.time > oldest && e.time < newest));
    assert.equal(window.length, all.filter((e) => e.time! > oldest && e.time! < newest).length);
    const today = new Date().toISOString().slice(0, 10);
    assert.equal((await kc.realms.findEvents({ realm: REALM, dateFrom: today, dateTo: today })).length, 6);
  });

  it("finds admin events by operation, resource type and a resource path with a trailing *", async () => {
    const creates = await kc.realms.findAdminEvents({
      realm: REALM,
      operationTypes: "CREATE",
      resourceTypes: "USER",
    });
    assert.deepEqual(
      creates.map((e) => e.resourcePath),
      [`users/${u2}`, `users/${u1}`],
    );
    assert.match(creates[0]!.representation!, /"username":"user-two"/);
    const paths = await kc.realms.findAdminEvents({ realm: REALM, resourcePath: "users/*" });
    assert.equal(paths.length, 2);
    assert.deepEqual(await kc.realms.findAdminEvents({ realm: REALM, resourcePath: "groups/*" }), []);
  });

  it("stops returning and then removes events older than the realm's eventsExpiration", async () => {
    await kc.realms.update({ realm: REALM }, { eventsExpiration: 1 });
    const deadline = Date.now() + 10_000;
    while ((await kc.realms.findEvents({ realm: REALM })).length > 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    assert.deepEqual(await kc.realms.findEvents({ realm: REALM }), []);
    await signIn("user-two", "right-pw");
    assert.deepEqual(
      (await kc.realms.findEvents({ realm: REALM })).map((e) => e.type),
      ["LOGIN"],
    );
  });
});
