import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import KcAdminClient from "@keycloak/keycloak-admin-client";
import { createRemoteJWKSet, decodeJwt, jwtVerify } from "jose";
import { startTestServer, type TestServer } from "../support/server.ts";
import { eventually } from "../support/eventually.ts";
import { startRecordingServer, type RecordingServer } from "../support/recording-server.ts";
import { completeProfile } from "../support/admin-api.ts";

const REALM = "sessions-api";

interface Tokens {
  access_token: string;
  refresh_token: string;
  session_state: string;
  refresh_expires_in: number;
}

describe("sessions admin API (through @keycloak/keycloak-admin-client)", () => {
  let server: TestServer;
  let kc: KcAdminClient;
  let appId: string;
  let aliceId: string;
  let bobId: string;
  let adapter: RecordingServer;

  const token = async (fields: Record<string, string>) =>
    fetch(`${server.baseUrl}/realms/${REALM}/protocol/openid-connect/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ client_id: "app", ...fields }),
    });
  const login = async (username: string, scope = "openid"): Promise<Tokens> => {
    const res = await token({ grant_type: "password", username, password: "secret-pw", scope });
    assert.equal(res.status, 200, await res.clone().text());
    return (await res.json()) as Tokens;
  };
  const refresh = async (refreshToken: string) => {
    const res = await token({ grant_type: "refresh_token", refresh_token: refreshToken });
    return { status: res.status, body: (await res.json()) as Tokens & { error?: string } };
  };
  const uiExt = async (path: string) => {
    const res = await fetch(`${server.baseUrl}/admin/realms/${REALM}/ui-ext/${path}`, {
      headers: { authorization: `Bearer ${kc.accessToken}` },
    });
    assert.equal(res.status, 200, await res.clone().text());
    return (await res.json()) as { id: string; username: string; type: string; clients: Record<string, string> }[];
  };

  const realmJwks = () =>
    createRemoteJWKSet(new URL(`${server.baseUrl}/realms/${REALM}/protocol/openid-connect/certs`));

  before(async () => {
    adapter = await startRecordingServer();
    server = await startTestServer({ args: ["--seed-demo", "false"] });
    kc = new KcAdminClient({ baseUrl: server.baseUrl, realmName: "master" });
    await kc.auth({ grantType: "password", clientId: "admin-cli", username: "admin", password: "admin" });
    await kc.realms.create({ realm: REALM, enabled: true });
    kc.setConfig({ realmName: REALM });
    const { port } = adapter;
    ({ id: appId } = await kc.clients.create({
      clientId: "app",
      publicClient: true,
      directAccessGrantsEnabled: true,
      adminUrl: `http://127.0.0.1:${port}/app`,
    }));
    await kc.clients.create({ clientId: "gone", publicClient: true, adminUrl: "http://127.0.0.1:9/nowhere" });
    await kc.clients.create({ clientId: "sp", protocol: "saml", adminUrl: `http://127.0.0.1:${port}/sp` });
    await kc.clients.create({ clientId: "off", enabled: false, adminUrl: `http://127.0.0.1:${port}/off` });
    await kc.clients.create({
      clientId: "rp",
      publicClient: true,
      directAccessGrantsEnabled: true,
      attributes: {
        "backchannel.logout.url": `http://127.0.0.1:${port}/rp/backchannel`,
        "backchannel.logout.session.required": "true",
      },
    });
    const credentials = [{ type: "password", value: "secret-pw", temporary: false }];
    ({ id: aliceId } = await kc.users.create({
      username: "alice",
      ...completeProfile("alice"),
      enabled: true,
      credentials,
    }));
    ({ id: bobId } = await kc.users.create({ username: "bob", ...completeProfile("bob"), enabled: true, credentials }));
  });
  after(async () => {
    await server?.dispose();
    adapter?.close();
  });

  it("issues an offline token for scope offline_access, lists and refreshes it, and revokes it by id", async () => {
    const offline = await login("alice", "openid offline_access");
    const claims = decodeJwt(offline.refresh_token);
    assert.equal(claims.typ, "Offline");
    assert.equal(claims.exp, undefined, "an offline token does not expire while offline sessions have no max lifespan");
    assert.equal(offline.refresh_expires_in, 0);

    const listed = await kc.users.listOfflineSessions({ id: aliceId, clientId: appId });
    assert.equal(listed.length, 1);
    assert.equal(listed[0]!.id, offline.session_state, "the offline session keeps its user session's id");
    assert.deepEqual(listed[0]!.clients, { [appId]: "app" });
    assert.equal((await kc.clients.getOfflineSessionCount({ id: appId })).count, 1);
    assert.equal((await kc.clients.listOfflineSessions({ id: appId }))[0]!.username, "alice");
    assert.deepEqual(
      (await uiExt("sessions?type=OFFLINE")).map((s) => [s.username, s.type]),
      [["alice", "OFFLINE"]],
    );
    // As Keycloak 26.7.3: an offline_access password grant leaves only its offline session, no regular one
    assert.deepEqual(await kc.users.listSessions({ id: aliceId }), []);
    assert.equal((await kc.clients.getSessionCount({ id: appId })).count, 0);
    const stats = await kc.realms.getClientSessionStats({ realm: REALM });
    assert.deepEqual(
      stats.map((s) => [s.clientId, s.active, s.offline]),
      [["app", "0", "1"]],
    );

    const refreshed = await refresh(offline.refresh_token);
    assert.equal(refreshed.status, 200);
    assert.equal(decodeJwt(refreshed.body.refresh_token).typ, "Offline");

    await kc.realms.deleteSession({ realm: REALM, session: offline.session_state, isOffline: true });
    assert.deepEqual(await kc.users.listOfflineSessions({ id: aliceId, clientId: appId }), []);
    const revoked = await refresh(refreshed.body.refresh_token);
    assert.equal(revoked.status, 400);
    assert.equal(revoked.body.error, "invalid_grant");
    assert.deepEqual(
      await kc.users.listSessions({ id: aliceId }),
      [],
      "as Keycloak's backchannel logout of an offline session, the regular session of the same sign-in goes too",
    );
  });

  it("refuses an offline token to a user without the offline_access role", async () => {
    const { id } = await kc.users.create({
      username: "carol",
      ...completeProfile("carol"),
      enabled: true,
      credentials: [{ type: "password", value: "secret-pw", temporary: false }],
    });
    const defaults = await kc.users.listRealmRoleMappings({ id });
    await kc.users.delRealmRoleMappings({ id, roles: defaults.map((r) => ({ id: r.id!, name: r.name! })) });
    const res = await token({
      grant_type: "password",
      username: "carol",
      password: "secret-pw",
      scope: "offline_access",
    });
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), {
      error: "not_allowed",
      error_description: "Offline tokens not allowed for the user or client",
    });
    // As Keycloak 26.7.3 (checked on it): the refused grant leaves no session, regular or offline.
    assert.deepEqual(await kc.users.listSessions({ id }), []);
    assert.deepEqual(await kc.users.listOfflineSessions({ id, clientId: appId }), []);
  });

  it("ends one regular session so its refresh fails, pages and searches ui-ext/sessions and the client's sessions", async () => {
    const bob1 = await login("bob");
    const bob2 = await login("bob");
    // alice's offline sign-in and carol's refused one left no regular session
    assert.equal((await kc.clients.getSessionCount({ id: appId })).count, 2);
    const firstPage = await uiExt("sessions?type=REGULAR&first=0&max=1");
    const secondPage = await uiExt("sessions?type=REGULAR&first=1&max=1");
    const thirdPage = await uiExt("sessions?type=REGULAR&first=2&max=1");
    assert.deepEqual(
      [...firstPage, ...secondPage].map((s) => s.id),
      [bob2.session_state, bob1.session_state],
      "newest first",
    );
    assert.equal(thirdPage.length, 0);
    assert.deepEqual(
      (await uiExt("sessions?search=BOB")).map((s) => s.username),
      ["bob", "bob"],
    );
    assert.deepEqual(await uiExt("sessions?search=no-such-user"), []);
    assert.equal((await uiExt(`sessions/client?clientId=${appId}&type=ALL&max=100`)).length, 2);
    const bad = await fetch(`${server.baseUrl}/admin/realms/${REALM}/ui-ext/sessions?type=SOMETIMES`, {
      headers: { authorization: `Bearer ${kc.accessToken}` },
    });
    assert.equal(bad.status, 400);
    assert.equal((await kc.clients.listSessions({ id: appId, first: 1, max: 2 })).length, 1);

    await kc.realms.removeSession({ realm: REALM, sessionId: bob1.session_state });
    assert.equal((await refresh(bob1.refresh_token)).status, 400);
    assert.equal((await refresh(bob2.refresh_token)).status, 200);
    assert.deepEqual(
      (await kc.users.listSessions({ id: bobId })).map((s) => s.id),
      [bob2.session_state],
    );
  });

  it("adapter.requests the not-before to clients with an admin URL and reports which took it", async () => {
    const sent = adapter.requests.length;
    const result = await kc.realms.pushRevocation({ realm: REALM });
    const { port } = adapter;
    assert.deepEqual(result.successRequests, [`http://127.0.0.1:${port}/app`, `http://127.0.0.1:${port}/off`]);
    // As Keycloak 26.7.3: a SAML client's admin URL gets no push and is reported as failed.
    assert.deepEqual(
      [...(result.failedRequests ?? [])].sort(),
      ["http://127.0.0.1:9/nowhere", `http://127.0.0.1:${port}/sp`].sort(),
    );
    const paths = adapter.requests.slice(sent).map((p) => p.split(" ")[0]);
    assert.deepEqual(paths.sort(), ["/app/k_push_not_before", "/off/k_push_not_before"]);
    const body = adapter.requests
      .slice(sent)
      .find((p) => p.startsWith("/app/"))!
      .split(" ")[1]!;
    const { payload: action } = await jwtVerify(body, realmJwks());
    assert.equal(action.action, "PUSH_NOT_BEFORE");
    assert.equal(action.resource, "app");
  });

  it("sends a signed logout token to the back-channel logout URL when a session ends (user sign-out, session delete, end-session)", async () => {
    const rpLogin = async () => {
      const res = await token({ client_id: "rp", grant_type: "password", username: "alice", password: "secret-pw" });
      assert.equal(res.status, 200, await res.clone().text());
      return (await res.json()) as Tokens;
    };
    const logoutTokenAfter = async (sent: number) => {
      const delivered = adapter.requests.slice(sent).filter((p) => p.startsWith("/rp/backchannel "));
      assert.equal(delivered.length, 1, `one logout token, got ${JSON.stringify(adapter.requests.slice(sent))}`);
      const form = new URLSearchParams(delivered[0]!.slice("/rp/backchannel ".length));
      const verified = await jwtVerify(form.get("logout_token")!, realmJwks(), {
        issuer: `${server.baseUrl}/realms/${REALM}`,
        audience: "rp",
        typ: "logout+jwt",
      });
      return verified.payload;
    };
    const expectLogout = (payload: Record<string, unknown>, sid: string) => {
      assert.equal(payload.sub, aliceId);
      assert.equal(payload.typ, "Logout");
      assert.equal(payload.sid, sid, "the session id, as backchannel.logout.session.required is on");
      assert.deepEqual(payload.events, { "http://schemas.openid.net/event/backchannel-logout": {} });
      assert.equal(Number(payload.exp) - Number(payload.iat), 120);
    };

    let sent = adapter.requests.length;
    let signIn = await rpLogin();
    await kc.users.logout({ id: aliceId });
    expectLogout(await logoutTokenAfter(sent), signIn.session_state);

    sent = adapter.requests.length;
    signIn = await rpLogin();
    await kc.realms.removeSession({ realm: REALM, sessionId: signIn.session_state });
    expectLogout(await logoutTokenAfter(sent), signIn.session_state);

    sent = adapter.requests.length;
    signIn = await rpLogin();
    const res = await fetch(`${server.baseUrl}/realms/${REALM}/protocol/openid-connect/logout`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ client_id: "rp", refresh_token: signIn.refresh_token }),
    });
    assert.equal(res.status, 204);
    expectLogout(await logoutTokenAfter(sent), signIn.session_state);
  });

  it("ends the offline session (and the regular session of its sign-in) when its offline token logs out", async () => {
    const regular = await login("alice");
    const offline = await login("alice", "openid offline_access");
    const res = await fetch(`${server.baseUrl}/realms/${REALM}/protocol/openid-connect/logout`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ client_id: "app", refresh_token: offline.refresh_token }),
    });
    assert.equal(res.status, 204);
    assert.deepEqual(await kc.users.listOfflineSessions({ id: aliceId, clientId: appId }), []);
    assert.equal((await refresh(offline.refresh_token)).status, 400, "the offline token is refused");
    assert.equal((await refresh(regular.refresh_token)).status, 200, "the other sign-in's session lives on");
    assert.deepEqual(
      (await kc.users.listSessions({ id: aliceId })).map((s) => s.id),
      [regular.session_state],
      "the offline sign-in has no regular session of its own, as in Keycloak",
    );
    await kc.users.logout({ id: aliceId });
  });

  it("introspects an offline token as active while its offline session lives", async () => {
    const { id: backendId } = await kc.clients.create({
      clientId: "backend",
      publicClient: false,
      secret: "backend-secret",
      directAccessGrantsEnabled: true,
    });
    const grant = await fetch(`${server.baseUrl}/realms/${REALM}/protocol/openid-connect/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "password",
        client_id: "backend",
        client_secret: "backend-secret",
        username: "bob",
        password: "secret-pw",
        scope: "openid offline_access",
      }),
    });
    const offline = (await grant.json()) as Tokens;
    const introspect = async () => {
      const res = await fetch(`${server.baseUrl}/realms/${REALM}/protocol/openid-connect/token/introspect`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          client_id: "backend",
          client_secret: "backend-secret",
          token: offline.refresh_token,
          // As Keycloak 26.7.3: without the hint the token is checked as an access token, its audience lacking the client
          token_type_hint: "refresh_token",
        }),
      });
      assert.equal(res.status, 200);
      return (await res.json()) as { active: boolean; typ?: string; username?: string };
    };
    const live = await introspect();
    assert.equal(live.active, true);
    assert.equal(live.typ, "Offline");
    assert.equal(live.username, "bob");
    await kc.realms.deleteSession({ realm: REALM, session: offline.session_state, isOffline: true });
    assert.equal((await introspect()).active, false, "a revoked offline session's token is inactive");
    await kc.clients.del({ id: backendId });
  });

  it("answers userinfo for an offline grant's access token while its offline session lives", async () => {
    const offline = await login("alice", "openid offline_access");
    const userinfo = () =>
      fetch(`${server.baseUrl}/realms/${REALM}/protocol/openid-connect/userinfo`, {
        headers: { authorization: `Bearer ${offline.access_token}` },
      });
    // Keycloak 26.7.3 answers 200 with the claims (checked on it).
    const res = await userinfo();
    assert.equal(res.status, 200, await res.clone().text());
    assert.equal(((await res.json()) as { preferred_username: string }).preferred_username, "alice");
    await kc.realms.deleteSession({ realm: REALM, session: offline.session_state, isOffline: true });
    // Keycloak 26.7.3's refusal (checked on it): the reason in WWW-Authenticate, an empty body, not cached.
    const refused = await userinfo();
    assert.equal(refused.status, 401, "not once its offline session is revoked");
    assert.equal(
      refused.headers.get("www-authenticate"),
      `Bearer realm="${REALM}", error="invalid_token", error_description="user_session_not_found"`,
    );
    assert.equal(await refused.text(), "", "an empty body");
    assert.match(refused.headers.get("content-type") ?? "", /^text\/plain/);
    assert.equal(refused.headers.get("cache-control"), "no-store");
    // a token that fails verification: the same shape, "Token verification failed"
    const forged = await fetch(`${server.baseUrl}/realms/${REALM}/protocol/openid-connect/userinfo`, {
      headers: { authorization: `Bearer ${offline.access_token.slice(0, -4)}AAAA` },
    });
    assert.equal(forged.status, 401);
    assert.match(forged.headers.get("www-authenticate") ?? "", /error_description="Token verification failed"$/);
    assert.equal(await forged.text(), "", "an empty body");
  });

  it("signs out the regular sessions, keeps the offline ones with their tokens refused, and leaves the master administrator signed in", async () => {
    await login("alice");
    const offline = await login("bob", "offline_access");
    // The not-before refuses tokens issued before its second (iat < notBefore, as in Keycloak): let a second pass.
    const issuedAt = decodeJwt(offline.refresh_token).iat!;
    await eventually(
      async () => Math.floor(Date.now() / 1000),
      (second) => second > issuedAt,
    );
    const before = Math.floor(Date.now() / 1000);
    const sent = adapter.requests.length;
    // The admin client types this answer as void; Keycloak answers a GlobalRequestResult.
    const result = (await kc.realms.logoutAll({ realm: REALM })) as unknown as {
      successRequests?: string[];
      failedRequests?: string[];
    };
    const { port } = adapter;
    // As Keycloak 26.7.3: every enabled client with an admin URL, whatever its protocol, gets k_logout and is
    // listed as a success, even one that could not be reached.
    assert.deepEqual(
      [...(result.successRequests ?? [])].sort(),
      ["http://127.0.0.1:9/nowhere", `http://127.0.0.1:${port}/app`, `http://127.0.0.1:${port}/sp`].sort(),
    );
    assert.equal(result.failedRequests, undefined);
    const logouts = adapter.requests.slice(sent);
    assert.deepEqual(logouts.map((p) => p.split(" ")[0]).sort(), ["/app/k_logout", "/sp/k_logout"]);
    const { payload: logout } = await jwtVerify(
      logouts.find((p) => p.startsWith("/app/"))!.split(" ")[1]!,
      realmJwks(),
    );
    assert.equal(logout.action, "LOGOUT");
    assert.equal(logout.resource, "app");
    assert.ok(Number(logout.notBefore) >= before, "the action carries the realm's new not-before");
    const left = await uiExt("sessions?type=ALL");
    assert.deepEqual(
      left.map((s) => [s.username, s.type]),
      [["bob", "OFFLINE"]],
      "Keycloak removes the regular sessions only",
    );
    assert.ok(((await kc.realms.findOne({ realm: REALM }))?.notBefore ?? 0) >= before, "the realm's not-before is now");
    assert.equal((await refresh(offline.refresh_token)).status, 400, "the offline token predates the not-before");
    assert.ok((await kc.realms.findOne({ realm: "master" }))?.id, "the master admin's token still works");
  });
});
