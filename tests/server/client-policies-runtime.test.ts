import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import type KcAdminClient from "@keycloak/keycloak-admin-client";
import { realmOnTarget, refusal, createAlice } from "../support/admin-client.ts";
import { enforcePolicy, type PolicyCondition, type PolicyExecutor } from "../support/client-policies.ts";

// Runs on the embedded server, or on a real Keycloak with KC_TARGET=keycloak KC_REAL_URL=...: the answers and events
// asserted here were measured on Keycloak 26.7.3.
const REALM = "policies-runtime";
const REDIRECT = "http://localhost:3000/cb";
let kc: KcAdminClient;
let dispose: () => Promise<void>;
let baseUrl: string;

type Executor = PolicyExecutor;
type Condition = PolicyCondition;

/** One profile with these executors, applied by one enabled policy with these conditions (replacing earlier ones). */
const enforce = (executors: Executor[], conditions?: Condition[]) => enforcePolicy(kc, executors, conditions);

async function clientNamed(clientId: string) {
  const [client] = await kc.clients.find({ clientId });
  return client!;
}

const oidc = (path: string) => `${baseUrl}/realms/${REALM}/protocol/openid-connect/${path}`;

async function token(form: Record<string, string>) {
  const res = await fetch(oidc("token"), { method: "POST", body: new URLSearchParams(form) });
  return { status: res.status, body: (await res.json()) as Record<string, string> };
}

/** The redirect an authorization request gets: the query or fragment parameters sent back to the client. */
async function authorize(params: Record<string, string | undefined>) {
  const sent = { client_id: "pub", redirect_uri: REDIRECT, state: "s1", scope: "openid", ...params };
  const query = new URLSearchParams(
    Object.entries(sent).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const res = await fetch(`${oidc("auth")}?${query}`, { redirect: "manual" });
  const location = res.headers.get("location") ?? "";
  const url = new URL(location || "http://none/");
  return {
    status: res.status,
    query: url.searchParams,
    fragment: new URLSearchParams(url.hash.slice(1)),
  };
}

async function lastEvent() {
  const [event] = await kc.realms.findEvents({ realm: REALM, max: 1 });
  return event!;
}

before(async () => {
  ({ kc, dispose } = await realmOnTarget(REALM));
  baseUrl = kc.baseUrl;
  await kc.realms.update({ realm: REALM }, { eventsEnabled: true });
  await createAlice(kc);
  // Made before any policy, so that they can hold what the policies later refuse.
  await kc.clients.create({
    clientId: "pub",
    publicClient: true,
    redirectUris: [`${REDIRECT}*`],
    directAccessGrantsEnabled: true,
    implicitFlowEnabled: true,
  });
  await kc.clients.create({
    clientId: "conf",
    secret: "secret",
    redirectUris: [`${REDIRECT}*`],
    directAccessGrantsEnabled: true,
    serviceAccountsEnabled: true,
  });
});
after(() => dispose?.());

describe("client policies at the admin API (REGISTER / UPDATE)", () => {
  test("pkce-enforcer refuses a client without S256, and auto-configure sets it", async () => {
    await enforce([{ executor: "pkce-enforcer", configuration: { "auto-configure": false } }]);
    const refused = await refusal(kc.clients.create({ clientId: "no-pkce", publicClient: true }));
    assert.equal(refused.status, 400);
    assert.deepEqual(refused.body, {
      error: "invalid_client_metadata",
      error_description: "Invalid client metadata: code_challenge_method",
    });
    assert.equal((await kc.clients.find({ clientId: "no-pkce" })).length, 0);

    await enforce([{ executor: "pkce-enforcer", configuration: { "auto-configure": true } }]);
    await kc.clients.create({ clientId: "auto-pkce", publicClient: true });
    assert.equal((await clientNamed("auto-pkce")).attributes?.["pkce.code.challenge.method"], "S256");
  });

  test("reject-ropc-grant and reject-implicit-grant refuse the grants they forbid, in profile order", async () => {
    await enforce([
      { executor: "reject-ropc-grant", configuration: { "auto-configure": false } },
      { executor: "reject-implicit-grant", configuration: { "auto-configure": false } },
    ]);
    const both = await refusal(
      kc.clients.create({ clientId: "x1", directAccessGrantsEnabled: true, implicitFlowEnabled: true }),
    );
    assert.deepEqual(both.body, {
      error: "invalid_client_metadata",
      error_description: "Invalid client metadata: resource owner password credentials grant enabled",
    });
    const implicit = await refusal(
      kc.clients.create({ clientId: "x1", directAccessGrantsEnabled: false, implicitFlowEnabled: true }),
    );
    assert.equal(implicit.body.error_description, "Invalid client metadata: implicit flow enabled");
  });

  test("full-scope-disabled and consent-required refuse an unset value, and auto-configure sets it", async () => {
    await enforce([{ executor: "full-scope-disabled", configuration: { "auto-configure": false } }]);
    assert.deepEqual((await refusal(kc.clients.create({ clientId: "fs" }))).body, {
      error: "invalid_registration",
      error_description: "Not permitted to enable fullScopeAllowed",
    });
    await enforce([
      { executor: "full-scope-disabled", configuration: { "auto-configure": true } },
      { executor: "consent-required", configuration: { "auto-configure": false } },
    ]);
    assert.deepEqual((await refusal(kc.clients.create({ clientId: "fs" }))).body, {
      error: "invalid_registration",
      error_description: "Client is required to enable consentRequired",
    });
    await kc.clients.create({ clientId: "fs", consentRequired: true });
    const created = await clientNamed("fs");
    assert.equal(created.fullScopeAllowed, false);
    assert.equal(created.consentRequired, true);
  });

  test("secure-logout refuses front-channel logout on and a front-channel logout URL unless allowed", async () => {
    await enforce([{ executor: "secure-logout", configuration: { "allow-front-channel-logout": false } }]);
    const refused = {
      error: "invalid_registration",
      error_description: "Front-channel logout is not allowed for this client",
    };
    const on = await refusal(kc.clients.create({ clientId: "front", frontchannelLogout: true }));
    assert.equal(on.status, 400);
    assert.deepEqual(on.body, refused);
    const withUrl = kc.clients.create({
      clientId: "front",
      frontchannelLogout: false,
      attributes: { "frontchannel.logout.url": "https://app.example.com/logout" },
    });
    assert.deepEqual((await refusal(withUrl)).body, refused);
    assert.equal((await kc.clients.find({ clientId: "front" })).length, 0);
    await kc.clients.create({ clientId: "front", frontchannelLogout: false });
    const stored = await clientNamed("front");
    assert.deepEqual(
      (await refusal(kc.clients.update({ id: stored.id! }, { ...stored, frontchannelLogout: true }))).body,
      refused,
    );

    await enforce([{ executor: "secure-logout", configuration: { "allow-front-channel-logout": true } }]);
    await kc.clients.update({ id: stored.id! }, { ...stored, frontchannelLogout: true });
    assert.equal((await clientNamed("front")).frontchannelLogout, true);
  });

  test("secure-client-authenticator sets the default and refuses others; public clients pass", async () => {
    await enforce([
      {
        executor: "secure-client-authenticator",
        configuration: {
          "allowed-client-authenticators": ["client-jwt"],
          "default-client-authenticator": "client-jwt",
        },
      },
    ]);
    await kc.clients.create({ clientId: "sca1" });
    assert.equal((await clientNamed("sca1")).clientAuthenticatorType, "client-jwt");
    const refused = await refusal(kc.clients.create({ clientId: "sca2", clientAuthenticatorType: "client-secret" }));
    assert.deepEqual(refused.body, {
      error: "invalid_client_metadata",
      error_description: "Invalid client metadata: token_endpoint_auth_method",
    });
    await kc.clients.create({ clientId: "sca3", publicClient: true, clientAuthenticatorType: "client-secret" });
  });

  test("secure-client-uris refuses http and wildcard URLs and takes the root URL as redirect URI", async () => {
    await enforce([{ executor: "secure-client-uris" }]);
    const wildcard = await refusal(kc.clients.create({ clientId: "u1", redirectUris: ["http://x.org/*"] }));
    assert.equal(wildcard.body.error_description, "Invalid redirectUris");
    const root = await refusal(kc.clients.create({ clientId: "u1", rootUrl: "http://x.org" }));
    assert.equal(root.body.error_description, "Invalid rootUrl");
    await kc.clients.create({ clientId: "u1", rootUrl: "https://x.org" });
    assert.deepEqual((await clientNamed("u1")).redirectUris, ["https://x.org"]);
  });

  test("dpop-bind-enforcer and secure-response-type refuse clients without their setting", async () => {
    await enforce([{ executor: "dpop-bind-enforcer", configuration: { "auto-configure": false } }]);
    assert.equal(
      (await refusal(kc.clients.create({ clientId: "d1" }))).body.error_description,
      "Invalid client metadata: DPoP token is disabled",
    );
    await enforce([{ executor: "secure-response-type", configuration: { "auto-configure": false } }]);
    assert.equal(
      (await refusal(kc.clients.create({ clientId: "d1" }))).body.error_description,
      "Invalid client metadata: ID Token as detached signature in disabled",
    );
  });

  test("an update is checked as well, and a disabled policy or unmatched condition changes nothing", async () => {
    await enforce([{ executor: "reject-ropc-grant", configuration: { "auto-configure": false } }]);
    const conf = await clientNamed("conf");
    const refused = await refusal(kc.clients.update({ id: conf.id! }, { ...conf, directAccessGrantsEnabled: true }));
    assert.equal(refused.status, 400);
    assert.equal(
      refused.body.error_description,
      "Invalid client metadata: resource owner password credentials grant enabled",
    );

    await enforce(
      [{ executor: "reject-ropc-grant", configuration: { "auto-configure": false } }],
      [{ condition: "client-access-type", configuration: { type: ["public"] } }],
    );
    await kc.clients.create({ clientId: "conf-ropc", directAccessGrantsEnabled: true });
    assert.equal(
      (await refusal(kc.clients.create({ clientId: "pub-ropc", publicClient: true, directAccessGrantsEnabled: true })))
        .status,
      400,
    );
    await kc.clientPolicies.updatePolicy({
      policies: [
        {
          name: "policy",
          enabled: false,
          conditions: [{ condition: "any-client", configuration: {} }],
          profiles: ["enforced"],
        },
      ],
    });
    await kc.clients.create({ clientId: "pub-ropc", publicClient: true, directAccessGrantsEnabled: true });
  });

  test("client-updater-context matches the admin API as ByAuthenticatedUser", async () => {
    const profile = [{ executor: "consent-required", configuration: { "auto-configure": true } }];
    await enforce(profile, [
      { condition: "client-updater-context", configuration: { "update-client-source": ["ByAnonymous"] } },
    ]);
    await kc.clients.create({ clientId: "ctx1" });
    assert.equal((await clientNamed("ctx1")).consentRequired, false);
    await enforce(profile, [
      { condition: "client-updater-context", configuration: { "update-client-source": ["ByAuthenticatedUser"] } },
    ]);
    await kc.clients.create({ clientId: "ctx2" });
    assert.equal((await clientNamed("ctx2")).consentRequired, true);
  });
});

describe("client policies at the authorization endpoint (AUTHORIZATION_REQUEST)", () => {
  test("pkce-enforcer sends the refusal back to the client and records LOGIN_ERROR", async () => {
    await enforce([{ executor: "pkce-enforcer", configuration: { "auto-configure": false } }]);
    const missing = await authorize({ response_type: "code" });
    assert.equal(missing.status, 302);
    assert.equal(missing.query.get("error"), "invalid_request");
    assert.equal(missing.query.get("error_description"), "Missing parameter: code_challenge_method");
    assert.equal(missing.query.get("state"), "s1");
    const event = await lastEvent();
    assert.equal(event.type, "LOGIN_ERROR");
    assert.equal(event.error, "invalid_request");
    assert.equal(event.clientId, "pub");
    assert.equal(event.details?.reason, "client_policy_error");
    assert.equal(event.details?.client_policy_error_detail, "Missing parameter: code_challenge_method");

    const plain = await authorize({
      response_type: "code",
      code_challenge_method: "plain",
      code_challenge: "a".repeat(43),
    });
    assert.equal(plain.query.get("error_description"), "Invalid parameter: invalid code_challenge_method");
    const noChallenge = await authorize({ response_type: "code", code_challenge_method: "S256" });
    assert.equal(noChallenge.query.get("error_description"), "Missing parameter: code_challenge");
    const passes = await authorize({
      response_type: "code",
      code_challenge_method: "S256",
      code_challenge: "a".repeat(43),
    });
    assert.equal(passes.status, 200, "the login page");
  });

  test("reject-implicit-grant refuses an implicit request of a client that allows it, in the fragment", async () => {
    await enforce([{ executor: "reject-implicit-grant", configuration: { "auto-configure": false } }]);
    const implicit = await authorize({ response_type: "token", nonce: "n1" });
    assert.equal(implicit.status, 302);
    assert.equal(implicit.fragment.get("error"), "invalid_request");
    assert.equal(implicit.fragment.get("error_description"), "Implicit/Hybrid flow is prohibited.");
    assert.equal((await lastEvent()).details?.response_mode, "fragment");
  });

  test("secure-session asks an OpenID Connect request for a nonce and any other request for a state", async () => {
    await enforce([{ executor: "secure-session" }]);
    const noNonce = await authorize({ response_type: "code" });
    assert.equal(noNonce.status, 302);
    assert.equal(noNonce.query.get("error"), "invalid_request");
    assert.equal(noNonce.query.get("error_description"), "Missing parameter: nonce");
    assert.equal(noNonce.query.get("state"), "s1");
    assert.equal((await lastEvent()).details?.client_policy_error_detail, "Missing parameter: nonce");
    assert.equal((await authorize({ response_type: "code", nonce: "n1" })).status, 200, "the login page");
    const noState = await authorize({ response_type: "code", scope: "profile", state: undefined });
    assert.equal(noState.query.get("error"), "invalid_request");
    assert.equal(noState.query.get("error_description"), "Missing parameter: state");
    assert.equal((await authorize({ response_type: "code", scope: "profile" })).status, 200, "the login page");
  });

  test("confidential-client refuses a public client's sign-in", async () => {
    await enforce([{ executor: "confidential-client" }]);
    const res = await authorize({ response_type: "code" });
    assert.equal(res.query.get("error"), "invalid_client");
    assert.equal(res.query.get("error_description"), "invalid client access type: public");
  });
});

describe("client policies at the token endpoint", () => {
  const confidentialPasswordGrant = () =>
    token({ grant_type: "password", client_id: "conf", client_secret: "secret", username: "alice", password: "pw" });

  test("reject-ropc-grant refuses the password grant and records LOGIN_ERROR", async () => {
    await enforce([{ executor: "reject-ropc-grant", configuration: { "auto-configure": false } }]);
    const res = await confidentialPasswordGrant();
    assert.equal(res.status, 400);
    assert.deepEqual(res.body, {
      error: "invalid_grant",
      error_description: "resource owner password credentials grant is prohibited.",
    });
    const event = await lastEvent();
    assert.equal(event.type, "LOGIN_ERROR");
    assert.equal(event.error, "invalid_grant");
    assert.equal(event.details?.reason, "client_policy_error");
    assert.equal(event.details?.grant_type, "password");
  });

  test("confidential-client leaves the password and client-credentials grants alone", async () => {
    await enforce([{ executor: "confidential-client" }]);
    assert.equal(
      (await token({ grant_type: "password", client_id: "pub", username: "alice", password: "pw" })).status,
      200,
    );
    assert.equal(
      (await token({ grant_type: "client_credentials", client_id: "conf", client_secret: "secret" })).status,
      200,
    );
  });

  test("secure-client-authenticator refuses a refresh (no event) and a service-account grant (CLIENT_LOGIN_ERROR)", async () => {
    await enforce([]);
    const signedIn = await confidentialPasswordGrant();
    const before = await lastEvent();
    await enforce([
      { executor: "secure-client-authenticator", configuration: { "allowed-client-authenticators": ["client-jwt"] } },
    ]);
    const refresh = await token({
      grant_type: "refresh_token",
      client_id: "conf",
      client_secret: "secret",
      refresh_token: signedIn.body.refresh_token!,
    });
    assert.deepEqual(refresh.body, {
      error: "invalid_request",
      error_description: "Configured client authentication method not allowed for client",
    });
    assert.equal((await lastEvent()).time, before.time, "no event recorded for the refused refresh");
    const service = await token({ grant_type: "client_credentials", client_id: "conf", client_secret: "secret" });
    assert.equal(service.status, 400);
    const event = await lastEvent();
    assert.equal(event.type, "CLIENT_LOGIN_ERROR");
    assert.equal(
      event.details?.client_policy_error_detail,
      "Configured client authentication method not allowed for client",
    );
    assert.equal(event.details?.username, "service-account-conf");
  });

  test("a policy whose condition does not match the client runs nothing", async () => {
    await enforce(
      [{ executor: "reject-ropc-grant", configuration: { "auto-configure": false } }],
      [{ condition: "client-access-type", configuration: { type: ["public"] } }],
    );
    const res = await confidentialPasswordGrant();
    assert.equal(res.status, 200);
    const refused = await token({ grant_type: "password", client_id: "pub", username: "alice", password: "pw" });
    assert.equal(refused.status, 400);
  });
});

describe("the grant-type condition", () => {
  test("applies a policy to the grants it lists and to no other", async () => {
    const refusedAuthenticator = "Configured client authentication method not allowed for client";
    await enforce(
      [{ executor: "secure-client-authenticator", configuration: { "allowed-client-authenticators": ["client-jwt"] } }],
      [{ condition: "grant-type", configuration: { grant_types: ["client_credentials"] } }],
    );
    const service = await token({ grant_type: "client_credentials", client_id: "conf", client_secret: "secret" });
    assert.equal(service.body.error_description, refusedAuthenticator);
    const password = await token({
      grant_type: "password",
      client_id: "conf",
      client_secret: "secret",
      username: "alice",
      password: "pw",
    });
    assert.equal(password.status, 200, "the password grant is not listed");

    await enforce(
      [{ executor: "secure-session" }],
      [{ condition: "grant-type", configuration: { grant_types: ["implicit"] } }],
    );
    assert.equal((await authorize({ response_type: "code" })).status, 200, "a code request is not the implicit grant");
    const implicit = await authorize({ response_type: "token", scope: "profile", state: undefined });
    assert.equal(implicit.fragment.get("error_description"), "Missing parameter: state");
  });

  test("with reject-request, refuses the grants it lists outright", async () => {
    await enforce(
      [{ executor: "reject-request" }],
      [{ condition: "grant-type", configuration: { grant_types: ["password"] } }],
    );
    const password = await token({ grant_type: "password", client_id: "pub", username: "alice", password: "pw" });
    assert.equal(password.status, 400);
    assert.deepEqual(password.body, { error: "invalid_request", error_description: "Request not allowed" });
    const service = await token({ grant_type: "client_credentials", client_id: "conf", client_secret: "secret" });
    assert.equal(service.status, 200, "client credentials are not listed");
  });
});
