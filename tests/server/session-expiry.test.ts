import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import KcAdminClient from "@keycloak/keycloak-admin-client";
import { startTestServer, type TestServer } from "../support/server.ts";
import { eventually } from "../support/eventually.ts";
import { offlineRecordId } from "../../demo/server/src/access/offline-sessions.ts";
import { completeProfile } from "../support/admin-api.ts";

const REALM = "expiry";

interface Tokens {
  refresh_token: string;
  session_state: string;
}

/** A realm with a public client `app` (password grant) and the user alice, reached through the admin client. */
async function expiryRealm(server: TestServer) {
  const kc = new KcAdminClient({ baseUrl: server.baseUrl, realmName: "master" });
  await kc.auth({ grantType: "password", clientId: "admin-cli", username: "admin", password: "admin" });
  await kc.realms.create({ realm: REALM, enabled: true });
  kc.setConfig({ realmName: REALM });
  const { id: appId } = await kc.clients.create({
    clientId: "app",
    publicClient: true,
    directAccessGrantsEnabled: true,
  });
  const credentials = [{ type: "password", value: "secret-pw", temporary: false }];
  const { id: aliceId } = await kc.users.create({
    username: "alice",
    ...completeProfile("alice"),
    enabled: true,
    credentials,
  });
  const token = (fields: Record<string, string>) =>
    fetch(`${server.baseUrl}/realms/${REALM}/protocol/openid-connect/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ client_id: "app", ...fields }),
    });
  const login = async (scope = "openid"): Promise<Tokens> => {
    const res = await token({ grant_type: "password", username: "alice", password: "secret-pw", scope });
    assert.equal(res.status, 200, await res.clone().text());
    return (await res.json()) as Tokens;
  };
  const refreshStatus = async (refreshToken: string) =>
    (await token({ grant_type: "refresh_token", refresh_token: refreshToken })).status;
  const setRealm = (settings: Record<string, unknown>) => kc.realms.update({ realm: REALM }, settings);
  return { kc, appId, aliceId, login, refreshStatus, setRealm };
}

describe("expired sessions are removed when read (Keycloak's lazy expiry)", () => {
  let server: TestServer;
  let realm: Awaited<ReturnType<typeof expiryRealm>>;

  before(async () => {
    server = await startTestServer({ args: ["--seed-demo", "false"] });
    realm = await expiryRealm(server);
  });
  after(async () => server?.dispose());

  it("drops regular sessions past the max lifespan for good, offline ones past theirs, and per-user lists read only the user's", async () => {
    const { kc, appId, aliceId, login, refreshStatus, setRealm } = realm;
    await login();
    const offline = await login("openid offline_access");
    // the offline_access grant keeps only its offline session (as Keycloak 26.7.3): one regular session, the first's
    assert.equal((await kc.users.listSessions({ id: aliceId })).length, 1);
    assert.equal((await kc.users.listOfflineSessions({ id: aliceId, clientId: appId })).length, 1);

    // Keycloak checks the max lifespan exactly (only the idle timeout has a grace window).
    await setRealm({ ssoSessionMaxLifespan: 1 });
    const expired = await eventually(
      () => kc.users.listSessions({ id: aliceId }),
      (sessions) => sessions.length === 0,
    );
    assert.deepEqual(expired, [], "past the max lifespan the regular sessions are gone");
    assert.equal((await kc.users.listOfflineSessions({ id: aliceId, clientId: appId })).length, 1, "offline lives on");
    await setRealm({ ssoSessionMaxLifespan: 36000 });
    assert.deepEqual(
      await kc.users.listSessions({ id: aliceId }),
      [],
      "removed, not hidden: a longer lifespan brings none back",
    );
    assert.equal((await kc.clients.getSessionCount({ id: appId })).count, 0);

    await setRealm({ offlineSessionMaxLifespanEnabled: true, offlineSessionMaxLifespan: 1 });
    const offlineGone = await eventually(
      () => kc.clients.getOfflineSessionCount({ id: appId }),
      ({ count }) => count === 0,
    );
    assert.equal(offlineGone.count, 0);
    await setRealm({ offlineSessionMaxLifespanEnabled: false });
    assert.deepEqual(await kc.users.listOfflineSessions({ id: aliceId, clientId: appId }), []);
    assert.equal(await refreshStatus(offline.refresh_token), 400, "the removed offline session's token is refused");
    assert.deepEqual(await kc.realms.getClientSessionStats({ realm: REALM }), []);
  });

  it("lists a user's sessions alone among many users' (read through the session index)", async () => {
    const { kc, aliceId, login } = realm;
    const { id: bobId } = await kc.users.create({
      username: "bob",
      ...completeProfile("bob"),
      enabled: true,
      credentials: [{ type: "password", value: "secret-pw", temporary: false }],
    });
    const alice = await login();
    const bob = await fetch(`${server.baseUrl}/realms/${REALM}/protocol/openid-connect/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ client_id: "app", grant_type: "password", username: "bob", password: "secret-pw" }),
    }).then((res) => res.json() as Promise<Tokens>);
    assert.deepEqual(
      (await kc.users.listSessions({ id: aliceId })).map((s) => s.id),
      [alice.session_state],
    );
    assert.deepEqual(
      (await kc.users.listSessions({ id: bobId })).map((s) => s.id),
      [bob.session_state],
    );
    await kc.users.logout({ id: bobId });
    assert.deepEqual(await kc.users.listSessions({ id: bobId }), []);
    assert.equal((await kc.users.listSessions({ id: aliceId })).length, 1, "signing bob out leaves alice signed in");
  });
});

describe("expired sessions are swept periodically without being read", () => {
  let server: TestServer;
  let realm: Awaited<ReturnType<typeof expiryRealm>>;

  /** Whether the store's write-ahead log records the removal of this session (nothing else reads it). */
  const removalLogged = async (sessionId: string) => {
    const logs = (await readdir(server.dataDir)).filter((name) => /^wal-\d+\.jsonl$/.test(name));
    const text = (await Promise.all(logs.map((name) => readFile(join(server.dataDir, name), "utf8")))).join("");
    return text.includes(JSON.stringify(["d", "userSessions", sessionId]));
  };

  before(async () => {
    server = await startTestServer({ args: ["--seed-demo", "false"], env: { KC_SESSION_SWEEP_MS: "200" } });
    realm = await expiryRealm(server);
  });
  after(async () => server?.dispose());

  it("removes a session past its max lifespan that no request touches", async () => {
    const { kc, aliceId, login, setRealm } = realm;
    const signedIn = await login();
    assert.equal(await removalLogged(signedIn.session_state), false);
    await setRealm({ ssoSessionMaxLifespan: 1 });
    assert.equal(await eventually(() => removalLogged(signedIn.session_state), Boolean), true);
    await setRealm({ ssoSessionMaxLifespan: 36000 });
    assert.deepEqual(await kc.users.listSessions({ id: aliceId }), []);
  });

  it("keeps a session idle past its timeout for Keycloak's 120 s grace, then sweeps it (server clock moved ahead)", async () => {
    const { kc, aliceId, login, setRealm } = realm;
    await setRealm({
      ssoSessionIdleTimeout: 60,
      offlineSessionMaxLifespanEnabled: true,
      offlineSessionMaxLifespan: 30,
    });
    const idle = await login();
    // The witness that a sweep ran: an offline session past its max lifespan (30 s, checked exactly).
    const witness = await login("openid offline_access");
    const signInAgain = async () => {
      kc.setConfig({ realmName: "master" });
      await kc.auth({ grantType: "password", clientId: "admin-cli", username: "admin", password: "admin" });
      kc.setConfig({ realmName: REALM });
    };

    // 70 s later: past the witness's lifespan and the regular session's idle timeout, inside its grace (until 180 s).
    await server.restart({ KC_CLOCK_OFFSET_MS: "70000" });
    assert.equal(await eventually(() => removalLogged(offlineRecordId(witness.session_state)), Boolean), true);
    assert.equal(await removalLogged(idle.session_state), false, "the sweep that removed the witness kept it");
    await signInAgain();
    const listed = (await kc.users.listSessions({ id: aliceId })).map((session) => session.id);
    assert.ok(listed.includes(idle.session_state), "idle past its timeout, inside the grace: still listed");

    // 185 s later: past the grace too; the sweep removes it without any read.
    await server.restart({ KC_CLOCK_OFFSET_MS: "185000" });
    assert.equal(await eventually(() => removalLogged(idle.session_state), Boolean), true);
    await signInAgain();
    assert.deepEqual(await kc.users.listSessions({ id: aliceId }), []);
  });
});
