import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { createRemoteJWKSet, decodeJwt, jwtVerify } from "jose";
import { adminToken, startTestServer, type TestServer } from "../support/server.ts";
import {
  asksForPassword,
  authUrl,
  browserLogin,
  CookieJar,
  exchangeCode,
  formAction,
  get,
  pkcePair,
  submitLogin,
} from "./oidc-flow.ts";

let server: TestServer;
let base: string;
const tokenUrl = (realm: string) => `${base}/realms/${realm}/protocol/openid-connect/token`;
const form = (body: Record<string, string>, headers: Record<string, string> = {}) => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
  body: new URLSearchParams(body),
});
const passwordGrant = (realm: string, username: string, password: string, extra: Record<string, string> = {}) =>
  fetch(tokenUrl(realm), form({ grant_type: "password", client_id: "admin-cli", username, password, ...extra }));

before(async () => {
  server = await startTestServer();
  base = server.baseUrl;
});
after(async () => server?.dispose());

describe("discovery and keys", () => {
  test("openid-configuration lists the realm's endpoints", async () => {
    const res = await fetch(`${base}/realms/demo/.well-known/openid-configuration`);
    assert.equal(res.status, 200);
    const doc = (await res.json()) as Record<string, unknown>;
    const oidc = `${base}/realms/demo/protocol/openid-connect`;
    assert.equal(doc.issuer, `${base}/realms/demo`);
    assert.equal(doc.authorization_endpoint, `${oidc}/auth`);
    assert.equal(doc.token_endpoint, `${oidc}/token`);
    assert.equal(doc.jwks_uri, `${oidc}/certs`);
    assert.equal(doc.end_session_endpoint, `${oidc}/logout`);
    assert.equal(doc.userinfo_endpoint, `${oidc}/userinfo`);
    assert.equal(doc.check_session_iframe, `${oidc}/login-status-iframe.html`);
    assert.deepEqual(doc.code_challenge_methods_supported, ["plain", "S256"]);
    assert.ok((doc.grant_types_supported as string[]).includes("client_credentials"));
    assert.ok((doc.grant_types_supported as string[]).includes("urn:ietf:params:oauth:grant-type:uma-ticket"));
    assert.ok((doc.response_modes_supported as string[]).includes("fragment"));
  });

  test("unknown realm is 404", async () => {
    const res = await fetch(`${base}/realms/nope/.well-known/openid-configuration`);
    assert.equal(res.status, 404);
    assert.deepEqual(await res.json(), { error: "Realm does not exist" });
  });

  test("certs verify issued tokens, and the key survives a restart", async () => {
    const res = await passwordGrant("master", "admin", "admin");
    const { access_token } = (await res.json()) as { access_token: string };
    const jwks = createRemoteJWKSet(new URL(`${base}/realms/master/protocol/openid-connect/certs`));
    const { payload, protectedHeader } = await jwtVerify(access_token, jwks, { issuer: `${base}/realms/master` });
    assert.equal(protectedHeader.alg, "RS256");
    assert.ok(protectedHeader.kid);
    assert.equal(payload.typ, "Bearer");
    const jwks2 = (await (await fetch(`${base}/realms/master/protocol/openid-connect/certs`)).json()) as {
      keys: Record<string, unknown>[];
    };
    const key = jwks2.keys.find((k) => k.kid === protectedHeader.kid)!;
    assert.equal(key.use, "sig");
    assert.ok(Array.isArray(key.x5c) && key["x5t#S256"]);
    await server.restart();
    const again = createRemoteJWKSet(new URL(`${base}/realms/master/protocol/openid-connect/certs`));
    await jwtVerify(access_token, again);
  });
});

describe("password grant", () => {
  test("answers Keycloak's token response with the expected claims", async () => {
    const res = await passwordGrant("master", "admin", "admin", { scope: "openid" });
    assert.equal(res.status, 200);
    const body = (await res.json()) as Record<string, unknown>;
    assert.deepEqual(Object.keys(body).sort(), [
      "access_token",
      "expires_in",
      "id_token",
      "not-before-policy",
      "refresh_expires_in",
      "refresh_token",
      "scope",
      "session_state",
      "token_type",
    ]);
    assert.equal(body.token_type, "Bearer");
    assert.ok((body.expires_in as number) > 0);
    // idle timeout from the session's last refresh: a second boundary before the token makes it 1799, on Keycloak too
    assert.ok(
      [1799, 1800].includes(body.refresh_expires_in as number),
      `refresh_expires_in ${body.refresh_expires_in}`,
    );
    assert.ok((body.scope as string).split(" ").includes("openid"));
    // admin-cli's access tokens are lightweight, as Keycloak 26.7's: who and what roles are for the server to look up
    const access = decodeJwt(body.access_token as string);
    assert.equal(access.iss, `${base}/realms/master`);
    assert.equal(access.azp, "admin-cli");
    assert.equal(access.sid, body.session_state);
    assert.match(String(access.jti), /^onltro:/);
    for (const claim of ["sub", "preferred_username", "realm_access", "resource_access", "aud"])
      assert.equal(access[claim], undefined, claim);
    const refresh = decodeJwt(body.refresh_token as string);
    assert.equal(refresh.typ, "Refresh");
    const id = decodeJwt(body.id_token as string);
    assert.equal(id.typ, "ID");
    assert.equal(id.aud, "admin-cli");
    assert.equal(id.preferred_username, "admin");
  });

  test("no id_token without the openid scope", async () => {
    const body = (await (await passwordGrant("master", "admin", "admin")).json()) as Record<string, unknown>;
    assert.equal(body.id_token, undefined);
  });

  test("wrong password and unknown user are 400 invalid_grant (as Keycloak 26.7 answers)", async () => {
    for (const [user, pw] of [
      ["admin", "wrong"],
      ["nobody", "x"],
    ]) {
      const res = await passwordGrant("master", user!, pw!);
      assert.equal(res.status, 400);
      assert.deepEqual(await res.json(), { error: "invalid_grant", error_description: "Invalid user credentials" });
    }
  });

  test("a disabled user is 400 Account disabled", async () => {
    const res = await passwordGrant("demo", "ivan.brown", "password");
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), { error: "invalid_grant", error_description: "Account disabled" });
  });

  test("a user with required actions is not fully set up", async () => {
    const res = await passwordGrant("demo", "grace.garcia", "password");
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), { error: "invalid_grant", error_description: "Account is not fully set up" });
  });

  test("login by email works", async () => {
    const res = await passwordGrant("demo", "alice.anderson@example.com", "password");
    assert.equal(res.status, 200);
  });

  test("clients without direct access grants are refused", async () => {
    const res = await fetch(
      tokenUrl("demo"),
      form({ grant_type: "password", client_id: "spa", username: "alice.anderson", password: "password" }),
    );
    assert.equal(res.status, 400);
    assert.equal(((await res.json()) as { error: string }).error, "unauthorized_client");
  });

  test("missing and unsupported grant types", async () => {
    let res = await fetch(tokenUrl("demo"), form({ client_id: "admin-cli" }));
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), {
      error: "invalid_request",
      error_description: "Missing form parameter: grant_type",
    });
    res = await fetch(tokenUrl("demo"), form({ client_id: "admin-cli", grant_type: "magic" }));
    assert.equal(res.status, 400);
    assert.equal(((await res.json()) as { error: string }).error, "unsupported_grant_type");
  });
});

describe("client credentials", () => {
  const basic = (id: string, secret: string) => ({
    authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`,
  });

  test("client_secret_basic gives a service-account token without refresh token", async () => {
    const res = await fetch(
      tokenUrl("demo"),
      form({ grant_type: "client_credentials" }, basic("portal", "portal-secret")),
    );
    assert.equal(res.status, 200);
    const body = (await res.json()) as Record<string, unknown>;
    assert.equal(body.refresh_token, undefined);
    assert.equal(body.refresh_expires_in, 0);
    const access = decodeJwt(body.access_token as string);
    assert.equal(access.preferred_username, "service-account-portal");
    assert.equal(access.azp, "portal");
  });

  test("client_secret_post works, a wrong secret is 401 unauthorized_client, an unknown client 401 invalid_client", async () => {
    let res = await fetch(
      tokenUrl("demo"),
      form({ grant_type: "client_credentials", client_id: "portal", client_secret: "portal-secret" }),
    );
    assert.equal(res.status, 200);
    res = await fetch(
      tokenUrl("demo"),
      form({ grant_type: "client_credentials", client_id: "portal", client_secret: "nope" }),
    );
    assert.equal(res.status, 401);
    assert.deepEqual(await res.json(), {
      error: "unauthorized_client",
      error_description: "Invalid client or Invalid client credentials",
    });
    res = await fetch(
      tokenUrl("demo"),
      form({ grant_type: "client_credentials", client_id: "no-such-client", client_secret: "x" }),
    );
    assert.equal(res.status, 401);
    assert.deepEqual(await res.json(), {
      error: "invalid_client",
      error_description: "Invalid client or Invalid client credentials",
    });
  });

  test("introspection tells active from revoked tokens", async () => {
    const user = (await (await passwordGrant("demo", "sybil.brown", "password")).json()) as Record<string, string>;
    const introspect = async (token: string) =>
      (await (
        await fetch(`${tokenUrl("demo")}/introspect`, form({ token }, basic("portal", "portal-secret")))
      ).json()) as Record<string, unknown>;
    assert.deepEqual(await introspect(user.access_token!), { active: false }, "portal is not in the token's audience");
    const admin = { authorization: `Bearer ${await adminToken(base)}`, "content-type": "application/json" };
    const clients = `${base}/admin/realms/demo/clients`;
    const [portal] = (await (await fetch(`${clients}?clientId=portal`, { headers: admin })).json()) as {
      id: string;
      attributes: Record<string, string>;
    }[];
    const skipAudience = { ...portal!.attributes, "allow.token.introspection.without.audience.check": "true" };
    const put = { method: "PUT", headers: admin, body: JSON.stringify({ ...portal, attributes: skipAudience }) };
    assert.equal((await fetch(`${clients}/${portal!.id}`, put)).status, 204);
    const active = await introspect(user.access_token!);
    assert.equal(active.active, true);
    assert.equal(active.username, "sybil.brown");
    assert.equal(active.client_id, "admin-cli");
    await fetch(
      `${base}/realms/demo/protocol/openid-connect/logout`,
      form({ client_id: "admin-cli", refresh_token: user.refresh_token! }),
    );
    assert.deepEqual(await introspect(user.access_token!), { active: false });
  });

  test("public clients cannot use it", async () => {
    const res = await fetch(tokenUrl("demo"), form({ grant_type: "client_credentials", client_id: "spa" }));
    assert.equal(res.status, 401);
    assert.equal(((await res.json()) as { error: string }).error, "unauthorized_client");
  });
});

describe("refresh", () => {
  test("a refresh token gives new tokens in the same session", async () => {
    const first = (await (await passwordGrant("demo", "bob.brown", "password")).json()) as Record<string, string>;
    const res = await fetch(
      tokenUrl("demo"),
      form({ grant_type: "refresh_token", client_id: "admin-cli", refresh_token: first.refresh_token! }),
    );
    assert.equal(res.status, 200);
    const second = (await res.json()) as Record<string, string>;
    assert.equal(second.session_state, first.session_state);
    assert.notEqual(second.access_token, first.access_token);
  });

  test("a garbage refresh token is 400 invalid_grant", async () => {
    const res = await fetch(
      tokenUrl("demo"),
      form({ grant_type: "refresh_token", client_id: "admin-cli", refresh_token: "x.y.z" }),
    );
    assert.equal(res.status, 400);
    assert.equal(((await res.json()) as { error: string }).error, "invalid_grant");
  });
});

describe("browser code flow", () => {
  const redirectUri = "http://127.0.0.1:5555/app/";

  test("the login page has Keycloak's form fields", async () => {
    const jar = new CookieJar();
    const res = await get(
      authUrl(base, "demo", { clientId: "spa", redirectUri, codeChallenge: pkcePair().challenge }),
      jar,
    );
    assert.equal(res.status, 200);
    const html = await res.text();
    assert.match(html, /<title>Sign in to [^<]+<\/title>/);
    assert.match(html, /<label for="username">Username or email<\/label>/);
    assert.match(html, /id="kc-login"[^>]*value="Sign In"/);
    assert.doesNotMatch(html, /<script>|<style>/);
    // the demo realm has organizations: as on Keycloak, the password is asked for on the next page
    assert.ok(!asksForPassword(html), "identity-first: the first page has no password field");
    const next = await fetch(formAction(html, base), {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header() },
      body: new URLSearchParams({ username: "carol.chen" }),
    });
    const passwordPage = await next.text();
    assert.match(passwordPage, /<label for="password">Password<\/label>/);
    assert.match(passwordPage, /id="kc-login"[^>]*value="Sign In"/);
  });

  test("invalid redirect_uri and unknown client get an error page", async () => {
    let res = await get(
      authUrl(base, "demo", { clientId: "spa", redirectUri: "https://evil.example/" }),
      new CookieJar(),
    );
    assert.equal(res.status, 400);
    assert.match(await res.text(), /Invalid parameter: redirect_uri/);
    res = await get(authUrl(base, "demo", { clientId: "nope", redirectUri }), new CookieJar());
    assert.equal(res.status, 400);
    assert.match(await res.text(), /Client not found\./);
  });

  test("a wrong password shows the error and keeps the username", async () => {
    // the one-page form, as in a realm without organizations (the demo realm's identity-first is in login-flows)
    const admin = { authorization: `Bearer ${await adminToken(base)}`, "content-type": "application/json" };
    const organizations = (organizationsEnabled: boolean) =>
      fetch(`${base}/admin/realms/demo`, {
        method: "PUT",
        headers: admin,
        body: JSON.stringify({ organizationsEnabled }),
      });
    assert.equal((await organizations(false)).status, 204);
    try {
      const jar = new CookieJar();
      const page = await get(
        authUrl(base, "demo", { clientId: "spa", redirectUri, codeChallenge: pkcePair().challenge }),
        jar,
      );
      const res = await submitLogin(base, await page.text(), jar, "carol.chen", "wrong");
      assert.equal(res.status, 200);
      const html = await res.text();
      assert.match(html, /Invalid username or password\./);
      assert.match(html, /id="username" name="username" value="carol.chen"/);
      const disabled = await submitLogin(base, html, jar, "uma.dubois", "password");
      assert.match(await disabled.text(), /Account is disabled, contact your administrator\./);
    } finally {
      assert.equal((await organizations(true)).status, 204);
    }
  });

  test("code + PKCE S256 through the login form, then SSO with prompt=none, then logout", async () => {
    const { verifier, challenge } = pkcePair();
    const { jar, query } = await browserLogin(
      base,
      "demo",
      { clientId: "spa", redirectUri, codeChallenge: challenge, state: "st-1", nonce: "n-1" },
      "david.dubois",
      "password",
    );
    assert.equal(query.get("state"), "st-1");
    assert.equal(query.get("iss"), `${base}/realms/demo`);
    const code = query.get("code")!;
    assert.ok(jar.get("KEYCLOAK_IDENTITY") && jar.get("KEYCLOAK_SESSION"));

    const wrong = await exchangeCode(base, "demo", {
      client_id: "spa",
      code,
      redirect_uri: redirectUri,
      code_verifier: pkcePair().verifier,
    });
    assert.equal(wrong.status, 400);
    assert.equal(wrong.body.error, "invalid_grant");

    const { verifier: v2, challenge: c2 } = pkcePair();
    const second = await get(
      authUrl(base, "demo", { clientId: "spa", redirectUri, codeChallenge: c2, prompt: "none", state: "st-2" }),
      jar,
    );
    assert.equal(second.status, 302);
    assert.deepEqual(
      second.headers.getSetCookie().map((cookie) => cookie.split("=")[0]),
      ["KEYCLOAK_IDENTITY", "KEYCLOAK_SESSION"],
      "each SSO cookie renewed once",
    );
    const loc = new URL(second.headers.get("location")!);
    assert.equal(loc.searchParams.get("state"), "st-2");
    const tokens = await exchangeCode(base, "demo", {
      client_id: "spa",
      code: loc.searchParams.get("code")!,
      redirect_uri: redirectUri,
      code_verifier: v2,
    });
    assert.equal(tokens.status, 200);
    assert.equal(decodeJwt(tokens.body.id_token as string).nonce, undefined);
    assert.equal(decodeJwt(tokens.body.access_token as string).preferred_username, "david.dubois");
    const reused = await exchangeCode(base, "demo", {
      client_id: "spa",
      code: loc.searchParams.get("code")!,
      redirect_uri: redirectUri,
      code_verifier: v2,
    });
    assert.equal(reused.status, 400);
    void verifier;

    const userinfo = await fetch(`${base}/realms/demo/protocol/openid-connect/userinfo`, {
      headers: { authorization: `Bearer ${tokens.body.access_token}` },
    });
    assert.equal(userinfo.status, 200);
    assert.equal(((await userinfo.json()) as { preferred_username: string }).preferred_username, "david.dubois");

    const logoutUrl = `${base}/realms/demo/protocol/openid-connect/logout?${new URLSearchParams({ id_token_hint: tokens.body.id_token as string, post_logout_redirect_uri: redirectUri, state: "bye" })}`;
    const out = await get(logoutUrl, jar);
    assert.equal(out.status, 302);
    assert.equal(out.headers.get("location"), `${redirectUri}?state=bye`);

    const refresh = await fetch(
      tokenUrl("demo"),
      form({ grant_type: "refresh_token", client_id: "spa", refresh_token: tokens.body.refresh_token as string }),
    );
    assert.equal(refresh.status, 400);
    const afterLogout = await fetch(`${base}/realms/demo/protocol/openid-connect/userinfo`, {
      headers: { authorization: `Bearer ${tokens.body.access_token}` },
    });
    assert.equal(afterLogout.status, 401);
    const none = await get(
      authUrl(base, "demo", {
        clientId: "spa",
        redirectUri,
        codeChallenge: pkcePair().challenge,
        prompt: "none",
        state: "st-3",
      }),
      jar,
    );
    assert.equal(none.status, 302);
    const noneLoc = new URL(none.headers.get("location")!);
    assert.equal(noneLoc.searchParams.get("error"), "login_required");
    assert.equal(noneLoc.searchParams.get("state"), "st-3");
  });

  test("nonce round-trips into the ID token; fragment response mode", async () => {
    const { verifier, challenge } = pkcePair();
    const { location } = await browserLogin(
      base,
      "demo",
      { clientId: "spa", redirectUri, codeChallenge: challenge, nonce: "abc", responseMode: "fragment" },
      "frank.fischer",
      "password",
    );
    const params = new URLSearchParams(location.hash.slice(1));
    const tokens = await exchangeCode(base, "demo", {
      client_id: "spa",
      code: params.get("code")!,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    });
    assert.equal(decodeJwt(tokens.body.id_token as string).nonce, "abc");
  });

  test("prompt=none without a session redirects with login_required", async () => {
    const res = await get(
      authUrl(base, "demo", { clientId: "spa", redirectUri, codeChallenge: pkcePair().challenge, prompt: "none" }),
      new CookieJar(),
    );
    assert.equal(res.status, 302);
    assert.equal(new URL(res.headers.get("location")!).searchParams.get("error"), "login_required");
  });

  test("the spa client requires PKCE", async () => {
    const res = await get(authUrl(base, "demo", { clientId: "spa", redirectUri }), new CookieJar());
    assert.equal(res.status, 302);
    const loc = new URL(res.headers.get("location")!);
    assert.equal(loc.searchParams.get("error"), "invalid_request");
    assert.equal(loc.searchParams.get("error_description"), "Missing parameter: code_challenge");
  });

  test("logout without redirect shows the logged-out page", async () => {
    const { challenge } = pkcePair();
    const { jar } = await browserLogin(
      base,
      "demo",
      { clientId: "spa", redirectUri, codeChallenge: challenge },
      "heidi.anderson",
      "password",
    );
    const confirm = await get(`${base}/realms/demo/protocol/openid-connect/logout`, jar);
    assert.equal(confirm.status, 200);
    const html = await confirm.text();
    assert.match(html, /Do you want to log out\?/);
    const action = /<form id="kc-logout-confirm" action="([^"]+)"/.exec(html)![1]!;
    const res = await fetch(new URL(action, base), {
      method: "POST",
      headers: { cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" },
      body: "",
    });
    jar.store(res);
    assert.equal(res.status, 200);
    assert.match(await res.text(), /You are logged out/);
    assert.equal(jar.get("KEYCLOAK_IDENTITY"), undefined);
  });

  test("a temporary password must be updated on login", async () => {
    const jar = new CookieJar();
    const { verifier, challenge } = pkcePair();
    const page = await get(authUrl(base, "demo", { clientId: "spa", redirectUri, codeChallenge: challenge }), jar);
    const update = await submitLogin(base, await page.text(), jar, "peggy.garcia", "password");
    assert.equal(update.status, 200);
    let html = await update.text();
    assert.match(html, /You need to change your password to activate your account\./);
    const post = async (pw: string, confirm: string) => {
      const action = /<form id="kc-passwd-update-form" action="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, "&");
      return fetch(new URL(action, base), {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header() },
        body: new URLSearchParams({ "password-new": pw, "password-confirm": confirm }),
      });
    };
    const mismatch = await post("new-secret", "other");
    html = await mismatch.text();
    assert.match(html, /Passwords don&#39;t match\.|Passwords don't match\./);
    const done = await post("new-secret", "new-secret");
    assert.equal(done.status, 302);
    const code = new URL(done.headers.get("location")!).searchParams.get("code")!;
    const tokens = await exchangeCode(base, "demo", {
      client_id: "spa",
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    });
    assert.equal(tokens.status, 200);
    const again = await browserLogin(
      base,
      "demo",
      { clientId: "spa", redirectUri, codeChallenge: pkcePair().challenge },
      "peggy.garcia",
      "new-secret",
    );
    assert.ok(again.query.get("code"));
  });

  test("the form action is on the realm's login-actions path", async () => {
    const res = await get(
      authUrl(base, "demo", { clientId: "spa", redirectUri, codeChallenge: pkcePair().challenge }),
      new CookieJar(),
    );
    assert.match(formAction(await res.text(), base), /\/realms\/demo\/login-actions\/authenticate\?/);
  });
});

describe("CORS and session iframes", () => {
  const origin = "http://127.0.0.1:5555";

  test("preflight on the token endpoint and admin API", async () => {
    for (const path of ["/realms/demo/protocol/openid-connect/token", "/admin/realms/demo/users"]) {
      const res = await fetch(`${base}${path}`, {
        method: "OPTIONS",
        headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "authorization" },
      });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get("access-control-allow-origin"), origin);
      assert.match(res.headers.get("access-control-allow-headers") ?? "", /Authorization/);
    }
  });

  test("token endpoint echoes allowed origins only", async () => {
    const ok = await fetch(
      tokenUrl("demo"),
      form({ grant_type: "client_credentials", client_id: "portal", client_secret: "portal-secret" }, { origin }),
    );
    assert.equal(ok.headers.get("access-control-allow-origin"), origin);
    const bad = await fetch(
      tokenUrl("demo"),
      form(
        { grant_type: "client_credentials", client_id: "portal", client_secret: "portal-secret" },
        { origin: "https://evil.example" },
      ),
    );
    assert.equal(bad.headers.get("access-control-allow-origin"), null);
  });

  test("admin responses carry CORS headers for the token's allowed origins", async () => {
    const token = await adminToken(base);
    const res = await fetch(`${base}/admin/realms/master/attack-detection/brute-force/users/x`, {
      headers: { authorization: `Bearer ${token}`, origin },
    });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("access-control-allow-origin"), null); // admin-cli has no web origins
  });

  test("login-status-iframe init checks the client's web origins", async () => {
    const init = (clientId: string, o: string) =>
      fetch(
        `${base}/realms/demo/protocol/openid-connect/login-status-iframe.html/init?${new URLSearchParams({ client_id: clientId, origin: o })}`,
      );
    assert.equal((await init("spa", origin)).status, 204);
    assert.equal((await init("spa", "https://evil.example")).status, 403);
    assert.equal((await init("nope", origin)).status, 403);
    const page = await fetch(`${base}/realms/demo/protocol/openid-connect/login-status-iframe.html`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<script src="login-status-iframe.js"><\/script>/);
    for (const step of ["step1", "step2"]) {
      const res = await fetch(`${base}/realms/demo/protocol/openid-connect/3p-cookies/${step}.html`);
      assert.equal(res.status, 200);
    }
  });
});
