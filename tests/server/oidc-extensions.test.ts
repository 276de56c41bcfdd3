import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import KcAdminClient from "@keycloak/keycloak-admin-client";
import { SignJWT } from "jose";
import { startTestServer, type TestServer } from "../support/server.ts";
import { completeProfile } from "../support/admin-api.ts";
import { CookieJar, get, pkcePair, submitLogin } from "./oidc-flow.ts";

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
    const page = await authorize(jar, { client_id: "backend", request_uri, state: "query-state" });
    assert.equal(page.status, 200, "the login page");
    const reloaded = await authorize(jar, { client_id: "backend", request_uri });
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
      assert.equal((await authorize(new CookieJar(), { client_id: "backend", request_uri })).status, 200);
    } finally {
      await kc.clients.update({ id: backend.id! }, backend);
    }
  });
});

async function appId() {
  return (await kc.clients.find({ clientId: "app" }))[0]?.id;
}
