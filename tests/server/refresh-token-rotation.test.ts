import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import type KcAdminClient from "@keycloak/keycloak-admin-client";
import { decodeJwt } from "jose";
import { realmOnTarget, refusal } from "../support/admin-client.ts";
import { enforcePolicy } from "../support/client-policies.ts";

// The realm's "Revoke refresh token" and "Refresh token max reuse" at the token endpoint. Runs on the embedded server,
// or on a real Keycloak with KC_TARGET=keycloak KC_REAL_URL=...: every answer asserted here was measured on 26.7.3.
const REALM = "refresh-rotation";
const REUSE_EXCEEDED = "Maximum allowed refresh token reuse exceeded";
let kc: KcAdminClient;
let dispose: () => Promise<void>;
let userId: string;

interface Answer {
  status: number;
  body: Record<string, string | number>;
}

async function token(form: Record<string, string>): Promise<Answer> {
  const res = await fetch(`${kc.baseUrl}/realms/${REALM}/protocol/openid-connect/token`, {
    method: "POST",
    body: new URLSearchParams({ client_id: "conf", client_secret: "secret", ...form }),
  });
  return { status: res.status, body: (await res.json()) as Answer["body"] };
}

async function login(scope?: string): Promise<string> {
  const answer = await token({
    grant_type: "password",
    username: "alice",
    password: "pw",
    ...(scope ? { scope } : {}),
  });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return String(answer.body.refresh_token);
}

const refresh = (refreshToken: string) => token({ grant_type: "refresh_token", refresh_token: refreshToken });

async function refreshed(refreshToken: string): Promise<string> {
  const answer = await refresh(refreshToken);
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return String(answer.body.refresh_token);
}

async function refused(refreshToken: string, description: string) {
  const answer = await refresh(refreshToken);
  assert.equal(answer.status, 400);
  assert.deepEqual(answer.body, { error: "invalid_grant", error_description: description });
}

const rotation = (revokeRefreshToken: boolean, refreshTokenMaxReuse = 0) =>
  kc.realms.update({ realm: REALM }, { revokeRefreshToken, refreshTokenMaxReuse });

before(async () => {
  ({ kc, dispose } = await realmOnTarget(REALM));
  await kc.realms.update(
    { realm: REALM },
    { eventsEnabled: true, enabledEventTypes: ["LOGIN", "REFRESH_TOKEN", "REFRESH_TOKEN_ERROR"] },
  );
  ({ id: userId } = await kc.users.create({
    username: "alice",
    enabled: true,
    firstName: "Alice",
    lastName: "Liddell",
    email: "alice@example.org",
    credentials: [{ type: "password", value: "pw", temporary: false }],
  }));
  await kc.clients.create({ clientId: "conf", secret: "secret", directAccessGrantsEnabled: true });
});

after(async () => dispose());

describe("refresh token rotation (Realm settings → Tokens)", () => {
  test("the realm representation round-trips both settings", async () => {
    const fresh = await kc.realms.findOne({ realm: REALM });
    assert.equal(fresh!.revokeRefreshToken, false);
    assert.equal(fresh!.refreshTokenMaxReuse, 0);
    await rotation(true, 3);
    const stored = await kc.realms.findOne({ realm: REALM });
    assert.equal(stored!.revokeRefreshToken, true);
    assert.equal(stored!.refreshTokenMaxReuse, 3);
    await kc.realms.update({ realm: REALM }, { displayName: "Rotation" });
    const kept = await kc.realms.findOne({ realm: REALM });
    assert.deepEqual(
      [kept!.revokeRefreshToken, kept!.refreshTokenMaxReuse],
      [true, 3],
      "an update without them keeps them",
    );
  });

  test("a malformed value is refused; a negative maximum is kept and refuses every refresh", async () => {
    const bad = { error: "unknown_error", error_description: "Cannot parse the JSON" };
    const notNumber = { refreshTokenMaxReuse: "x" as unknown as number };
    assert.deepEqual(await refusal(kc.realms.update({ realm: REALM }, notNumber)), { status: 400, body: bad });
    const notBoolean = { revokeRefreshToken: "yes" as unknown as boolean };
    assert.deepEqual(await refusal(kc.realms.update({ realm: REALM }, notBoolean)), { status: 400, body: bad });
    await rotation(true, -1);
    assert.equal((await kc.realms.findOne({ realm: REALM }))!.refreshTokenMaxReuse, -1);
    await refused(await login(), REUSE_EXCEEDED);
  });

  test("off: a refresh token may be used again and again, and carries no reuse_id", async () => {
    await rotation(false);
    const first = await login();
    assert.equal(decodeJwt(first).reuse_id, undefined);
    for (let use = 0; use < 3; use++) await refreshed(first);
  });

  test("on with max reuse 0: the second use is refused and the client leaves the session", async () => {
    await rotation(true, 0);
    await kc.realms.clearEvents({ realm: REALM });
    const first = await login();
    const family = decodeJwt(first).reuse_id;
    assert.equal(typeof family, "string", "a login starts a rotation family");
    const second = await refreshed(first);
    assert.equal(decodeJwt(second).reuse_id, family, "a refresh stays in the family");
    await refused(first, REUSE_EXCEEDED);

    const [event] = await kc.realms.findEvents({ realm: REALM, max: 1 });
    assert.equal(event!.type, "REFRESH_TOKEN_ERROR");
    assert.equal(event!.error, "invalid_token");
    assert.equal(event!.userId, undefined);
    assert.equal(event!.sessionId, decodeJwt(first).sid);
    assert.equal(event!.details?.reason, REUSE_EXCEEDED);
    assert.equal(event!.details?.refresh_token_id, decodeJwt(first).jti);
    assert.equal(event!.details?.refresh_token_type, "Refresh");

    const sessions = await kc.users.listSessions({ id: userId });
    const session = sessions.find((s) => s.id === decodeJwt(first).sid);
    assert.deepEqual(session?.clients, {}, "the user session stays, without the client");
    await refused(second, "Session doesn't have required client");
  });

  test("on with max reuse 0: the newest token too may be used once", async () => {
    const first = await login();
    const second = await refreshed(first);
    await refreshed(second);
    await refused(second, REUSE_EXCEEDED);
  });

  test("on with max reuse 2: a token may be used three times", async () => {
    await rotation(true, 2);
    const first = await login();
    const issued: string[] = [];
    for (let use = 0; use < 3; use++) issued.push(await refreshed(first));
    await refused(first, REUSE_EXCEEDED);
    await refused(issued[2]!, "Session doesn't have required client");
  });

  test("offline tokens are counted the same way", async () => {
    await rotation(true, 0);
    const offline = await login("offline_access");
    assert.equal(decodeJwt(offline).typ, "Offline");
    const next = await refreshed(offline);
    assert.equal(decodeJwt(next).typ, "Offline");
    await refused(offline, REUSE_EXCEEDED);
    await refused(next, "Session doesn't have required client");
  });

  test("a use counted before the setting was turned off is still counted when it is back on", async () => {
    const first = await login();
    await refreshed(first);
    await rotation(false);
    await refreshed(first);
    await refreshed(first);
    await rotation(true, 0);
    await refused(first, REUSE_EXCEEDED);
  });

  test("suppress-refresh-token-rotation: no new refresh token, and the one held may still be used once", async () => {
    await enforcePolicy(kc, [{ executor: "suppress-refresh-token-rotation" }]);
    try {
      const first = await login();
      const answer = await refresh(first);
      assert.equal(answer.status, 200);
      assert.equal(answer.body.refresh_token, undefined);
      await refused(first, REUSE_EXCEEDED);
    } finally {
      await kc.clientPolicies.updatePolicy({ policies: [] });
    }
  });
});
