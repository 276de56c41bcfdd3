import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import type KcAdminClient from "@keycloak/keycloak-admin-client";
import type EventRepresentation from "@keycloak/keycloak-admin-client/lib/defs/eventRepresentation.js";
import type EventType from "@keycloak/keycloak-admin-client/lib/defs/eventTypes.js";
import { realmOnTarget } from "../support/admin-client.ts";
import { eventually } from "../support/eventually.ts";
import { browserLogin, CookieJar, get, submitLogin } from "./oidc-flow.ts";
import { follow } from "./login-forms.ts";

// The details of the events the token endpoint records, as the Events screen lists them. Runs on the embedded server,
// or on a real Keycloak with KC_TARGET=keycloak KC_REAL_URL=...: the details asserted were measured on Keycloak 26.7.3.
const REALM = "token-event-details";
const REDIRECT = "http://localhost:3000/cb";
let kc: KcAdminClient;
let dispose: () => Promise<void>;
let baseUrl: string;
let aliceId: string;
let serviceAccountId: string;

const TYPES = ["CODE_TO_TOKEN", "REFRESH_TOKEN", "LOGIN", "CLIENT_LOGIN", "OAUTH2_DEVICE_CODE_TO_TOKEN"] as const;
type Tokens = Record<string, string>;

async function token(form: Record<string, string>): Promise<Tokens> {
  const res = await fetch(`${baseUrl}/realms/${REALM}/protocol/openid-connect/token`, {
    method: "POST",
    body: new URLSearchParams({ client_id: "app", client_secret: "secret", ...form }),
  });
  const body = (await res.json()) as Tokens;
  assert.equal(res.status, 200, JSON.stringify(body));
  return body;
}

const claims = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString()) as Record<string, string>;

/** The newest event of this type, once recorded (Keycloak may store it a moment after its answer). */
async function lastEvent(type: string): Promise<EventRepresentation> {
  const events = await eventually(
    () => kc.realms.findEvents({ realm: REALM, type: type as EventType, max: 1 }),
    (list) => list.length > 0,
  );
  assert.equal(events.length, 1, `a ${type} event`);
  await kc.realms.clearEvents({ realm: REALM });
  return events[0]!;
}

/** The device grant: the user signs in on the verification page and grants access; the device then gets its tokens. */
async function deviceTokens(): Promise<Tokens> {
  const res = await fetch(`${baseUrl}/realms/${REALM}/protocol/openid-connect/auth/device`, {
    method: "POST",
    body: new URLSearchParams({ client_id: "app", client_secret: "secret", scope: "openid" }),
  });
  const device = (await res.json()) as Tokens;
  const jar = new CookieJar();
  let page = await get(device.verification_uri_complete!, jar);
  while (page.status === 302 || page.status === 303) page = await follow(page, baseUrl, jar);
  let signedIn = await submitLogin(baseUrl, await page.text(), jar, "alice", "pw");
  while (signedIn.status === 302 || signedIn.status === 303) signedIn = await follow(signedIn, baseUrl, jar);
  const consent = await signedIn.text();
  const code = /name="code" value="([^"]+)"/.exec(consent)![1]!;
  // Keycloak's consent form has no id: the one form posting to a consent action (ours and Keycloak's differ).
  const action = /<form\b[^>]*\baction="([^"]*consent[^"]*)"/.exec(consent)![1]!.replace(/&amp;/g, "&");
  const granted = await fetch(new URL(action, baseUrl), {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header() },
    body: new URLSearchParams({ code, accept: "Yes" }),
  });
  assert.equal(granted.status, 302);
  return token({ grant_type: "urn:ietf:params:oauth:grant-type:device_code", device_code: device.device_code! });
}

before(async () => {
  ({ kc, dispose } = await realmOnTarget(REALM));
  baseUrl = kc.baseUrl;
  // REFRESH_TOKEN is not among the types Keycloak stores by default.
  await kc.realms.update({ realm: REALM }, { eventsEnabled: true, enabledEventTypes: [...TYPES] });
  ({ id: aliceId } = await kc.users.create({
    username: "alice",
    enabled: true,
    firstName: "Alice",
    lastName: "Liddell",
    email: "alice@example.org",
    credentials: [{ type: "password", value: "pw", temporary: false }],
  }));
  await kc.clients.create({
    clientId: "app",
    secret: "secret",
    redirectUris: [`${REDIRECT}*`],
    standardFlowEnabled: true,
    directAccessGrantsEnabled: true,
    serviceAccountsEnabled: true,
    attributes: { "oauth2.device.authorization.grant.enabled": "true" },
  });
  const [app] = await kc.clients.find({ clientId: "app" });
  serviceAccountId = (await kc.clients.getServiceAccountUser({ id: app!.id! })).id!;
  await kc.realms.clearEvents({ realm: REALM });
});

after(async () => {
  await dispose();
});

describe("the events of the token endpoint name the tokens they issued", () => {
  test("a code exchange: CODE_TO_TOKEN with the tokens, the code's session and the client's authentication", async () => {
    const login = await browserLogin(baseUrl, REALM, { clientId: "app", redirectUri: REDIRECT }, "alice", "pw");
    const tokens = await token({
      grant_type: "authorization_code",
      code: login.query.get("code")!,
      redirect_uri: REDIRECT,
    });
    const sid = claims(tokens.access_token!).sid!;
    const event = await lastEvent("CODE_TO_TOKEN");
    assert.deepEqual([event.userId, event.sessionId], [aliceId, sid]);
    assert.deepEqual(event.details, {
      token_id: claims(tokens.access_token!).jti,
      grant_type: "authorization_code",
      scope: tokens.scope,
      refresh_token_id: claims(tokens.refresh_token!).jti,
      refresh_token_type: "Refresh",
      code_id: sid,
      client_auth_method: "client-secret",
    });
    assert.deepEqual(tokens.scope!.split(" ").sort(), ["email", "openid", "profile"]);
    assert.match(event.details!.token_id!, /^onrtac:/, "an online session's token of the code grant");

    const refreshed = await token({ grant_type: "refresh_token", refresh_token: tokens.refresh_token! });
    assertRefreshEvent(await lastEvent("REFRESH_TOKEN"), tokens, refreshed, "Refresh");
  });

  test("a password grant: LOGIN with the tokens, the user and how both authenticated", async () => {
    const tokens = await token({ grant_type: "password", username: "alice", password: "pw" });
    const event = await lastEvent("LOGIN");
    assert.deepEqual([event.userId, event.sessionId], [aliceId, claims(tokens.access_token!).sid]);
    assert.deepEqual(event.details, {
      auth_method: "openid-connect",
      token_id: claims(tokens.access_token!).jti,
      grant_type: "password",
      scope: tokens.scope,
      refresh_token_id: claims(tokens.refresh_token!).jti,
      refresh_token_type: "Refresh",
      client_auth_method: "client-secret",
      username: "alice",
    });
    assert.deepEqual(tokens.scope!.split(" ").sort(), ["email", "profile"]);
    assert.match(event.details!.token_id!, /^onrtro:/, "an online session's token of the password grant");
  });

  test("an offline token: Offline as the refresh token's type, at the login and at each refresh", async () => {
    const tokens = await token({ grant_type: "password", username: "alice", password: "pw", scope: "offline_access" });
    const login = await lastEvent("LOGIN");
    assert.equal(login.sessionId, claims(tokens.access_token!).sid);
    assert.equal(login.details?.refresh_token_type, "Offline");
    assert.equal(login.details?.refresh_token_id, claims(tokens.refresh_token!).jti);
    assert.match(login.details!.token_id!, /^ofrtro:/, "an offline session's token of the password grant");
    assert.deepEqual(tokens.scope!.split(" ").sort(), ["email", "offline_access", "profile"]);

    const refreshed = await token({ grant_type: "refresh_token", refresh_token: tokens.refresh_token! });
    assertRefreshEvent(await lastEvent("REFRESH_TOKEN"), tokens, refreshed, "Offline");
  });

  test("client credentials: CLIENT_LOGIN with the access token and the service account, without a session", async () => {
    const tokens = await token({ grant_type: "client_credentials", scope: "email" });
    const event = await lastEvent("CLIENT_LOGIN");
    assert.equal(event.userId, serviceAccountId);
    assert.equal(event.sessionId, undefined);
    assert.deepEqual(event.details, {
      token_id: claims(tokens.access_token!).jti,
      grant_type: "client_credentials",
      scope: tokens.scope,
      client_auth_method: "client-secret",
      username: "service-account-app",
    });
    assert.match(event.details!.token_id!, /^trrtcc:/, "a sessionless token of the client credentials grant");
    assert.deepEqual(tokens.scope!.split(" ").sort(), ["email", "profile"]);
  });

  test("the device grant: OAUTH2_DEVICE_CODE_TO_TOKEN with the tokens and the session the user granted", async () => {
    const tokens = await deviceTokens();
    const sid = claims(tokens.access_token!).sid!;
    const event = await lastEvent("OAUTH2_DEVICE_CODE_TO_TOKEN");
    assert.deepEqual([event.userId, event.sessionId], [aliceId, sid]);
    assert.deepEqual(event.details, {
      token_id: claims(tokens.access_token!).jti,
      grant_type: "urn:ietf:params:oauth:grant-type:device_code",
      scope: tokens.scope,
      refresh_token_id: claims(tokens.refresh_token!).jti,
      refresh_token_type: "Refresh",
      code_id: sid,
      client_auth_method: "client-secret",
    });
    assert.match(event.details!.token_id!, /^onrtdg:/, "an online session's token of the device grant");
  });
});

/** REFRESH_TOKEN names the token the client sent, its subject and age, and the tokens it got in return. */
function assertRefreshEvent(event: EventRepresentation, sent: Tokens, got: Tokens, type: "Refresh" | "Offline") {
  const sid = claims(got.access_token!).sid;
  assert.deepEqual([event.userId, event.sessionId], [aliceId, sid]);
  assert.equal(sid, claims(sent.access_token!).sid, "the session of the token sent");
  const { age_of_refresh_token: age, ...details } = event.details ?? {};
  assert.match(String(age), /^\d+$/, "seconds since the refresh token was issued");
  assert.deepEqual(details, {
    token_id: claims(got.access_token!).jti,
    grant_type: "refresh_token",
    scope: got.scope,
    refresh_token_id: claims(sent.refresh_token!).jti,
    refresh_token_type: type,
    refresh_token_sub: aliceId,
    updated_refresh_token_id: claims(got.refresh_token!).jti,
    access_token_expiration_time: String(got.expires_in),
    client_auth_method: "client-secret",
  });
  assert.equal(got.scope, sent.scope);
  assert.match(details.token_id!, type === "Offline" ? /^ofrtrt:/ : /^onrtrt:/, "a token of the refresh grant");
}
