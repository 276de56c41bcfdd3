import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import type KcAdminClient from "@keycloak/keycloak-admin-client";
import { realmOnTarget, createAlice } from "../support/admin-client.ts";
import { enforcePolicy } from "../support/client-policies.ts";
import { adminToken } from "../support/server.ts";

// Client policies at dynamic client registration, revocation, introspection, logout and pushed authorization requests.
// Runs on the embedded server, or on a real Keycloak with KC_TARGET=keycloak KC_REAL_URL=...: the answers and events
// asserted here were measured on Keycloak 26.7.3.
const REALM = "policies-endpoints";
const REDIRECT = "http://localhost:3000/cb";
let kc: KcAdminClient;
let dispose: () => Promise<void>;
let baseUrl: string;

const PKCE_REQUIRED = [{ executor: "pkce-enforcer", configuration: { "auto-configure": false } }];
const CLIENT_JWT_ONLY = [
  { executor: "secure-client-authenticator", configuration: { "allowed-client-authenticators": ["client-jwt"] } },
];
const REFUSED_AUTHENTICATOR = {
  error: "invalid_request",
  error_description: "Configured client authentication method not allowed for client",
};

const oidc = (path: string) => `${baseUrl}/realms/${REALM}/protocol/openid-connect/${path}`;
const post = (url: string, form: Record<string, string>) =>
  fetch(url, { method: "POST", body: new URLSearchParams(form) });
const CONF = { client_id: "conf", client_secret: "secret" };

async function answer(res: Response) {
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

/** A registration request to Keycloak's `default` endpoint, with a bearer token when given. */
function register(body: Record<string, unknown>, token?: string, clientId?: string) {
  return fetch(`${baseUrl}/realms/${REALM}/clients-registrations/default${clientId ? `/${clientId}` : ""}`, {
    method: clientId ? "PUT" : "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

const initialAccessToken = async () =>
  (await kc.realms.createClientsInitialAccess({ realm: REALM }, { count: 20, expiration: 0 })).token!;

/** The events recorded since `since` (ms), newest first. */
async function eventsSince(since: number) {
  return (await kc.realms.findEvents({ realm: REALM, max: 10 })).filter((event) => event.time! >= since);
}

/** A fresh sign-in of alice through the confidential client (a new session each time). */
async function signIn() {
  const res = await post(oidc("token"), {
    ...CONF,
    grant_type: "password",
    username: "alice",
    password: "pw",
    scope: "openid",
  });
  return (await res.json()) as Record<string, string>;
}

before(async () => {
  ({ kc, dispose } = await realmOnTarget(REALM));
  baseUrl = kc.baseUrl;
  await kc.realms.update({ realm: REALM }, { eventsEnabled: true });
  await createAlice(kc);
  await kc.clients.create({
    clientId: "conf",
    secret: "secret",
    redirectUris: [`${REDIRECT}*`],
    directAccessGrantsEnabled: true,
  });
  await kc.clients.create({ clientId: "pub", publicClient: true, redirectUris: [`${REDIRECT}*`] });
});
after(() => dispose?.());

describe("client policies at dynamic client registration", () => {
  test("a refused registration answers 403 insufficient_scope and records two CLIENT_REGISTER_ERROR events", async () => {
    await enforcePolicy(kc, PKCE_REQUIRED);
    const since = Date.now();
    const refused = await answer(await register({ clientId: "dcr1" }, await initialAccessToken()));
    assert.equal(refused.status, 403);
    assert.deepEqual(refused.body, { error: "insufficient_scope", error_description: "invalid_client_metadata" });
    assert.equal((await kc.clients.find({ clientId: "dcr1" })).length, 0);
    const events = await eventsSince(since);
    assert.deepEqual(events.map((event) => event.error).sort(), ["invalid_client_metadata", "not_allowed"]);
    for (const event of events) {
      assert.equal(event.type, "CLIENT_REGISTER_ERROR");
      assert.deepEqual(event.details, {
        reason: "client_policy_error",
        client_policy_error: "invalid_client_metadata",
        client_policy_error_detail: "Invalid client metadata: code_challenge_method",
      });
    }
  });

  test("the client policies run before the registration policies (an anonymous request)", async () => {
    await enforcePolicy(kc, PKCE_REQUIRED);
    const byPolicy = await answer(await register({ clientId: "anon1" }));
    assert.deepEqual(byPolicy.body, { error: "insufficient_scope", error_description: "invalid_client_metadata" });
    const byTrustedHosts = await answer(
      await register({ clientId: "anon1", attributes: { "pkce.code.challenge.method": "S256" } }),
    );
    assert.equal(byTrustedHosts.status, 403);
    assert.match(String(byTrustedHosts.body.error_description), /^Policy 'Trusted Hosts' rejected request/);
  });

  test("client-updater-context tells an initial access token from a registration access token", async () => {
    const consent = [{ executor: "consent-required", configuration: { "auto-configure": true } }];
    const bySource = (source: string) => [
      { condition: "client-updater-context", configuration: { "update-client-source": [source] } },
    ];
    await enforcePolicy(kc, consent, bySource("ByInitialAccessToken"));
    const registered = await answer(await register({ clientId: "ctx1" }, await initialAccessToken()));
    assert.equal(registered.status, 201);
    assert.equal(registered.body.consentRequired, true);
    const rat = String(registered.body.registrationAccessToken);
    const untouched = await answer(await register({ clientId: "ctx1", consentRequired: false }, rat, "ctx1"));
    assert.equal(untouched.status, 200);
    assert.equal(untouched.body.consentRequired, false, "an update by registration access token is not matched");

    await enforcePolicy(kc, consent, bySource("ByRegistrationAccessToken"));
    const next = String(untouched.body.registrationAccessToken);
    const updated = await answer(await register({ clientId: "ctx1", consentRequired: false }, next, "ctx1"));
    assert.equal(updated.body.consentRequired, true);
    const other = await answer(await register({ clientId: "ctx2" }, await initialAccessToken()));
    assert.equal(other.body.consentRequired, false, "a registration by initial access token is not matched");

    await enforcePolicy(kc, consent, bySource("ByAnonymous"));
    const notAnonymous = await answer(await register({ clientId: "ctx3" }, await initialAccessToken()));
    assert.equal(notAnonymous.body.consentRequired, false);
  });

  test("client-updater-context matches a realm user's bearer token as ByAuthenticatedUser", async () => {
    await kc.users.create({
      username: "registrar",
      enabled: true,
      firstName: "Reg",
      lastName: "Istrar",
      email: "registrar@example.org",
      credentials: [{ type: "password", value: "pw", temporary: false }],
    });
    const [registrar] = await kc.users.find({ username: "registrar" });
    const [management] = await kc.clients.find({ clientId: "realm-management" });
    const manageClients = await kc.clients.findRole({ id: management!.id!, roleName: "manage-clients" });
    await kc.users.addClientRoleMappings({
      id: registrar!.id!,
      clientUniqueId: management!.id!,
      roles: [{ id: manageClients!.id!, name: "manage-clients" }],
    });
    const bearer = await adminToken(baseUrl, REALM, "registrar", "pw");
    const consent = [{ executor: "consent-required", configuration: { "auto-configure": true } }];
    const bySource = (source: string) => [
      { condition: "client-updater-context", configuration: { "update-client-source": [source] } },
    ];
    await enforcePolicy(kc, consent, bySource("ByAuthenticatedUser"));
    const byUser = await answer(await register({ clientId: "user1" }, bearer));
    assert.equal(byUser.status, 201);
    assert.equal(byUser.body.consentRequired, true);
    const byToken = await answer(await register({ clientId: "user2" }, await initialAccessToken()));
    assert.equal(byToken.body.consentRequired, false);
  });

  test("registration-access-token-rotation-disabled: an update answers with the token it came with, still valid", async () => {
    await enforcePolicy(kc, []);
    const registered = await answer(await register({ clientId: "rot1" }, await initialAccessToken()));
    const first = String(registered.body.registrationAccessToken);
    const rotated = await answer(await register({ clientId: "rot1", description: "one" }, first, "rot1"));
    assert.equal(rotated.status, 200);
    const second = String(rotated.body.registrationAccessToken);
    assert.notEqual(second, first, "without the executor an update rotates the token");
    assert.equal((await register({ clientId: "rot1" }, first, "rot1")).status, 401, "the rotated-out token is refused");

    await enforcePolicy(kc, [{ executor: "registration-access-token-rotation-disabled" }]);
    const kept = await answer(await register({ clientId: "rot1", description: "two" }, second, "rot1"));
    assert.equal(kept.status, 200);
    assert.equal(kept.body.description, "two");
    assert.equal(kept.body.registrationAccessToken, second);
    const again = await answer(await register({ clientId: "rot1", description: "three" }, second, "rot1"));
    assert.equal(again.status, 200, "the kept token still works");
    assert.equal(again.body.registrationAccessToken, second);
    // the admin API's updates are not touched: the token still works after one
    const [client] = await kc.clients.find({ clientId: "rot1" });
    await kc.clients.update({ id: client!.id! }, { ...client, description: "four" });
    assert.equal((await register({ clientId: "rot1", description: "five" }, second, "rot1")).status, 200);
  });

  test("a refused update answers 403 and records CLIENT_UPDATE_ERROR as not_allowed", async () => {
    await enforcePolicy(kc, []);
    const registered = await answer(await register({ clientId: "upd1" }, await initialAccessToken()));
    await enforcePolicy(kc, PKCE_REQUIRED);
    const since = Date.now();
    const rat = String(registered.body.registrationAccessToken);
    const refused = await answer(await register({ clientId: "upd1" }, rat, "upd1"));
    assert.equal(refused.status, 403);
    assert.deepEqual(refused.body, { error: "insufficient_scope", error_description: "invalid_client_metadata" });
    const events = await eventsSince(since);
    assert.ok(events.length >= 1);
    for (const event of events) {
      assert.equal(event.type, "CLIENT_UPDATE_ERROR");
      assert.equal(event.clientId, "upd1");
      assert.equal(event.details?.client_policy_error_detail, "Invalid client metadata: code_challenge_method");
    }
    assert.ok(events.some((event) => event.error === "not_allowed"));
  });
});

describe("client policies at revocation, introspection and logout", () => {
  test("secure-client-authenticator refuses a revocation (REVOKE_GRANT_ERROR), before the token is looked at", async () => {
    const signedIn = await signIn();
    await enforcePolicy(kc, CLIENT_JWT_ONLY);
    const since = Date.now();
    const refused = await answer(await post(oidc("revoke"), { ...CONF, token: signedIn.refresh_token! }));
    assert.equal(refused.status, 400);
    assert.deepEqual(refused.body, REFUSED_AUTHENTICATOR);
    const [event] = await eventsSince(since);
    assert.equal(event?.type, "REVOKE_GRANT_ERROR");
    assert.equal(event?.clientId, "conf");
    assert.equal(event?.error, "invalid_request");
    assert.deepEqual(event?.details, {
      reason: "client_policy_error",
      client_policy_error: "invalid_request",
      client_policy_error_detail: REFUSED_AUTHENTICATOR.error_description,
      client_auth_method: "client-secret",
    });
    const garbage = await answer(await post(oidc("revoke"), { ...CONF, token: "garbage" }));
    assert.deepEqual(garbage.body, REFUSED_AUTHENTICATOR);
  });

  test("secure-client-authenticator refuses an introspection once a token is given", async () => {
    const signedIn = await signIn();
    await enforcePolicy(kc, CLIENT_JWT_ONLY);
    const refused = await answer(await post(oidc("token/introspect"), { ...CONF, token: signedIn.access_token! }));
    assert.equal(refused.status, 400);
    assert.deepEqual(refused.body, REFUSED_AUTHENTICATOR);
    const noToken = await answer(await post(oidc("token/introspect"), CONF));
    assert.deepEqual(noToken.body, { error: "invalid_request", error_description: "Token not provided." });
  });

  test("secure-client-authenticator refuses a refresh-token logout (LOGOUT_ERROR) and leaves the session", async () => {
    const signedIn = await signIn();
    await enforcePolicy(kc, CLIENT_JWT_ONLY);
    const since = Date.now();
    const refused = await answer(await post(oidc("logout"), { ...CONF, refresh_token: signedIn.refresh_token! }));
    assert.equal(refused.status, 400);
    assert.deepEqual(refused.body, REFUSED_AUTHENTICATOR);
    const [event] = await eventsSince(since);
    assert.equal(event?.type, "LOGOUT_ERROR");
    assert.equal(event?.clientId, "conf");
    assert.equal(event?.details?.client_auth_method, "client-secret");
    await enforcePolicy(kc, []);
    const userinfo = await fetch(oidc("userinfo"), { headers: { authorization: `Bearer ${signedIn.access_token}` } });
    assert.equal(userinfo.status, 200, "the session still lives");
  });

  test("client-roles and client-access-type judge the client of a revocation, an introspection and a logout", async () => {
    const [conf] = await kc.clients.find({ clientId: "conf" });
    if (!(await kc.clients.listRoles({ id: conf!.id! })).some((role) => role.name === "guarded"))
      await kc.clients.createRole({ id: conf!.id!, name: "guarded" });
    const signedIn = await signIn();
    const revoke = async () => answer(await post(oidc("revoke"), { ...CONF, token: signedIn.refresh_token! }));
    const introspect = async () =>
      answer(await post(oidc("token/introspect"), { ...CONF, token: signedIn.access_token! }));
    const logout = async () => answer(await post(oidc("logout"), { ...CONF, refresh_token: signedIn.refresh_token! }));

    await enforcePolicy(kc, CLIENT_JWT_ONLY, [{ condition: "client-roles", configuration: { roles: ["guarded"] } }]);
    for (const [name, call] of [
      ["revocation", revoke],
      ["introspection", introspect],
      ["logout", logout],
    ] as const)
      assert.deepEqual((await call()).body, REFUSED_AUTHENTICATOR, `${name}: conf defines the role`);
    const confidential = [{ condition: "client-access-type", configuration: { type: ["confidential"] } }];
    await enforcePolicy(kc, CLIENT_JWT_ONLY, confidential);
    for (const [name, call] of [
      ["revocation", revoke],
      ["introspection", introspect],
      ["logout", logout],
    ] as const)
      assert.deepEqual((await call()).body, REFUSED_AUTHENTICATOR, `${name}: conf is confidential`);
    await enforcePolicy(kc, CLIENT_JWT_ONLY, [
      { condition: "client-access-type", configuration: { type: ["public"] } },
    ]);
    assert.equal((await introspect()).status, 200, "a public-only policy leaves conf alone");
    await enforcePolicy(kc, []);
  });

  test("userinfo has no client authentication for secure-client-authenticator to refuse", async () => {
    const signedIn = await signIn();
    await enforcePolicy(kc, CLIENT_JWT_ONLY);
    const userinfo = await fetch(oidc("userinfo"), { headers: { authorization: `Bearer ${signedIn.access_token}` } });
    assert.equal(userinfo.status, 200);
  });

  test("dpop-bind-enforcer asks a revocation for a DPoP proof, of a public client too, and leaves logout alone", async () => {
    await enforcePolicy(kc, []);
    const signedIn = await signIn();
    const other = await signIn();
    await enforcePolicy(kc, [{ executor: "dpop-bind-enforcer", configuration: { "auto-configure": false } }]);
    const since = Date.now();
    const refused = await answer(await post(oidc("revoke"), { ...CONF, token: signedIn.refresh_token! }));
    assert.equal(refused.status, 400);
    assert.deepEqual(refused.body, { error: "invalid_dpop_proof", error_description: "DPoP proof is missing" });
    const [event] = await eventsSince(since);
    assert.equal(event?.type, "REVOKE_GRANT_ERROR");
    assert.equal(event?.error, "invalid_dpop_proof");
    const pub = await answer(await post(oidc("revoke"), { client_id: "pub", token: "garbage" }));
    assert.deepEqual(pub.body, refused.body);
    const logout = await post(oidc("logout"), { ...CONF, refresh_token: other.refresh_token! });
    assert.equal(logout.status, 204);
  });
});

describe("client policies and pushed authorization requests", () => {
  test("pkce-enforcer lets the push through and refuses the authorization request that uses it", async () => {
    await enforcePolicy(kc, PKCE_REQUIRED);
    const since = Date.now();
    const pushed = await answer(
      await post(oidc("ext/par/request"), {
        ...CONF,
        response_type: "code",
        redirect_uri: REDIRECT,
        scope: "openid",
        state: "s9",
      }),
    );
    assert.equal(pushed.status, 201);
    const query = new URLSearchParams({ client_id: "conf", request_uri: String(pushed.body.request_uri) });
    const res = await fetch(`${oidc("auth")}?${query}`, { redirect: "manual" });
    assert.equal(res.status, 302);
    const location = new URL(res.headers.get("location")!);
    assert.equal(location.searchParams.get("error"), "invalid_request");
    assert.equal(location.searchParams.get("error_description"), "Missing parameter: code_challenge_method");
    assert.equal(location.searchParams.get("state"), "s9");
    const events = await eventsSince(since);
    assert.deepEqual(
      events.map((event) => event.type),
      ["LOGIN_ERROR"],
      "the push itself records nothing",
    );
    assert.equal(events[0]?.details?.client_policy_error_detail, "Missing parameter: code_challenge_method");
  });

  const push = async (form: Record<string, string>) =>
    answer(await post(oidc("ext/par/request"), { ...CONF, ...form }));
  /** An authorization request with these query parameters: its status and the error page's message, if any. */
  const authorize = async (query: Record<string, string>) => {
    const res = await fetch(`${oidc("auth")}?${new URLSearchParams(query)}`, { redirect: "manual" });
    const html = await res.text();
    const message = /id="kc-error-message"[^>]*>\s*<p[^>]*>([^<]*)<|id="kc-error-message"[^>]*>([^<]*)</.exec(html);
    return {
      status: res.status,
      location: res.headers.get("location"),
      cookies: res.headers
        .getSetCookie()
        .map((cookie) => cookie.split(";")[0])
        .join("; "),
      message: (message?.[1] ?? message?.[2])?.trim(),
    };
  };

  test("secure-par-content: pushes name their redirect_uri, authorization requests send only what was pushed", async () => {
    await enforcePolicy(kc, [{ executor: "secure-par-content" }]);
    const since = Date.now();
    assert.deepEqual(await push({ response_type: "code", scope: "openid", state: "p1" }), {
      status: 400,
      body: { error: "invalid_request", error_description: "PAR is required to have a 'redirect_uri' parameter" },
    });
    const direct = await authorize({ client_id: "conf", response_type: "code", redirect_uri: REDIRECT });
    assert.equal(direct.status, 400);
    assert.equal(direct.message, "PAR request_uri not included.");
    const [refused] = await eventsSince(since);
    assert.equal(refused?.type, "LOGIN_ERROR");
    assert.equal(refused?.error, "invalid_request");
    assert.equal(refused?.details?.client_policy_error_detail, "PAR request_uri not included.");

    const form = { response_type: "code", redirect_uri: REDIRECT, scope: "openid", state: "p2" };
    const pushed = String((await push(form)).body.request_uri);
    const used = await authorize({ client_id: "conf", request_uri: pushed });
    assert.equal(used.status, 302, "a pushed request's login goes on at its own address");
    const flow = new URL(used.location!);
    assert.equal(flow.pathname, `/realms/${REALM}/login-actions/authenticate`);
    const login = await fetch(flow, { headers: { cookie: used.cookies } });
    assert.equal(login.status, 200);
    assert.ok((await login.text()).includes('name="password"'), "the pushed request reaches the login page");

    const another = String((await push(form)).body.request_uri);
    const added = await authorize({ client_id: "conf", request_uri: another, prompt: "login" });
    assert.equal(added.status, 400);
    assert.equal(added.message, "PAR request did not include query parameter");
    const again = await authorize({ client_id: "conf", request_uri: another });
    assert.equal(again.message, "PAR not found, not issued or used multiple times.", "the refused request ended it");
    const unknown = await authorize({ client_id: "conf", request_uri: "urn:ietf:params:oauth:request_uri:nope" });
    assert.equal(unknown.message, "PAR not found, not issued or used multiple times.");
  });

  test("reject-implicit-grant refuses a pushed request for anything but code", async () => {
    await enforcePolicy(kc, [{ executor: "reject-implicit-grant", configuration: { "auto-configure": false } }]);
    const form = { redirect_uri: REDIRECT, scope: "openid", state: "p3", nonce: "n3" };
    assert.deepEqual(await push({ ...form, response_type: "code id_token" }), {
      status: 400,
      body: { error: "invalid_request", error_description: "Implicit/Hybrid flow is prohibited." },
    });
    assert.deepEqual(await push(form), {
      status: 400,
      body: { error: "invalid_request", error_description: "No response type." },
    });
    assert.equal((await push({ ...form, response_type: "code" })).status, 201);
  });
});
