import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import KcAdminClient from "@keycloak/keycloak-admin-client";
import { SignJWT } from "jose";
import { startTestServer, type TestServer } from "../support/server.ts";
import { completeProfile } from "../support/admin-api.ts";
import { CookieJar, get, pkcePair, submitLogin } from "./oidc-flow.ts";
import { errorText, follow, postForm } from "./login-forms.ts";
import { eventually } from "../support/eventually.ts";

// OAuth extensions of the OpenID Connect endpoints (revocation, pushed authorization requests, device grant), with the
// answers Keycloak 26.7.3 gives to the same requests.
const REALM = "oidc-ext";

interface Tokens {
  access_token: string;
  refresh_token: string;
  id_token: string;
  session_state: string;
}

let server: TestServer;
let kc: KcAdminClient;
let aliceId: string;
const oidc = (path: string) => `${server.baseUrl}/realms/${REALM}/protocol/openid-connect/${path}`;
const post = (
  path: string,
  fields: Record<string, string> | [string, string][],
  headers: Record<string, string> = {},
) =>
  fetch(oidc(path), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields),
  });
const login = async (scope = "openid", clientId = "app"): Promise<Tokens> => {
  const res = await post("token", {
    grant_type: "password",
    client_id: clientId,
    username: "alice",
    password: "secret-pw",
    scope,
    ...(clientId === "backend" ? { client_secret: "backend-secret" } : {}),
  });
  assert.equal(res.status, 200, await res.clone().text());
  return (await res.json()) as Tokens;
};
const refresh = (refreshToken: string, clientId = "app") =>
  post("token", { grant_type: "refresh_token", client_id: clientId, refresh_token: refreshToken });

before(async () => {
  server = await startTestServer({ args: ["--seed-demo", "false"] });
  kc = new KcAdminClient({ baseUrl: server.baseUrl, realmName: "master" });
  await kc.auth({ grantType: "password", clientId: "admin-cli", username: "admin", password: "admin" });
  await kc.realms.create({ realm: REALM, enabled: true, eventsEnabled: true });
  kc.setConfig({ realmName: REALM });
  await kc.clients.create({ clientId: "app", publicClient: true, directAccessGrantsEnabled: true });
  await kc.clients.create({ clientId: "other", publicClient: true, directAccessGrantsEnabled: true });
  await kc.clients.create({
    clientId: "backend",
    publicClient: false,
    secret: "backend-secret",
    directAccessGrantsEnabled: true,
    standardFlowEnabled: true,
    redirectUris: ["http://127.0.0.1/cb"],
  });
  await kc.clients.create({
    clientId: "signer",
    publicClient: false,
    clientAuthenticatorType: "client-secret-jwt",
    secret: "signer-secret-that-is-long-enough-for-hs256",
    directAccessGrantsEnabled: true,
    attributes: { "allow.token.introspection.without.audience.check": "true" },
  });
  const credentials = [{ type: "password", value: "secret-pw", temporary: false }];
  ({ id: aliceId } = await kc.users.create({
    username: "alice",
    ...completeProfile("alice"),
    enabled: true,
    credentials,
  }));
});
after(async () => server?.dispose());

describe("token revocation (RFC 7009)", () => {
  it("discovery names the endpoint and its client authentication", async () => {
    const doc = (await (
      await fetch(`${server.baseUrl}/realms/${REALM}/.well-known/openid-configuration`)
    ).json()) as Record<string, unknown>;
    assert.equal(doc.revocation_endpoint, oidc("revoke"));
    assert.deepEqual(doc.revocation_endpoint_auth_methods_supported, doc.token_endpoint_auth_methods_supported);
    assert.ok(
      (doc.revocation_endpoint_auth_signing_alg_values_supported as string[]).includes("RS256"),
      "RS256 signed client assertions are taken",
    );
  });

  it("refuses as Keycloak: no client, no token, a duplicated parameter, another client's token", async () => {
    const { refresh_token } = await login();
    const noClient = await post("revoke", { token: refresh_token });
    assert.equal(noClient.status, 401);
    assert.deepEqual(await noClient.json(), {
      error: "invalid_client",
      error_description: "Invalid client or Invalid client credentials",
    });
    const wrongSecret = await post("revoke", { client_id: "backend", client_secret: "nope", token: refresh_token });
    assert.equal(wrongSecret.status, 401);
    const noToken = await post("revoke", { client_id: "app" });
    assert.equal(noToken.status, 400);
    assert.deepEqual(await noToken.json(), { error: "invalid_request", error_description: "Token not provided" });
    const duplicated = await post("revoke", [
      ["client_id", "app"],
      ["token", refresh_token],
      ["token", refresh_token],
    ]);
    assert.equal(duplicated.status, 400);
    assert.deepEqual(await duplicated.json(), { error: "invalid_request", error_description: "duplicated parameter" });
    const other = await post("revoke", { client_id: "other", token: refresh_token });
    assert.equal(other.status, 400);
    assert.deepEqual(await other.json(), { error: "invalid_request", error_description: "Unmatching clients" });
    const garbage = await post("revoke", { client_id: "app", token: "not-a-token" });
    assert.equal(garbage.status, 200, "an invalid token is no error (RFC 7009 §2.2)");
    assert.deepEqual(await garbage.json(), { error: "invalid_token", error_description: "Invalid token" });
    assert.equal((await refresh(refresh_token)).status, 200, "nothing was revoked by the refused requests");
  });

  it("a refresh token ends its client's session: the refresh token and its access token stop working", async () => {
    const tokens = await login();
    const other = await login("openid", "other");
    assert.equal((await kc.users.listSessions({ id: aliceId })).length >= 2, true, "both sessions listed");
    const res = await post("revoke", {
      client_id: "app",
      token: tokens.refresh_token,
      token_type_hint: "refresh_token",
    });
    assert.equal(res.status, 200);
    assert.equal(await res.text(), "", "an empty answer");
    const refreshed = await refresh(tokens.refresh_token);
    assert.equal(refreshed.status, 400);
    assert.deepEqual(await refreshed.json(), { error: "invalid_grant", error_description: "Session not active" });
    const userinfo = await fetch(oidc("userinfo"), { headers: { authorization: `Bearer ${tokens.access_token}` } });
    assert.equal(userinfo.status, 401);
    const sessions = await kc.users.listSessions({ id: aliceId });
    assert.ok(!sessions.some((s) => s.id === tokens.session_state), "the revoked session is gone");
    assert.ok(
      sessions.some((s) => s.id === other.session_state),
      "the other client's session lives on",
    );
    assert.equal((await refresh(other.refresh_token, "other")).status, 200);
    const again = await post("revoke", { client_id: "app", token: tokens.refresh_token });
    assert.equal(again.status, 200);
    assert.deepEqual(await again.json(), { error: "invalid_token", error_description: "Invalid token" });

    const events = await kc.realms.findEvents({ realm: REALM, type: ["REVOKE_GRANT"] });
    const revoked = events.find((e) => e.sessionId === tokens.session_state);
    assert.ok(revoked, "a REVOKE_GRANT event for the session");
    assert.equal(revoked.clientId, "app");
    assert.equal(revoked.userId, aliceId);
    assert.equal(revoked.details?.revoked_client, "app");
    assert.equal(revoked.details?.refresh_token_type, "Refresh");
  });

  it("an offline token ends its offline session", async () => {
    const offline = await login("openid offline_access");
    assert.equal((await kc.users.listOfflineSessions({ id: aliceId, clientId: (await appId())! })).length, 1);
    const res = await post("revoke", { client_id: "app", token: offline.refresh_token });
    assert.equal(res.status, 200);
    assert.deepEqual(await kc.users.listOfflineSessions({ id: aliceId, clientId: (await appId())! }), []);
    assert.equal((await refresh(offline.refresh_token)).status, 400);
  });

  it("an access token is refused from then on by userinfo and introspection; its session lives on", async () => {
    const tokens = await login("openid", "backend");
    const basic = { authorization: `Basic ${Buffer.from("backend:backend-secret").toString("base64")}` };
    const res = await post("revoke", { token: tokens.access_token }, basic);
    assert.equal(res.status, 200);
    const userinfo = await fetch(oidc("userinfo"), { headers: { authorization: `Bearer ${tokens.access_token}` } });
    assert.equal(userinfo.status, 401);
    const introspected = await post("token/introspect", { token: tokens.access_token }, basic);
    assert.deepEqual(await introspected.json(), { active: false });
    assert.equal((await refresh(tokens.refresh_token, "backend")).status, 401, "backend must authenticate");
    const refreshed = await post("token", { grant_type: "refresh_token", refresh_token: tokens.refresh_token }, basic);
    assert.equal(refreshed.status, 200, "revoking an access token leaves its session");
    const events = await kc.realms.findEvents({ realm: REALM, type: ["REVOKE_GRANT"], client: "backend" });
    assert.equal(
      events[0]?.details?.token_id,
      JSON.parse(Buffer.from(tokens.access_token.split(".")[1]!, "base64url").toString()).jti,
    );
  });

  it("takes a client_secret_jwt assertion, as introspection does", async () => {
    const assertion = () =>
      new SignJWT({ jti: randomUUID() })
        .setProtectedHeader({ alg: "HS256" })
        .setIssuer("signer")
        .setSubject("signer")
        .setAudience(`${server.baseUrl}/realms/${REALM}`)
        .setIssuedAt()
        .setExpirationTime("1m")
        .sign(new TextEncoder().encode("signer-secret-that-is-long-enough-for-hs256"));
    const signed = async () => ({
      client_assertion_type: "urn:ietf:params:oauth:client-assertion-type:jwt-bearer",
      client_assertion: await assertion(),
    });
    const res = await post("token", {
      grant_type: "password",
      username: "alice",
      password: "secret-pw",
      ...(await signed()),
    });
    assert.equal(res.status, 200, await res.clone().text());
    const { access_token } = (await res.json()) as Tokens;
    const active = await post("token/introspect", { token: access_token, ...(await signed()) });
    assert.equal(((await active.json()) as { active: boolean }).active, true, "introspected with an assertion");
    assert.equal((await post("revoke", { token: access_token, ...(await signed()) })).status, 200);
    const revoked = await post("token/introspect", { token: access_token, ...(await signed()) });
    assert.deepEqual(await revoked.json(), { active: false });
  });

  it("an ID token is an unsupported token type", async () => {
    const { id_token } = await login();
    const res = await post("revoke", { client_id: "app", token: id_token });
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), {
      error: "unsupported_token_type",
      error_description: "Unsupported token type",
    });
  });
});

describe("pushed authorization requests (RFC 9126)", () => {
  const REDIRECT = "http://127.0.0.1/cb";
  const backendAuth = { authorization: `Basic ${Buffer.from("backend:backend-secret").toString("base64")}` };
  const push = (fields: Record<string, string>, headers: Record<string, string> = backendAuth) =>
    post("ext/par/request", fields, headers);
  const authorize = (jar: CookieJar, query: Record<string, string>) =>
    get(`${oidc("auth")}?${new URLSearchParams(query)}`, jar);
  /** An authorization request by request_uri: as on Keycloak 26.7.3, its login goes on at its own address. */
  const authorizePushed = async (jar: CookieJar, query: Record<string, string>) => {
    const res = await authorize(jar, query);
    assert.equal(res.status, 302, "sent on to the login's own address");
    const flow = new URL(res.headers.get("location")!);
    assert.equal(flow.pathname, `/realms/${REALM}/login-actions/authenticate`);
    return get(flow.toString(), jar);
  };

  it("discovery names the endpoint", async () => {
    const doc = (await (
      await fetch(`${server.baseUrl}/realms/${REALM}/.well-known/openid-configuration`)
    ).json()) as Record<string, unknown>;
    assert.equal(doc.pushed_authorization_request_endpoint, oidc("ext/par/request"));
    assert.equal(doc.require_pushed_authorization_requests, false);
  });

  it("refuses as Keycloak: a failed client authentication, request_uri inside, a bad redirect URI or response type", async () => {
    const base = { response_type: "code", redirect_uri: REDIRECT };
    const cases: [Response, unknown][] = [
      [await push(base, {}), { error: "invalid_request", error_description: "Authentication failed." }],
      [
        await push(base, { authorization: `Basic ${Buffer.from("backend:nope").toString("base64")}` }),
        { error: "invalid_request", error_description: "Authentication failed." },
      ],
      [
        await push({ ...base, request_uri: "urn:x" }),
        { error: "invalid_request", error_description: "It is not allowed to include request_uri to PAR." },
      ],
      [
        await push({ ...base, redirect_uri: "http://evil.example/cb" }),
        { error: "invalid_request", error_description: "Invalid parameter: redirect_uri" },
      ],
      [
        await push({ redirect_uri: REDIRECT }),
        { error: "invalid_request", error_description: "Missing parameter: response_type" },
      ],
    ];
    for (const [res, body] of cases) {
      const failedAuthentication =
        (body as { error_description: string }).error_description === "Authentication failed.";
      assert.equal(res.status, failedAuthentication ? 401 : 400, JSON.stringify(body));
      assert.deepEqual(await res.json(), body);
    }
  });

  it("answers 201 with a request_uri the login uses; it ends when the login completes", async () => {
    await kc.realms.update({ realm: REALM }, { attributes: { parRequestUriLifespan: "90" } });
    const { verifier, challenge } = pkcePair();
    const res = await push({
      response_type: "code",
      redirect_uri: REDIRECT,
      scope: "openid",
      state: "pushed-state",
      code_challenge: challenge,
      code_challenge_method: "S256",
    });
    assert.equal(res.status, 201);
    const { request_uri, expires_in } = (await res.json()) as { request_uri: string; expires_in: number };
    assert.match(request_uri, /^urn:ietf:params:oauth:request_uri:[0-9a-f-]{36}$/);
    assert.equal(expires_in, 90, "the realm's parRequestUriLifespan");

    const jar = new CookieJar();
    const otherClient = await authorize(new CookieJar(), { client_id: "app", request_uri });
    assert.equal(otherClient.status, 400, "another client cannot use it");
    const page = await authorizePushed(jar, { client_id: "backend", request_uri, state: "query-state" });
    assert.equal(page.status, 200, "the login page");
    const reloaded = await authorizePushed(jar, { client_id: "backend", request_uri });
    assert.equal(reloaded.status, 200, "usable again until the login completes, as on Keycloak");
    const login = await submitLogin(server.baseUrl, await reloaded.text(), jar, "alice", "secret-pw");
    assert.equal(login.status, 302);
    const back = new URL(login.headers.get("location")!);
    assert.equal(`${back.origin}${back.pathname}`, REDIRECT);
    assert.equal(back.searchParams.get("state"), "pushed-state", "the pushed parameters win over the query's");
    const tokens = await post(
      "token",
      {
        grant_type: "authorization_code",
        code: back.searchParams.get("code")!,
        redirect_uri: REDIRECT,
        code_verifier: verifier,
      },
      backendAuth,
    );
    assert.equal(tokens.status, 200, "the pushed code challenge holds");

    const used = await authorize(new CookieJar(), { client_id: "backend", request_uri });
    assert.equal(used.status, 400);
    assert.match(await used.text(), /Invalid Request/);
  });

  it("require.pushed.authorization.requests refuses a plain authorization request", async () => {
    const backend = (await kc.clients.find({ clientId: "backend" }))[0]!;
    await kc.clients.update(
      { id: backend.id! },
      { ...backend, attributes: { ...backend.attributes, "require.pushed.authorization.requests": "true" } },
    );
    try {
      const res = await authorize(new CookieJar(), {
        client_id: "backend",
        response_type: "code",
        redirect_uri: REDIRECT,
        state: "s",
      });
      assert.equal(res.status, 302);
      const back = new URL(res.headers.get("location")!);
      assert.equal(back.searchParams.get("error"), "invalid_request");
      assert.equal(back.searchParams.get("error_description"), "Pushed Authorization Request is only allowed.");
      const pushed = await push({ response_type: "code", redirect_uri: REDIRECT });
      const { request_uri } = (await pushed.json()) as { request_uri: string };
      assert.equal((await authorizePushed(new CookieJar(), { client_id: "backend", request_uri })).status, 200);
    } finally {
      await kc.clients.update({ id: backend.id! }, backend);
    }
  });
});

describe("device authorization grant (RFC 8628)", () => {
  const DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code";
  interface DeviceAnswer {
    device_code: string;
    user_code: string;
    verification_uri: string;
    verification_uri_complete: string;
    expires_in: number;
    interval: number;
  }
  const requestDevice = async (clientId = "tv") => {
    const res = await post("auth/device", { client_id: clientId, scope: "openid email" });
    assert.equal(res.status, 200, await res.clone().text());
    return (await res.json()) as DeviceAnswer;
  };
  const poll = (deviceCode: string | undefined, clientId = "tv") =>
    post("token", {
      grant_type: DEVICE_GRANT,
      client_id: clientId,
      ...(deviceCode !== undefined && { device_code: deviceCode }),
    });
  const answer = async (res: Response): Promise<Record<string, string | number>> => ({
    status: res.status,
    ...((await res.json()) as Record<string, string>),
  });
  /** Polls until the answer is no longer slow_down (the realm's interval is 1 s here). */
  const pollPatiently = (deviceCode: string) =>
    eventually(
      async () => answer(await poll(deviceCode)),
      (body) => body.error !== "slow_down",
      { intervalMs: 250 },
    );
  /** The user's side: the user-code page, sign-in, then the consent screen's HTML. */
  const signInOnDevicePage = async (jar: CookieJar, userCode: string) => {
    const page = await get(`${server.baseUrl}/realms/${REALM}/device`, jar);
    const html = await page.text();
    assert.match(html, /<h1 id="kc-page-title">Device Login<\/h1>/);
    assert.match(
      html,
      /<label for="device_user_code">Enter the code provided by your device and click Submit<\/label>/,
    );
    const wrong = await postForm(
      server.baseUrl,
      html,
      "kc-user-verify-device-user-code-form",
      { device_user_code: "BBBB-BBBB" },
      jar,
    );
    assert.equal(errorText(await wrong.text()), "Invalid code, please try again.");
    const typed = userCode.replace("-", "").toLowerCase();
    const loginPage = await postForm(
      server.baseUrl,
      html,
      "kc-user-verify-device-user-code-form",
      { device_user_code: typed },
      jar,
    );
    assert.equal(loginPage.status, 200);
    const consent = await submitLogin(server.baseUrl, await loginPage.text(), jar, "alice", "secret-pw");
    assert.equal(consent.status, 200, "the consent screen, whatever the client's Consent required");
    return consent.text();
  };

  before(async () => {
    await kc.realms.update({ realm: REALM }, { oauth2DevicePollingInterval: 1 });
    await kc.clients.create({
      clientId: "tv",
      name: "Living room TV",
      publicClient: true,
      attributes: { "oauth2.device.authorization.grant.enabled": "true" },
    });
  });

  it("discovery names the endpoint and the grant", async () => {
    const doc = (await (
      await fetch(`${server.baseUrl}/realms/${REALM}/.well-known/openid-configuration`)
    ).json()) as Record<string, unknown>;
    assert.equal(doc.device_authorization_endpoint, oidc("auth/device"));
    assert.ok((doc.grant_types_supported as string[]).includes(DEVICE_GRANT), "the device_code grant is listed");
  });

  it("refuses as Keycloak: a client without the grant, a failed client authentication as at the token endpoint, a missing or unknown device code", async () => {
    const off = await post("auth/device", { client_id: "app" });
    assert.deepEqual(await answer(off), {
      status: 400,
      error: "unauthorized_client",
      error_description:
        "Client is not allowed to initiate OAuth 2.0 Device Authorization Grant. The flow is disabled for the client.",
    });
    const badSecret = await post("auth/device", { client_id: "backend", client_secret: "wrong" });
    assert.equal(badSecret.status, 401);
    assert.deepEqual(await badSecret.json(), {
      error: "unauthorized_client",
      error_description: "Invalid client or Invalid client credentials",
    });
    assert.deepEqual(await answer(await poll("x", "app")), {
      status: 400,
      error: "invalid_grant",
      error_description: "Client not allowed OAuth 2.0 Device Authorization Grant",
    });
    assert.deepEqual(await answer(await poll(undefined)), {
      status: 400,
      error: "invalid_request",
      error_description: "Missing parameter: device_code",
    });
    assert.deepEqual(await answer(await poll("unknown")), {
      status: 400,
      error: "invalid_grant",
      error_description: "Device code not valid",
    });
  });

  it("the user types the code, signs in and grants access: the device's poll gets the code grant's tokens", async () => {
    const device = await requestDevice();
    assert.match(device.user_code, /^[A-Z]{4}-[A-Z]{4}$/);
    assert.equal(device.verification_uri, `${server.baseUrl}/realms/${REALM}/device`);
    assert.equal(device.verification_uri_complete, `${device.verification_uri}?user_code=${device.user_code}`);
    assert.equal(device.expires_in, 600, "the realm's oauth2DeviceCodeLifespan default");
    assert.equal(device.interval, 1, "the realm's oauth2DevicePollingInterval");
    assert.deepEqual(await answer(await poll(device.device_code)), {
      status: 400,
      error: "authorization_pending",
      error_description: "The authorization request is still pending",
    });
    assert.deepEqual(await answer(await poll(device.device_code)), {
      status: 400,
      error: "slow_down",
      error_description: "Slow down",
    });

    const jar = new CookieJar();
    const consent = await signInOnDevicePage(jar, device.user_code);
    assert.match(consent, /<h1 id="kc-page-title">Grant Access to Living room TV<\/h1>/);
    assert.match(consent, /Do you grant these access privileges\?/);
    const listed = [...consent.matchAll(/<li>([^<]*)<\/li>/g)].map((m) => m[1]).sort();
    assert.deepEqual(listed, ["Email address", "User profile", "User roles"], "Keycloak's list for these scopes");
    assert.match(consent, /name="accept" value="Yes"/);
    assert.match(consent, /name="cancel" value="No"/);
    assert.equal((await pollPatiently(device.device_code)).error, "authorization_pending", "not before the consent");
    const granted = await postForm(
      server.baseUrl,
      consent,
      "kc-oauth-form",
      { accept: "Yes", code: /name="code" value="([^"]+)"/.exec(consent)![1]! },
      jar,
    );
    assert.equal(granted.status, 302);
    const done = await (await follow(granted, server.baseUrl, jar)).text();
    assert.match(done, /<h1 id="kc-page-title">Device Login Successful<\/h1>/);
    assert.match(done, /You may close this browser window and go back to your device\./);

    const tokens = (await pollPatiently(device.device_code)) as Record<string, string>;
    assert.equal(tokens.status, 200, JSON.stringify(tokens));
    assert.ok(tokens.access_token && tokens.refresh_token && tokens.id_token, "access, refresh and ID tokens");
    assert.match(tokens.scope!, /\bemail\b/);
    const claims = JSON.parse(Buffer.from(tokens.access_token.split(".")[1]!, "base64url").toString()) as Record<
      string,
      string
    >;
    assert.equal(claims.azp, "tv");
    assert.equal(claims.sub, aliceId);
    assert.equal((await refresh(tokens.refresh_token, "tv")).status, 200, "the refresh token works");
    assert.equal((await pollPatiently(device.device_code)).error_description, "Device code not valid", "used once");

    const events = await eventually(
      () => kc.realms.findEvents({ realm: REALM, client: "tv" }),
      (list) => list.some((e) => String(e.type) === "OAUTH2_DEVICE_CODE_TO_TOKEN"),
    );
    const types = events.map((e) => String(e.type));
    for (const type of ["OAUTH2_DEVICE_VERIFY_USER_CODE", "LOGIN", "OAUTH2_DEVICE_CODE_TO_TOKEN"])
      assert.ok(types.includes(type), `${type} is recorded: ${types.join(", ")}`);
    const login = events.find((e) => e.type === "LOGIN")!;
    assert.equal(login.userId, aliceId);
    assert.deepEqual(login.details, {
      auth_method: "openid-connect",
      response_type: "code",
      remember_me: "false",
      consent: "consent_granted",
      code_id: login.sessionId,
      response_mode: "query",
      username: "alice",
    });
    const toToken = events.find((e) => String(e.type) === "OAUTH2_DEVICE_CODE_TO_TOKEN")!;
    assert.equal(toToken.details?.grant_type, DEVICE_GRANT);
    assert.equal(toToken.details?.scope, tokens.scope);
    const slowDown = events.find((e) => e.error === "slow_down");
    assert.equal(String(slowDown?.type), "OAUTH2_DEVICE_CODE_TO_TOKEN_ERROR");
    const verified = events.find((e) => String(e.type) === "OAUTH2_DEVICE_VERIFY_USER_CODE")!;
    assert.equal(verified.details?.scope, "openid email");
  });

  it("No on the consent screen denies the device; the link with the code skips the code page", async () => {
    const device = await requestDevice();
    const jar = new CookieJar();
    const loginPage = await get(device.verification_uri_complete, jar);
    assert.equal(loginPage.status, 200);
    const consent = await (await submitLogin(server.baseUrl, await loginPage.text(), jar, "alice", "secret-pw")).text();
    const code = /name="code" value="([^"]+)"/.exec(consent)?.[1];
    assert.ok(code, "the consent form");
    const denied = await postForm(server.baseUrl, consent, "kc-oauth-form", { cancel: "No", code }, jar);
    assert.match(denied.headers.get("location") ?? "", /\/device\/status\?error=access_denied$/);
    const page = await (await follow(denied, server.baseUrl, jar)).text();
    assert.match(page, /<h1 id="kc-page-title">Device Login Failed<\/h1>/);
    assert.match(page, /Consent denied for connecting the device\./);
    const polled = await pollPatiently(device.device_code);
    assert.deepEqual(polled, {
      status: 400,
      error: "access_denied",
      error_description: "The end user denied the authorization request",
    });
    const rejected = await eventually(
      () => kc.realms.findEvents({ realm: REALM, client: "tv", type: "LOGIN_ERROR" }),
      (list) => list.length > 0,
    );
    assert.equal(rejected[0]?.error, "rejected_by_user");
    assert.equal(rejected[0]?.userId, aliceId);
    const again = await get(device.verification_uri_complete, new CookieJar());
    assert.equal(errorText(await again.text()), "Invalid code, please try again.", "a denied code is gone");
  });

  it("an expired device code answers expired_token; the client's lifespan wins over the realm's", async () => {
    const tv = (await kc.clients.find({ clientId: "tv" }))[0]!;
    await kc.clients.update(
      { id: tv.id! },
      { ...tv, attributes: { ...tv.attributes, "oauth2.device.code.lifespan": "1" } },
    );
    try {
      const device = await requestDevice();
      assert.equal(device.expires_in, 1);
      const polled = await eventually(
        async () => answer(await poll(device.device_code)),
        (body) => body.error === "expired_token",
        { intervalMs: 300 },
      );
      assert.deepEqual(polled, { status: 400, error: "expired_token", error_description: "Device code is expired" });
    } finally {
      await kc.clients.update({ id: tv.id! }, tv);
    }
  });
});

async function appId() {
  return (await kc.clients.find({ clientId: "app" }))[0]?.id;
}
