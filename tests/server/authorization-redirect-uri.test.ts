import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import type KcAdminClient from "@keycloak/keycloak-admin-client";
import { createAlice, realmOnTarget } from "../support/admin-client.ts";
import { CookieJar, exchangeCode, get, submitLogin } from "./oidc-flow.ts";

// Where an authorization request without redirect_uri is answered. Runs on the embedded server, or on a real Keycloak
// with KC_TARGET=keycloak KC_REAL_URL=...: the answers asserted here were measured on Keycloak 26.7.3.
const REALM = "authorization-redirect-uri";
let kc: KcAdminClient;
let dispose: () => Promise<void>;
let baseUrl: string;

const CLIENTS = {
  single: ["http://localhost:3000/cb"],
  wildcard: ["http://localhost:3000/app/*"],
  two: ["http://localhost:3000/one", "http://localhost:3000/two"],
};

function authorizationUrl(clientId: string, params: Record<string, string>): string {
  const query = new URLSearchParams({ client_id: clientId, response_type: "code", ...params });
  return `${baseUrl}/realms/${REALM}/protocol/openid-connect/auth?${query}`;
}

/** Signs alice in through the request's login page: where the browser is sent with the code. */
async function signIn(url: string): Promise<URL> {
  const jar = new CookieJar();
  const page = await get(url, jar);
  assert.equal(page.status, 200, "the login page");
  const signedIn = await submitLogin(baseUrl, await page.text(), jar, "alice", "pw");
  assert.equal(signedIn.status, 302, "signed in");
  return new URL(signedIn.headers.get("location")!);
}

const exchange = (code: string, form: Record<string, string> = {}) =>
  exchangeCode(baseUrl, REALM, { client_id: "single", client_secret: "secret", code, ...form });

before(async () => {
  ({ kc, dispose } = await realmOnTarget(REALM));
  baseUrl = kc.baseUrl;
  await createAlice(kc);
  for (const [clientId, redirectUris] of Object.entries(CLIENTS))
    await kc.clients.create({ clientId, secret: "secret", redirectUris, standardFlowEnabled: true });
});
after(() => dispose?.());

describe("an authorization request without redirect_uri", () => {
  test("a plain OAuth request goes to the client's only redirect URI, and its code needs no redirect_uri", async () => {
    const answered = await signIn(authorizationUrl("single", { scope: "profile", state: "s1" }));
    assert.equal(`${answered.origin}${answered.pathname}`, "http://localhost:3000/cb");
    assert.equal(answered.searchParams.get("state"), "s1");
    const tokens = await exchange(answered.searchParams.get("code")!);
    assert.equal(tokens.status, 200, JSON.stringify(tokens.body));
  });

  test("the only redirect URI is taken up to its wildcard", async () => {
    const answered = await signIn(authorizationUrl("wildcard", { scope: "profile" }));
    assert.equal(`${answered.origin}${answered.pathname}`, "http://localhost:3000/app");
    assert.ok(answered.searchParams.get("code"));
  });

  test("is refused for an OpenID Connect request, and for a client with more than one redirect URI", async () => {
    for (const url of [
      authorizationUrl("single", { scope: "openid profile" }),
      authorizationUrl("two", { scope: "profile" }),
    ]) {
      const page = await get(url, new CookieJar());
      assert.equal(page.status, 400, url);
      assert.match(await page.text(), /Invalid parameter: redirect_uri/);
    }
  });
});

test("a code from a request that sent redirect_uri is exchanged only with the same one", async () => {
  const sent = "http://localhost:3000/cb";
  const answered = await signIn(authorizationUrl("single", { scope: "openid", redirect_uri: sent }));
  const without = await exchange(answered.searchParams.get("code")!);
  assert.deepEqual(without, {
    status: 400,
    body: { error: "invalid_grant", error_description: "Incorrect redirect_uri" },
  });
  const again = await signIn(authorizationUrl("single", { scope: "openid", redirect_uri: sent }));
  assert.equal((await exchange(again.searchParams.get("code")!, { redirect_uri: sent })).status, 200);
});
