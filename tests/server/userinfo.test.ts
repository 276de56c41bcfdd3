import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type KcAdminClient from "@keycloak/keycloak-admin-client";
import { decodeJwt } from "jose";
import { startTestServer, type TestServer } from "../support/server.ts";
import { eventRealm, eventsOf as eventsIn } from "../support/event-realm.ts";

const REALM = "userinfo";

/** The userinfo endpoint's ways of taking the token and its events, as measured on Keycloak 26.7.3. */
describe("userinfo", () => {
  let server: TestServer;
  let kc: KcAdminClient;
  let userId: string;
  const url = () => `${server.baseUrl}/realms/${REALM}/protocol/openid-connect/userinfo`;
  const form = (fields: Record<string, string>, headers: Record<string, string> = {}) => ({
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields),
  });
  const signIn = async (clientId = "app", scope = "openid") => {
    const res = await fetch(`${server.baseUrl}/realms/${REALM}/protocol/openid-connect/token`, {
      ...form({
        grant_type: "password",
        client_id: clientId,
        client_secret: "s",
        username: "uinfo",
        password: "pw",
        scope,
      }),
    });
    assert.equal(res.status, 200, await res.clone().text());
    return ((await res.json()) as { access_token: string; refresh_token: string }).access_token;
  };
  /** The events one request leaves, with its answer. */
  const eventsOf = async (request: () => Promise<Response>) => {
    const { result: res, events } = await eventsIn(kc, REALM, request);
    return { res, events };
  };

  before(async () => {
    server = await startTestServer({ args: ["--seed-demo", "false"] });
    ({ kc, userId } = await eventRealm(server, REALM, ["USER_INFO_REQUEST", "USER_INFO_REQUEST_ERROR"], "uinfo"));
    for (const clientId of ["app", "other"])
      await kc.clients.create({ clientId, secret: "s", publicClient: false, directAccessGrantsEnabled: true });
  });
  after(async () => server?.dispose());

  it("takes the access token from a POSTed form's access_token, and records USER_INFO_REQUEST", async () => {
    const token = await signIn();
    const { res, events } = await eventsOf(() => fetch(url(), form({ access_token: token })));
    assert.equal(res.status, 200);
    assert.equal(((await res.json()) as { sub: string }).sub, userId);
    assert.deepEqual(events, [
      {
        type: "USER_INFO_REQUEST",
        clientId: "app",
        userId,
        sessionId: decodeJwt(token).sid,
        details: { auth_method: "validate_access_token", signature_required: "false", username: "uinfo" },
      },
    ]);
  });

  it("refuses the token in both the header and the form, and takes none from the query or a JSON body", async () => {
    const token = await signIn();
    const both = await fetch(url(), form({ access_token: token }, { authorization: `Bearer ${token}` }));
    assert.equal(both.status, 400);
    assert.equal(
      both.headers.get("www-authenticate"),
      `Bearer realm="${REALM}", error="invalid_request", error_description="More than one method used for including an access token"`,
    );
    assert.equal((await fetch(`${url()}?access_token=${token}`)).status, 401);
    const json = await fetch(url(), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ access_token: token }),
    });
    assert.equal(json.status, 401);
    assert.equal(json.headers.get("www-authenticate"), `Bearer realm="${REALM}"`);
  });

  it("records USER_INFO_REQUEST_ERROR with Keycloak's error and reason", async () => {
    const method = { auth_method: "validate_access_token" };
    const missing = await eventsOf(() => fetch(url()));
    assert.equal(missing.res.status, 401);
    assert.deepEqual(missing.events, [
      { type: "USER_INFO_REQUEST_ERROR", error: "invalid_token", details: { reason: "Missing token", ...method } },
    ]);
    const garbage = await eventsOf(() => fetch(url(), form({ access_token: "garbage" })));
    assert.equal(garbage.res.status, 401);
    assert.deepEqual(garbage.events, [
      {
        type: "USER_INFO_REQUEST_ERROR",
        error: "invalid_token",
        details: { reason: "Failed to parse JWT", ...method },
      },
    ]);
    const noOpenid = await signIn("app", "profile");
    const scope = await eventsOf(() => fetch(url(), { headers: { authorization: `Bearer ${noOpenid}` } }));
    assert.equal(scope.res.status, 403);
    assert.deepEqual(scope.events, [
      {
        type: "USER_INFO_REQUEST_ERROR",
        error: "access_denied",
        details: { reason: "Missing openid scope", ...method },
      },
    ]);

    const gone = await signIn();
    const sessionId = decodeJwt(gone).sid as string;
    await kc.realms.removeSession({ realm: REALM, sessionId });
    const ended = await eventsOf(() => fetch(url(), { headers: { authorization: `Bearer ${gone}` } }));
    assert.equal(ended.res.status, 401);
    assert.deepEqual(ended.events, [
      { type: "USER_INFO_REQUEST_ERROR", error: "user_session_not_found", clientId: "app", sessionId, details: method },
    ]);

    const ofOther = await signIn("other");
    const [other] = await kc.clients.find({ clientId: "other" });
    await kc.clients.update({ id: other!.id! }, { ...other, enabled: false });
    const disabled = await eventsOf(() => fetch(url(), { headers: { authorization: `Bearer ${ofOther}` } }));
    assert.equal(disabled.res.status, 401);
    assert.equal(
      disabled.res.headers.get("www-authenticate"),
      `Bearer realm="${REALM}", error="invalid_token", error_description="Client disabled"`,
    );
    assert.deepEqual(disabled.events, [
      { type: "USER_INFO_REQUEST_ERROR", error: "client_disabled", clientId: "other", details: method },
    ]);

    const ofDisabledUser = await signIn();
    await kc.users.update({ id: userId }, { enabled: false });
    const user = await eventsOf(() => fetch(url(), { headers: { authorization: `Bearer ${ofDisabledUser}` } }));
    await kc.users.update({ id: userId }, { enabled: true });
    assert.equal(user.res.status, 401);
    assert.equal(
      user.res.headers.get("www-authenticate"),
      `Bearer realm="${REALM}", error="invalid_token", error_description="User disabled"`,
    );
    assert.deepEqual(user.events, [
      {
        type: "USER_INFO_REQUEST_ERROR",
        error: "user_disabled",
        clientId: "app",
        userId,
        sessionId: decodeJwt(ofDisabledUser).sid,
        details: { ...method, username: "uinfo" },
      },
    ]);
  });
});
