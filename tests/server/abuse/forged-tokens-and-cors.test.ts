import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { decodeJwt } from "jose";
import { adminToken, startTestServer, type TestServer } from "../../support/server.ts";
import { type Api, createRealm, masterAdmin } from "../../support/admin-api.ts";
import { forgeries, installKnownKey, signWith, type KnownKey } from "../../support/forged-tokens.ts";
import { browserLogin, exchangeCode, pkcePair, type CookieJar } from "../oidc-flow.ts";

const EVIL = "http://evil.example";
/** An origin the demo realm's `spa` allows (web origins "+" from http://127.0.0.1:*). */
const SPA_ORIGIN = "http://127.0.0.1:5555";

describe("forged tokens are refused, and CORS answers an origin only from a verified token or a client's web origins", () => {
  let server: TestServer;
  let api: Api;
  let key: KnownKey;
  let otherRealmKey: KnownKey;
  let genuine: string;
  let jar: CookieJar;
  let table: [string, string][];

  before(async () => {
    server = await startTestServer();
    api = masterAdmin(server);
    key = await installKnownKey(api, "demo");
    await createRealm(api, "elsewhere");
    otherRealmKey = await installKnownKey(api, "elsewhere");
    const { verifier, challenge } = pkcePair();
    const redirectUri = `${SPA_ORIGIN}/app/`;
    const login = await browserLogin(
      server.baseUrl,
      "demo",
      { clientId: "spa", redirectUri, codeChallenge: challenge },
      "helpdesk",
      "helpdesk",
    );
    jar = login.jar;
    const { body } = await exchangeCode(server.baseUrl, "demo", {
      client_id: "spa",
      code: login.query.get("code")!,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    });
    genuine = body.access_token as string;
    assert.equal(decodeJwt(genuine).iss, `${server.baseUrl}/realms/demo`);
    table = await forgeries(genuine, key, { claims: { "allowed-origins": [EVIL] }, otherRealmKey });
  });
  after(() => server.dispose());

  /** The admin and account endpoints a forged token is tried on: [method, path, body]. */
  const TARGETS: [string, string, unknown?][] = [
    ["GET", "/admin/realms/demo/users?max=1"],
    ["PUT", "/admin/realms/demo", { displayName: "Forged" }],
    ["GET", "/admin/realms"],
    ["GET", "/admin/serverinfo"],
    ["GET", "/admin/master/console/whoami?currentRealm=demo"],
    ["GET", "/realms/demo/protocol/openid-connect/userinfo"],
  ];
  const withToken = (method: string, path: string, token: string, body?: unknown) =>
    fetch(`${server.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });

  test("no forged token is accepted by an admin or account endpoint (401), and the realm is unchanged", async () => {
    const before = await (await api("/admin/realms/demo")).json();
    const power = {
      realm_access: { roles: ["admin", "offline_access"] },
      resource_access: { "realm-management": { roles: ["realm-admin", "manage-realm", "manage-users"] } },
    };
    const powerTable = await forgeries(genuine, key, { claims: power, otherRealmKey });
    const masterToken = await adminToken(server.baseUrl);
    const accepted: string[] = [];
    for (const [name, token] of [...table, ...powerTable.map(([n, t]) => [`${n}, with more roles`, t])]) {
      for (const [method, path, body] of TARGETS) {
        const res = await withToken(method, path, token!, body);
        if (res.status !== 401) accepted.push(`${method} ${path} with ${name}: ${res.status}`);
        await res.arrayBuffer();
      }
    }
    const otherRealm = await withToken("GET", "/realms/demo/protocol/openid-connect/userinfo", masterToken);
    if (otherRealm.status !== 401) accepted.push(`userinfo of demo with a master token: ${otherRealm.status}`);
    assert.deepEqual(accepted, []);
    assert.deepEqual(await (await api("/admin/realms/demo")).json(), before);
    // The controls: the genuine token reads what helpdesk may read, and is refused what it may not.
    assert.equal((await withToken("GET", "/admin/realms/demo/users?max=1", genuine)).status, 200);
    assert.equal((await withToken("GET", "/realms/demo/protocol/openid-connect/userinfo", genuine)).status, 200);
    assert.equal((await withToken("PUT", "/admin/realms/demo", genuine, { displayName: "x" })).status, 403);
    // Roles come from the user, not from the token: even a validly signed token naming more roles gets no more.
    const inflated = await signWith(key, { ...decodeJwt(genuine), ...power });
    assert.equal((await withToken("PUT", "/admin/realms/demo", inflated, { displayName: "x" })).status, 403);
  });

  const call = (path: string, origin: string, token?: string) =>
    fetch(`${server.baseUrl}${path}`, {
      redirect: "manual",
      headers: { origin, cookie: jar.header(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  const PATHS = [
    "/realms/demo/account",
    "/admin/realms/demo/users?max=1",
    "/realms/demo/protocol/openid-connect/userinfo",
  ];

  test("the genuine token allows its client's origin and no other (the controls)", async () => {
    for (const path of PATHS) {
      const good = await call(path, SPA_ORIGIN, genuine);
      assert.equal(good.headers.get("access-control-allow-origin"), SPA_ORIGIN, path);
      assert.equal(good.headers.get("access-control-allow-credentials"), "true", path);
      const evil = await call(path, EVIL, genuine);
      assert.equal(evil.headers.get("access-control-allow-origin"), null, path);
    }
    // A token the realm's key really signed is believed, whatever origins it names: the claim is trusted for its signature.
    const signed = await signWith(key, { ...decodeJwt(genuine), "allowed-origins": [EVIL] });
    const res = await call("/admin/realms/demo/users?max=1", EVIL, signed);
    assert.equal(res.headers.get("access-control-allow-origin"), EVIL);
    // An expired genuine token: the admin API refuses it with a 401 without CORS headers, as Keycloak 26.7.3 does
    // (the element tells an expired token by its exp claim); userinfo's 401 stays readable by the token's origin.
    const now = Math.floor(Date.now() / 1000);
    const expired = await signWith(key, { ...decodeJwt(genuine), iat: now - 600, exp: now - 300 });
    const refused = await call("/admin/realms/demo/users?max=1", SPA_ORIGIN, expired);
    assert.equal(refused.status, 401);
    assert.equal(refused.headers.get("access-control-allow-origin"), null);
    const userinfo = await call("/realms/demo/protocol/openid-connect/userinfo", SPA_ORIGIN, expired);
    assert.equal(userinfo.status, 401);
    assert.equal(userinfo.headers.get("access-control-allow-origin"), SPA_ORIGIN);
    const tampered = `${expired.split(".")[0]}.${expired.split(".")[1]}.${genuine.split(".")[2]}`;
    const forged = await call("/admin/realms/demo/users?max=1", SPA_ORIGIN, tampered);
    assert.equal(forged.headers.get("access-control-allow-origin"), null);
  });

  test("no forged token, and no SSO cookie, lets a foreign origin read an answer", async () => {
    const granted: string[] = [];
    for (const path of PATHS) {
      for (const [name, token] of [["no token, SSO cookie only", undefined], ...table] as [string, string?][]) {
        const res = await call(path, EVIL, token);
        const allowOrigin = res.headers.get("access-control-allow-origin");
        // A 401 takes the origins of an expired token the realm's key really signed (here the test's key signed it).
        if (name === "expired, validly signed" && res.status === 401 && allowOrigin === EVIL) continue;
        if (res.status >= 500) granted.push(`${path} with ${name}: ${res.status}`);
        if (allowOrigin)
          granted.push(`${path} with ${name}: ${res.status}, Access-Control-Allow-Origin ${allowOrigin}`);
      }
    }
    assert.deepEqual(granted, []);
  });

  test("preflights answer only origins some client allows", async () => {
    const paths = [...PATHS, "/realms/demo/protocol/openid-connect/token", "/admin/realms/demo", "/admin/serverinfo"];
    const wrong: string[] = [];
    for (const path of paths) {
      for (const [origin, allowed] of [
        [EVIL, false],
        ["null", false],
        [SPA_ORIGIN, true],
      ] as const) {
        const res = await fetch(`${server.baseUrl}${path}`, {
          method: "OPTIONS",
          headers: {
            origin,
            "access-control-request-method": "PUT",
            "access-control-request-headers": "authorization",
          },
        });
        const answered = res.headers.get("access-control-allow-origin");
        if (res.status !== 200 || (answered === origin) !== allowed)
          wrong.push(`OPTIONS ${path} from ${origin}: ${res.status}, Access-Control-Allow-Origin ${answered}`);
      }
    }
    assert.deepEqual(wrong, []);
  });
});
