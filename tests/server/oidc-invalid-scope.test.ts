import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import type KcAdminClient from "@keycloak/keycloak-admin-client";
import { realmOnTarget, createAlice } from "../support/admin-client.ts";

// Runs on the embedded server, or on a real Keycloak with KC_TARGET=keycloak KC_REAL_URL=...: the answers and events
// asserted here were measured on Keycloak 26.7.3. A `scope` value the client does not have is refused at the
// authorization endpoint, the pushed-request endpoint and the password and client-credentials grants; revocation events name the client's
// authentication method.
const REALM = "invalid-scope";
const REDIRECT = "http://localhost:3000/cb";
let kc: KcAdminClient;
let dispose: () => Promise<void>;
let baseUrl: string;

const oidc = (path: string) => `${baseUrl}/realms/${REALM}/protocol/openid-connect/${path}`;

async function lastEvent() {
  const [event] = await kc.realms.findEvents({ realm: REALM, max: 1 });
  return event!;
}

/** An authorization request of the public client "pub"; what comes back: the status and the parameters sent back. */
async function authorize(params: Record<string, string>) {
  const query = new URLSearchParams({
    client_id: "pub",
    redirect_uri: REDIRECT,
    state: "s1",
    response_type: "code",
    ...params,
  });
  const res = await fetch(`${oidc("auth")}?${query}`, { redirect: "manual" });
  const url = new URL(res.headers.get("location") ?? "http://none/");
  return {
    status: res.status,
    body: await res.text(),
    query: url.searchParams,
    fragment: new URLSearchParams(url.hash.slice(1)),
  };
}

async function token(form: Record<string, string>) {
  const res = await fetch(oidc("token"), { method: "POST", body: new URLSearchParams(form) });
  return { status: res.status, body: (await res.json()) as Record<string, string> };
}

const password = (scope: string, pw = "pw") =>
  token({ grant_type: "password", client_id: "pub", username: "alice", password: pw, scope });

before(async () => {
  ({ kc, dispose } = await realmOnTarget(REALM));
  baseUrl = kc.baseUrl;
  await kc.realms.update({ realm: REALM }, { eventsEnabled: true, organizationsEnabled: true });
  await createAlice(kc);
  await kc.clients.create({
    clientId: "pub",
    publicClient: true,
    redirectUris: [`${REDIRECT}*`],
    directAccessGrantsEnabled: true,
  });
  await kc.clients.create({ clientId: "conf", secret: "secret", serviceAccountsEnabled: true });
  // A realm client scope that no client has.
  await kc.clientScopes.create({ name: "custom", protocol: "openid-connect" });
  await kc.organizations.create({ name: "acme", alias: "acme", domains: [{ name: "acme.org", verified: false }] });
});

after(async () => {
  await dispose();
});

describe("authorization endpoint", () => {
  test("a scope the client does not have goes back to the client as invalid_scope, with the whole parameter", async () => {
    const answer = await authorize({ scope: "openid custom" });
    assert.equal(answer.status, 302);
    assert.equal(answer.query.get("error"), "invalid_scope");
    assert.equal(answer.query.get("error_description"), "Invalid scopes: openid custom");
    assert.equal(answer.query.get("state"), "s1");
    assert.equal(answer.query.get("iss"), `${baseUrl}/realms/${REALM}`);
    const event = await lastEvent();
    assert.equal(event.type, "LOGIN_ERROR");
    assert.equal(event.clientId, "pub");
    assert.equal(event.error, "invalid_request");
    assert.deepEqual(event.details, {
      reason: "Invalid scopes: openid custom",
      response_type: "code",
      redirect_uri: REDIRECT,
      response_mode: "query",
    });
  });

  test("the refusal follows response_mode: fragment, form_post", async () => {
    const fragment = await authorize({ scope: "openid custom", response_mode: "fragment" });
    assert.equal(fragment.status, 302);
    assert.equal(fragment.fragment.get("error"), "invalid_scope");
    assert.equal(fragment.fragment.get("error_description"), "Invalid scopes: openid custom");
    assert.equal(fragment.fragment.get("state"), "s1");
    assert.equal((await lastEvent()).details?.response_mode, "fragment");

    const formPost = await authorize({ scope: "openid custom", response_mode: "form_post" });
    assert.equal(formPost.status, 200);
    assert.match(formPost.body, /invalid_scope/);
    assert.equal((await lastEvent()).details?.response_mode, "form_post");
  });

  test("without openid, with an unknown name, an empty parameter or a doubled space: all refused", async () => {
    for (const scope of ["custom", "openid nope profile", "", "openid  profile", "openid organization:nope"]) {
      const answer = await authorize({ scope });
      assert.equal(answer.status, 302, scope);
      assert.equal(answer.query.get("error"), "invalid_scope", scope);
      assert.equal(answer.query.get("error_description"), `Invalid scopes: ${scope}`, scope);
    }
  });

  test("the client's default and optional scopes, openid and the organization forms are accepted", async () => {
    for (const scope of [
      "openid profile email offline_access",
      "openid address phone",
      "profile",
      "openid organization",
      "openid organization:acme",
      "openid organization:*",
    ]) {
      const answer = await authorize({ scope });
      assert.equal(answer.status, 200, `${scope}: the login page`);
    }
    assert.equal((await authorize({})).status, 200, "no scope parameter");
  });

  test("an unsupported response_type is refused first; prompt=none gets the scope refusal", async () => {
    const bogus = await authorize({ scope: "openid custom", response_type: "bogus" });
    assert.equal(bogus.query.get("error"), "unsupported_response_type");
    const none = await authorize({ scope: "openid custom", prompt: "none" });
    assert.equal(none.query.get("error"), "invalid_scope");
  });
});

describe("pushed authorization request", () => {
  test("a scope the client does not have: 400 invalid_request, no event", async () => {
    const before = JSON.stringify(await lastEvent());
    const res = await fetch(oidc("ext/par/request"), {
      method: "POST",
      body: new URLSearchParams({
        client_id: "pub",
        redirect_uri: REDIRECT,
        response_type: "code",
        state: "s1",
        scope: "openid custom",
      }),
    });
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), {
      error: "invalid_request",
      error_description: "Invalid scopes: openid custom",
    });
    assert.equal(JSON.stringify(await lastEvent()), before, "no new event");
  });
});

describe("token endpoint", () => {
  test("password grant: 400 invalid_scope before the password is checked", async () => {
    for (const pw of ["pw", "wrong"]) {
      const answer = await password("openid custom", pw);
      assert.equal(answer.status, 400);
      assert.deepEqual(answer.body, { error: "invalid_scope", error_description: "Invalid scopes: openid custom" });
      const event = await lastEvent();
      assert.equal(event.type, "LOGIN_ERROR");
      assert.equal(event.clientId, "pub");
      assert.equal(event.userId, undefined);
      assert.equal(event.error, "invalid_request");
      assert.deepEqual(event.details, {
        reason: "Invalid scopes: openid custom",
        auth_method: "oauth_credentials",
        grant_type: "password",
        client_auth_method: "client-secret",
      });
    }
    assert.equal((await password("organization:acme")).status, 200);
    assert.equal((await password("openid offline_access")).status, 200);
  });

  test("client credentials grant: 400 invalid_scope, CLIENT_LOGIN_ERROR of the service account", async () => {
    const form = { grant_type: "client_credentials", client_id: "conf", client_secret: "secret" };
    const answer = await token({ ...form, scope: "custom" });
    assert.equal(answer.status, 400);
    assert.deepEqual(answer.body, { error: "invalid_scope", error_description: "Invalid scopes: custom" });
    const event = await lastEvent();
    assert.equal(event.type, "CLIENT_LOGIN_ERROR");
    assert.equal(event.clientId, "conf");
    assert.ok(event.userId, "the service account");
    assert.equal(event.error, "invalid_request");
    assert.deepEqual(event.details, {
      reason: "Invalid scopes: custom",
      grant_type: "client_credentials",
      client_auth_method: "client-secret",
      username: "service-account-conf",
    });
    assert.equal((await token({ ...form, scope: "openid profile" })).status, 200);
  });
});

describe("revocation events", () => {
  test("REVOKE_GRANT and REVOKE_GRANT_ERROR carry client_auth_method, client-secret for a public client too", async () => {
    const tokens = await password("openid");
    assert.equal(tokens.status, 200);
    const revoke = (form: Record<string, string>) =>
      fetch(oidc("revoke"), { method: "POST", body: new URLSearchParams(form) });
    assert.equal((await revoke({ client_id: "pub", token: tokens.body.refresh_token! })).status, 200);
    const revoked = await lastEvent();
    assert.equal(revoked.type, "REVOKE_GRANT");
    assert.deepEqual(revoked.details, {
      revoked_client: "pub",
      refresh_token_id: revoked.details?.refresh_token_id,
      refresh_token_type: "Refresh",
      client_auth_method: "client-secret",
    });
    assert.ok(revoked.details?.refresh_token_id);

    assert.equal((await revoke({ client_id: "pub", token: "garbage" })).status, 200);
    const refused = await lastEvent();
    assert.equal(refused.type, "REVOKE_GRANT_ERROR");
    assert.equal(refused.error, "invalid_token");
    assert.deepEqual(refused.details, { client_auth_method: "client-secret" });

    const service = await token({ grant_type: "client_credentials", client_id: "conf", client_secret: "secret" });
    const form = { client_id: "conf", client_secret: "secret", token: service.body.access_token! };
    assert.equal((await revoke(form)).status, 200);
    const access = await lastEvent();
    assert.equal(access.type, "REVOKE_GRANT");
    assert.deepEqual(Object.keys(access.details ?? {}).sort(), ["client_auth_method", "token_id"]);
    assert.equal(access.details?.client_auth_method, "client-secret");
  });
});
