import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import type KcAdminClient from "@keycloak/keycloak-admin-client";
import { realmOnTarget, refusal, createAlice } from "../support/admin-client.ts";
import { enforcePolicy } from "../support/client-policies.ts";

// Executors at request time (authorization and token endpoints) and the client-type condition. Runs on the embedded
// server, or on a real Keycloak with KC_TARGET=keycloak KC_REAL_URL=...: the answers asserted here were measured on
// Keycloak 26.7.3.
const REALM = "policies-requests";
let kc: KcAdminClient;
let dispose: () => Promise<void>;
let baseUrl: string;

const oidc = (path: string) => `${baseUrl}/realms/${REALM}/protocol/openid-connect/${path}`;

async function token(form: Record<string, string>) {
  const res = await fetch(oidc("token"), { method: "POST", body: new URLSearchParams(form) });
  return { status: res.status, body: (await res.json()) as Record<string, string> };
}

const passwordGrant = () =>
  token({ grant_type: "password", client_id: "conf", client_secret: "secret", username: "alice", password: "pw" });

/** Where an authorization request is sent back: status and the query and fragment parameters. */
async function authorize(params: Record<string, string>) {
  const query = new URLSearchParams({ client_id: "conf", state: "s1", scope: "openid", ...params });
  const res = await fetch(`${oidc("auth")}?${query}`, { redirect: "manual" });
  const url = new URL(res.headers.get("location") || "http://none/");
  return { status: res.status, query: url.searchParams, fragment: new URLSearchParams(url.hash.slice(1)) };
}

before(async () => {
  ({ kc, dispose } = await realmOnTarget(REALM));
  baseUrl = kc.baseUrl;
  await createAlice(kc);
  await kc.clients.create({
    clientId: "conf",
    secret: "secret",
    redirectUris: ["http://localhost:3000/cb", "https://app.example.org/cb"],
    directAccessGrantsEnabled: true,
  });
});
after(() => dispose?.());

describe("executors at request time", () => {
  test("secure-client-uris refuses an http redirect_uri of an authorization request", async () => {
    await enforcePolicy(kc, [{ executor: "secure-client-uris" }]);
    const http = await authorize({ response_type: "code", redirect_uri: "http://localhost:3000/cb" });
    assert.equal(http.status, 302);
    assert.equal(http.query.get("error"), "invalid_request");
    assert.equal(http.query.get("error_description"), "Invalid redirect_uri");
    const https = await authorize({ response_type: "code", redirect_uri: "https://app.example.org/cb" });
    assert.equal(https.status, 200, "the login page");
  });

  test("secure-response-type refuses a plain code request", async () => {
    await enforcePolicy(kc, [{ executor: "secure-response-type", configuration: { "auto-configure": false } }]);
    const code = await authorize({ response_type: "code", redirect_uri: "http://localhost:3000/cb" });
    assert.equal(code.status, 302);
    assert.equal(code.query.get("error"), "invalid_request");
    assert.equal(code.query.get("error_description"), "invalid response_type");
  });

  test("dpop-bind-enforcer leaves the password grant and the refresh of an unbound token alone", async () => {
    await enforcePolicy(kc, []);
    const signedIn = await passwordGrant();
    await enforcePolicy(kc, [{ executor: "dpop-bind-enforcer", configuration: { "auto-configure": false } }]);
    const password = await passwordGrant();
    const refresh = await token({
      grant_type: "refresh_token",
      client_id: "conf",
      client_secret: "secret",
      refresh_token: signedIn.body.refresh_token!,
    });
    assert.deepEqual({ password: password.status, refresh: refresh.status }, { password: 200, refresh: 200 });
  });
});

describe("executors that change the token response", () => {
  test("suppress-refresh-token-rotation: a refresh answers without a new refresh token", async () => {
    await enforcePolicy(kc, [{ executor: "suppress-refresh-token-rotation" }]);
    const signedIn = await passwordGrant();
    assert.equal(typeof signedIn.body.refresh_token, "string", "the password grant still gives one");
    const refresh = await token({
      grant_type: "refresh_token",
      client_id: "conf",
      client_secret: "secret",
      refresh_token: signedIn.body.refresh_token!,
    });
    assert.equal(refresh.status, 200);
    assert.equal(typeof refresh.body.access_token, "string");
    assert.equal(refresh.body.refresh_token, undefined);
    assert.equal(refresh.body.refresh_expires_in, 0);
  });
});

describe("secure-signature-algorithm at the admin API", () => {
  test("fills unset algorithms with the default and refuses RS256", async () => {
    await enforcePolicy(kc, [
      { executor: "secure-signature-algorithm", configuration: { "default-algorithm": "PS256" } },
    ]);
    const algorithms = async (clientId: string) => {
      const attributes = (await kc.clients.find({ clientId }))[0]!.attributes ?? {};
      return Object.fromEntries(Object.entries(attributes).filter(([name]) => name.endsWith(".alg")));
    };
    await kc.clients.create({ clientId: "alg1" });
    assert.deepEqual(await algorithms("alg1"), {
      "user.info.response.signature.alg": "PS256",
      "request.object.signature.alg": "PS256",
      "id.token.signed.response.alg": "PS256",
      "token.endpoint.auth.signing.alg": "PS256",
      "access.token.signed.response.alg": "PS256",
    });
    await kc.clients.create({ clientId: "alg2", attributes: { "id.token.signed.response.alg": "ES256" } });
    assert.equal((await algorithms("alg2"))["id.token.signed.response.alg"], "ES256");
    const refused = await refusal(
      kc.clients.create({ clientId: "alg3", attributes: { "access.token.signed.response.alg": "RS256" } }),
    );
    assert.equal(refused.status, 400);
    assert.deepEqual(refused.body, { error: "invalid_request", error_description: "not allowed signature algorithm." });
    assert.equal((await kc.clients.find({ clientId: "alg3" })).length, 0);
  });
});

describe("the client-type condition", () => {
  test("protocol openid-connect matches an OIDC client at the password grant, saml does not", async () => {
    const ropc = [{ executor: "reject-ropc-grant", configuration: { "auto-configure": false } }];
    await enforcePolicy(kc, ropc, [{ condition: "client-type", configuration: { protocol: "openid-connect" } }]);
    assert.equal((await passwordGrant()).status, 400);
    await enforcePolicy(kc, ropc, [{ condition: "client-type", configuration: { protocol: "saml" } }]);
    assert.equal((await passwordGrant()).status, 200);
  });

  test("protocol saml matches a SAML client being created", async () => {
    const consent = [{ executor: "consent-required", configuration: { "auto-configure": true } }];
    await enforcePolicy(kc, consent, [{ condition: "client-type", configuration: { protocol: "saml" } }]);
    await kc.clients.create({ clientId: "urn:sp", protocol: "saml" });
    await kc.clients.create({ clientId: "oidc-app" });
    const consentOf = async (clientId: string) => (await kc.clients.find({ clientId }))[0]!.consentRequired;
    assert.deepEqual(
      { saml: await consentOf("urn:sp"), oidc: await consentOf("oidc-app") },
      { saml: true, oidc: false },
    );
  });

  test("protocol saml matches an update that sends protocol saml, not one that leaves an OIDC client's alone", async () => {
    await enforcePolicy(kc, []);
    await kc.clients.create({ clientId: "to-saml" });
    await kc.clients.create({ clientId: "stays-oidc" });
    const consent = [{ executor: "consent-required", configuration: { "auto-configure": true } }];
    await enforcePolicy(kc, consent, [{ condition: "client-type", configuration: { protocol: "saml" } }]);
    const update = async (clientId: string, change: Record<string, unknown>) => {
      const [client] = await kc.clients.find({ clientId });
      await kc.clients.update({ id: client!.id! }, { ...client, ...change });
      return (await kc.clients.find({ clientId }))[0]!.consentRequired;
    };
    assert.deepEqual(
      { toSaml: await update("to-saml", { protocol: "saml" }), oidc: await update("stays-oidc", { description: "x" }) },
      { toSaml: true, oidc: false },
    );
  });
});
