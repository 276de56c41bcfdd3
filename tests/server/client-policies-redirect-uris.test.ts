import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import type KcAdminClient from "@keycloak/keycloak-admin-client";
import type ClientRepresentation from "@keycloak/keycloak-admin-client/lib/defs/clientRepresentation.js";
import { answerOf, realmOnTarget, refusal } from "../support/admin-client.ts";
import { enforcePolicy } from "../support/client-policies.ts";

// The secure-redirect-uris-enforcer executor at the admin API and at authorization requests. Runs on the embedded
// server, or on a real Keycloak with KC_TARGET=keycloak KC_REAL_URL=...: the answers asserted here were measured on
// Keycloak 26.7.3.
const REALM = "policies-redirect-uris";
let kc: KcAdminClient;
let dispose: () => Promise<void>;

/** The configuration of Keycloak's global oauth-2-1 profiles. */
const OAUTH_2_1 = {
  "allow-ipv4-loopback-address": "true",
  "allow-ipv6-loopback-address": "true",
  "allow-private-use-uri-scheme": "true",
  "oauth-2-1-compliant": "true",
};
const enforce = (configuration: Record<string, unknown>) =>
  enforcePolicy(kc, [{ executor: "secure-redirect-uris-enforcer", configuration }]);

let created = 0;
/** Creates a client with these settings: its status and error description, and whether it was stored. */
async function create(settings: ClientRepresentation) {
  const clientId = `redirects-${++created}`;
  const answer = await answerOf(kc.clients.create({ clientId, ...settings }), 201);
  const stored = (await kc.clients.find({ clientId })).length > 0;
  return { status: answer.status, description: answer.body.error_description, stored };
}
const withRedirect = (uri: string) => create({ redirectUris: [uri] });

before(async () => {
  ({ kc, dispose } = await realmOnTarget(REALM));
});
after(() => dispose?.());

describe("secure-redirect-uris-enforcer at the admin API", () => {
  test("OAuth 2.1: https, loopback addresses without a port, reverse-domain private schemes", async () => {
    await enforce(OAUTH_2_1);
    const fine = await create({
      redirectUris: ["https://app.example.org/cb", "https://127.0.0.1/cb", "https://[::1]/cb", "com.example.app:/cb"],
    });
    assert.deepEqual(fine, { status: 201, description: undefined, stored: true });
    const refusals = {
      "http://app.example.org/cb": await withRedirect("http://app.example.org/cb"),
      "https://app.example.org/*": await withRedirect("https://app.example.org/*"),
      "https://app.example.org/cb#part": await withRedirect("https://app.example.org/cb#part"),
      "http://127.0.0.1/cb": await withRedirect("http://127.0.0.1/cb"),
      "https://127.0.0.1:8443/cb": await withRedirect("https://127.0.0.1:8443/cb"),
      "https://localhost/cb": await withRedirect("https://localhost/cb"),
      "myapp:/cb": await withRedirect("myapp:/cb"),
      "/relative/cb": await withRedirect("/relative/cb"),
      none: await create({}),
    };
    const invalid = (description: string) => ({ status: 400, description, stored: false });
    assert.deepEqual(refusals, {
      "http://app.example.org/cb": invalid("Invalid Redirect Uri: invalid uri"),
      "https://app.example.org/*": invalid("Invalid Redirect Uri: invalid uri"),
      "https://app.example.org/cb#part": invalid("Invalid Redirect Uri: invalid uri"),
      "http://127.0.0.1/cb": invalid("Invalid Redirect Uri: invalid loopback address"),
      "https://127.0.0.1:8443/cb": invalid("Invalid Redirect Uri: invalid loopback address"),
      "https://localhost/cb": invalid("Invalid Redirect Uri: invalid loopback address"),
      "myapp:/cb": invalid("Invalid Redirect Uri: invalid private use scheme"),
      // without a root URL, against the server's origin: http://127.0.0.1:port here
      "/relative/cb": invalid("Invalid Redirect Uri: invalid loopback address"),
      none: invalid("Invalid Redirect Uri: invalid uri"),
    });
  });

  test("a client without redirecting flows needs none; post-logout URIs follow the same rules", async () => {
    await enforce(OAUTH_2_1);
    assert.equal((await create({ standardFlowEnabled: false })).status, 201);
    const postLogout = await create({
      redirectUris: ["https://app.example.org/cb"],
      attributes: { "post.logout.redirect.uris": "http://app.example.org/bye" },
    });
    assert.deepEqual(postLogout, { status: 400, description: "Invalid Redirect Uri: invalid uri", stored: false });
    const plus = await create({
      redirectUris: ["https://app.example.org/cb"],
      attributes: { "post.logout.redirect.uris": "+##https://app.example.org/bye" },
    });
    assert.equal(plus.status, 201);
  });

  test("an update is refused before anything of it is stored", async () => {
    await enforcePolicy(kc, []);
    const { id } = await kc.clients.create({ clientId: "to-update", redirectUris: ["https://app.example.org/cb"] });
    await enforce(OAUTH_2_1);
    const current = (await kc.clients.findOne({ id }))!;
    const refused = await refusal(
      kc.clients.update({ id }, { ...current, redirectUris: ["http://app.example.org/cb"], description: "changed" }),
    );
    assert.deepEqual(refused, {
      status: 400,
      body: { error: "invalid_request", error_description: "Invalid Redirect Uri: invalid uri" },
    });
    const after = (await kc.clients.findOne({ id }))!;
    assert.deepEqual(
      { redirectUris: after.redirectUris, description: after.description },
      { redirectUris: ["https://app.example.org/cb"], description: current.description },
    );
    await kc.clients.update({ id }, { ...current, description: "changed" });
    assert.equal((await kc.clients.findOne({ id }))!.description, "changed");
  });

  test("http, a wildcard context path and permitted domains when allowed", async () => {
    await enforce({
      "allow-http-scheme": true,
      "allow-wildcard-context-path": true,
      "allow-permitted-domains": ["app\\.example\\.org"],
    });
    const results = {
      "http://app.example.org/*": (await withRedirect("http://app.example.org/*")).status,
      "http://app.example.org/**": (await withRedirect("http://app.example.org/**")).status,
      "http://other.example.org/cb": (await withRedirect("http://other.example.org/cb")).status,
      "http://127.0.0.1/cb": (await withRedirect("http://127.0.0.1/cb")).description,
    };
    assert.deepEqual(results, {
      "http://app.example.org/*": 201,
      "http://app.example.org/**": 400,
      "http://other.example.org/cb": 400,
      "http://127.0.0.1/cb": "Invalid Redirect Uri: invalid loopback address",
    });
  });
});

describe("secure-redirect-uris-enforcer at authorization requests", () => {
  /** An authorization request of the spa client: its status and the error page's message, if any. */
  const authorize = async (redirectUri: string, clientId: string | undefined = "spa") => {
    const query = new URLSearchParams({ response_type: "code", redirect_uri: redirectUri });
    if (clientId) query.set("client_id", clientId);
    const res = await fetch(`${kc.baseUrl}/realms/${REALM}/protocol/openid-connect/auth?${query}`, {
      redirect: "manual",
    });
    const html = await res.text();
    const message = /id="kc-error-message"[^>]*>\s*<p[^>]*>([^<]*)<|id="kc-error-message"[^>]*>([^<]*)</.exec(html);
    return { status: res.status, message: (message?.[1] ?? message?.[2])?.trim() };
  };

  before(async () => {
    await enforcePolicy(kc, []);
    await kc.clients.create({
      clientId: "spa",
      publicClient: true,
      redirectUris: ["http://127.0.0.1/cb", "http://app.example.org/*", "https://app.example.org/*"],
    });
  });

  test("the redirect_uri sent is checked as the request arrives; a loopback one names its port", async () => {
    await enforce({ ...OAUTH_2_1, "allow-http-scheme": true });
    assert.deepEqual(await authorize("https://app.example.org/cb"), { status: 200, message: undefined });
    assert.deepEqual(await authorize("http://127.0.0.1:4567/cb"), { status: 200, message: undefined });
    assert.deepEqual(await authorize("http://127.0.0.1/cb"), {
      status: 400,
      message: "Invalid Redirect Uri: invalid loopback address",
    });
    assert.deepEqual(await authorize("https://app.example.org/cb#part"), {
      status: 400,
      message: "Invalid Redirect Uri: invalid uri",
    });
  });

  test("an unknown client is refused by the executor; a request without client_id before the policies", async () => {
    await enforce(OAUTH_2_1);
    assert.deepEqual(await authorize("https://app.example.org/cb", "nobody"), {
      status: 400,
      message: "Invalid parameter: clientId",
    });
    assert.deepEqual(await authorize("https://app.example.org/cb", ""), { status: 400, message: "Invalid Request" });
  });
});
