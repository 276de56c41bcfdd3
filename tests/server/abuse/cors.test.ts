import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { decodeJwt } from "jose";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { type Api, createRealm, masterAdmin } from "../../support/admin-api.ts";
import { forgeries, installKnownKey, signWith, type KnownKey } from "../../support/forged-tokens.ts";
import { browserLogin, exchangeCode, pkcePair, type CookieJar } from "../oidc-flow.ts";

const EVIL = "http://evil.example";
/** An origin the demo realm's `spa` allows (web origins "+" from http://127.0.0.1:*). */
const SPA_ORIGIN = "http://127.0.0.1:5555";

describe("CORS answers an origin only from a verified token or the client's own web origins", () => {
  let server: TestServer;
  let api: Api;
  let key: KnownKey;
  let genuine: string;
  let jar: CookieJar;
  let table: [string, string][];

  before(async () => {
    server = await startTestServer();
    api = masterAdmin(server);
    key = await installKnownKey(api, "demo");
    await createRealm(api, "elsewhere");
    const otherRealmKey = await installKnownKey(api, "elsewhere");
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
  });

  test("no forged token, and no SSO cookie, lets a foreign origin read an answer", async () => {
    const granted: string[] = [];
    for (const path of PATHS) {
      for (const [name, token] of [["no token, SSO cookie only", undefined], ...table] as [string, string?][]) {
        const res = await call(path, EVIL, token);
        const allowOrigin = res.headers.get("access-control-allow-origin");
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
