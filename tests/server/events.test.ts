import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { TestServer } from "../support/server.ts";
import { type Api, createClient, json, type Json, startAdminServer } from "../support/admin-api.ts";

const R = "/admin/realms/master";

async function tokenRequest(server: TestServer, fields: Record<string, string>): Promise<Response> {
  return fetch(`${server.baseUrl}/realms/master/protocol/openid-connect/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ client_id: "admin-cli", ...fields }),
  });
}

async function passwordGrant(server: TestServer, password: string): Promise<number> {
  const res = await tokenRequest(server, { grant_type: "password", username: "admin", password });
  await res.text();
  return res.status;
}

/** A password grant, a refresh with its refresh token and a refresh with a forged one. */
async function loginAndRefresh(server: TestServer): Promise<void> {
  const tokens = await json(
    await tokenRequest(server, { grant_type: "password", username: "admin", password: "admin" }),
  );
  await json(await tokenRequest(server, { grant_type: "refresh_token", refresh_token: tokens.refresh_token }));
  const forged = await tokenRequest(server, { grant_type: "refresh_token", refresh_token: "not.a.token" });
  assert.equal(forged.status, 400);
  await forged.text();
}

describe("events admin API", () => {
  let server: TestServer;
  let api: Api;

  before(async () => {
    ({ server, api } = await startAdminServer());
    const config = await json(await api(`${R}/events/config`));
    const put = await api(`${R}/events/config`, {
      method: "PUT",
      body: {
        ...config,
        eventsEnabled: true,
        enabledEventTypes: [],
        adminEventsEnabled: true,
        adminEventsDetailsEnabled: true,
      },
    });
    assert.equal(put.status, 204);
    assert.equal(await passwordGrant(server, "wrong"), 400); // invalid_grant is 400 in Keycloak 26.7
    assert.equal(await passwordGrant(server, "admin"), 200);
  });
  after(async () => server?.dispose());

  it("lists user events newest first, filtered by type, user, client and dates", async () => {
    const events = await json<Json[]>(await api(`${R}/events`));
    assert.ok(events.length >= 2);
    for (let i = 1; i < events.length; i++) assert.ok(events[i - 1].time >= events[i].time);
    const logins = await json<Json[]>(await api(`${R}/events?type=LOGIN`));
    assert.ok(logins.length >= 1 && logins.every((e) => e.type === "LOGIN"));
    assert.equal(logins[0].clientId, "admin-cli");
    assert.ok(logins[0].userId);
    const both = await json<Json[]>(await api(`${R}/events?type=LOGIN&type=LOGIN_ERROR`));
    assert.ok(both.some((e) => e.type === "LOGIN_ERROR") && both.some((e) => e.type === "LOGIN"));
    assert.ok(
      (await json<Json[]>(await api(`${R}/events?user=${logins[0].userId}`))).every(
        (e) => e.userId === logins[0].userId,
      ),
    );
    assert.deepEqual(await json(await api(`${R}/events?client=nobody`)), []);
    const today = new Date().toISOString().slice(0, 10);
    assert.ok((await json<Json[]>(await api(`${R}/events?dateFrom=${today}&dateTo=${today}`))).length >= 2);
    assert.deepEqual(await json(await api(`${R}/events?dateTo=2001-01-01`)), []);
    assert.equal((await api(`${R}/events?dateFrom=yesterday`)).status, 400);
    assert.equal((await json<Json[]>(await api(`${R}/events?max=1`))).length, 1);
  });

  it("lists admin events with auth details, filtered by operation, resource type and path wildcard", async () => {
    await api(`${R}/clear-realm-cache`, { method: "POST" });
    await api(`${R}/clear-user-cache`, { method: "POST" });
    const events = await json<Json[]>(await api(`${R}/admin-events`));
    assert.ok(events.length >= 2);
    const [latest] = events;
    assert.equal(latest.operationType, "ACTION");
    assert.equal(latest.resourcePath, "clear-user-cache");
    assert.ok(latest.authDetails.userId && latest.authDetails.realmId && latest.authDetails.ipAddress);
    assert.ok(latest.time > 0 && latest.realmId);
    const actions = await json<Json[]>(await api(`${R}/admin-events?operationTypes=ACTION&resourcePath=clear-*`));
    assert.deepEqual(
      actions.map((e) => e.resourcePath),
      ["clear-user-cache", "clear-realm-cache"],
    );
    assert.deepEqual(await json(await api(`${R}/admin-events?operationTypes=DELETE&resourceTypes=USER`)), []);
    assert.ok((await json<Json[]>(await api(`${R}/admin-events?authUser=${latest.authDetails.userId}`))).length >= 2);
    assert.deepEqual(await json(await api(`${R}/admin-events?authIpAddress=10.9.9.9`)), []);
  });

  it("with no event types named, saves only the types Keycloak saves by default; otherwise only the named ones", async () => {
    const config = await json(await api(`${R}/events/config`));
    const defaults: string[] = config.enabledEventTypes;
    for (const type of [
      "LOGIN",
      "LOGIN_ERROR",
      "LOGOUT",
      "CODE_TO_TOKEN",
      "CLIENT_LOGIN",
      "UPDATE_PASSWORD",
      "IMPERSONATE",
      "PERMISSION_TOKEN",
    ])
      assert.ok(defaults.includes(type), type);
    for (const type of [
      "REFRESH_TOKEN",
      "REFRESH_TOKEN_ERROR",
      "INTROSPECT_TOKEN",
      "USER_INFO_REQUEST_ERROR",
      "VALIDATE_ACCESS_TOKEN",
      "PERMISSION_TOKEN_ERROR",
    ])
      assert.ok(!defaults.includes(type), type);
    const enums: string[] = (await json(await api("/admin/serverinfo"))).enums.eventType;
    assert.ok(defaults.every((type) => enums.includes(type)) && enums.includes("REFRESH_TOKEN_ERROR"));
    assert.deepEqual(enums, [...enums].sort());

    assert.equal((await api(`${R}/events`, { method: "DELETE" })).status, 204);
    await loginAndRefresh(server);
    assert.deepEqual(
      (await json<Json[]>(await api(`${R}/events`))).map((e) => e.type),
      ["LOGIN"],
    );

    assert.equal(
      (
        await api(`${R}/events/config`, {
          method: "PUT",
          body: { ...config, enabledEventTypes: ["REFRESH_TOKEN", "REFRESH_TOKEN_ERROR"] },
        })
      ).status,
      204,
    );
    assert.deepEqual((await json(await api(`${R}/events/config`))).enabledEventTypes, [
      "REFRESH_TOKEN",
      "REFRESH_TOKEN_ERROR",
    ]);
    assert.equal((await api(`${R}/events`, { method: "DELETE" })).status, 204);
    await loginAndRefresh(server);
    assert.deepEqual((await json<Json[]>(await api(`${R}/events`))).map((e) => e.type).sort(), [
      "REFRESH_TOKEN",
      "REFRESH_TOKEN_ERROR",
    ]);
  });

  it("records a failed client authentication at the token endpoint as the grant's error event", async () => {
    const config = await json(await api(`${R}/events/config`));
    assert.equal(
      (await api(`${R}/events/config`, { method: "PUT", body: { ...config, enabledEventTypes: [] } })).status,
      204,
    );
    await createClient(api, "master", {
      clientId: "backend",
      secret: "right-secret",
      publicClient: false,
      serviceAccountsEnabled: true,
      directAccessGrantsEnabled: true,
    });
    assert.equal((await api(`${R}/events`, { method: "DELETE" })).status, 204);
    const attempt = async (fields: Record<string, string>) => {
      const res = await tokenRequest(server, fields);
      return { status: res.status, body: await res.json() };
    };
    const wrong = { client_id: "backend", client_secret: "wrong-secret" };
    const refused = { error: "unauthorized_client", error_description: "Invalid client or Invalid client credentials" };
    assert.deepEqual(await attempt({ grant_type: "client_credentials", ...wrong }), { status: 401, body: refused });
    assert.deepEqual(await attempt({ grant_type: "password", username: "admin", password: "admin", ...wrong }), {
      status: 401,
      body: refused,
    });
    assert.deepEqual(await attempt({ grant_type: "refresh_token", refresh_token: "x.y.z", ...wrong }), {
      status: 401,
      body: refused,
    });
    assert.deepEqual(
      await attempt({ grant_type: "password", username: "admin", password: "admin", client_id: "ghost" }),
      {
        status: 401,
        body: { error: "invalid_client", error_description: "Invalid client or Invalid client credentials" },
      },
    );
    assert.equal(
      (await attempt({ grant_type: "client_credentials", client_id: "backend", client_secret: "right-secret" })).status,
      200,
    );

    const events = await json<Json[]>(await api(`${R}/events?direction=asc`));
    const summary = events.map((e) => ({
      type: e.type,
      clientId: e.clientId,
      userId: e.userId,
      error: e.error,
      details: e.details,
    }));
    assert.deepEqual(summary.slice(0, 3), [
      {
        type: "CLIENT_LOGIN_ERROR",
        clientId: "backend",
        userId: undefined,
        error: "invalid_client_credentials",
        details: { grant_type: "client_credentials" },
      },
      {
        type: "LOGIN_ERROR",
        clientId: "backend",
        userId: undefined,
        error: "invalid_client_credentials",
        details: { grant_type: "password" },
      },
      {
        type: "LOGIN_ERROR",
        clientId: "ghost",
        userId: undefined,
        error: "client_not_found",
        details: { grant_type: "password" },
      },
    ]);
    assert.equal(summary[3].type, "CLIENT_LOGIN", "REFRESH_TOKEN_ERROR is not saved by default");
    assert.equal(events.length, 4);
    assert.ok(events.every((e) => e.ipAddress));
  });

  it("deletes user and admin events with 204", async () => {
    assert.equal((await api(`${R}/events`, { method: "DELETE" })).status, 204);
    assert.deepEqual(await json(await api(`${R}/events`)), []);
    assert.equal((await api(`${R}/admin-events`, { method: "DELETE" })).status, 204);
    assert.deepEqual(await json(await api(`${R}/admin-events`)), []);
  });
});
