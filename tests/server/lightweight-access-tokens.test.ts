import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import type KcAdminClient from "@keycloak/keycloak-admin-client";
import { decodeJwt } from "jose";
import { createAlice, realmOnTarget } from "../support/admin-client.ts";
import { enforcePolicy } from "../support/client-policies.ts";

// Runs on the embedded server, or on a real Keycloak with KC_TARGET=keycloak KC_REAL_URL=...: Keycloak 26.7.3 gives
// admin-cli and security-admin-console lightweight access tokens, and any client with "Always use lightweight access
// token" on or under a use-lightweight-access-token executor.
const REALM = "lightweight-tokens";
const LIGHTWEIGHT = "client.use.lightweight.access.token.enabled";
/** What a lightweight access token carries when no mapper adds to it. */
const LIGHTWEIGHT_CLAIMS = ["azp", "exp", "iat", "iss", "jti", "scope", "sid", "typ"];
let kc: KcAdminClient;
let dispose: () => Promise<void>;
let baseUrl: string;

const oidc = (path: string) => `${baseUrl}/realms/${REALM}/protocol/openid-connect/${path}`;

async function post(path: string, form: Record<string, string>) {
  const res = await fetch(oidc(path), { method: "POST", body: new URLSearchParams(form) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const passwordGrant = (clientId: string) =>
  post("token", {
    grant_type: "password",
    client_id: clientId,
    client_secret: "secret",
    username: "alice",
    password: "pw",
    scope: "openid",
  });

const hardcodedClaim = (name: string, config: Record<string, string>) => ({
  name,
  protocol: "openid-connect",
  protocolMapper: "oidc-hardcoded-claim-mapper",
  config: { "claim.name": name, "claim.value": `${name}-value`, "jsonType.label": "String", ...config },
});

before(async () => {
  ({ kc, dispose } = await realmOnTarget(REALM));
  baseUrl = kc.baseUrl;
  await createAlice(kc);
  await kc.clients.create({
    clientId: "light",
    secret: "secret",
    directAccessGrantsEnabled: true,
    serviceAccountsEnabled: true,
    attributes: { [LIGHTWEIGHT]: "true" },
    protocolMappers: [
      hardcodedClaim("kept", { "lightweight.claim": "true", "access.token.claim": "false" }),
      hardcodedClaim("dropped", { "lightweight.claim": "false", "access.token.claim": "true" }),
      {
        name: "rs audience",
        protocol: "openid-connect",
        protocolMapper: "oidc-audience-mapper",
        config: { "included.client.audience": "rs", "access.token.claim": "true", "lightweight.claim": "true" },
      },
    ],
  });
  await kc.clients.create({ clientId: "regular", secret: "secret", directAccessGrantsEnabled: true });
  await kc.clients.create({ clientId: "rs", secret: "secret", serviceAccountsEnabled: true });
});
after(() => dispose?.());

describe("a client with Always use lightweight access token on", () => {
  test("gets an access token with only the basic fields and the claims of lightweight mappers", async () => {
    const { status, body } = await passwordGrant("light");
    assert.equal(status, 200, JSON.stringify(body));
    const claims = decodeJwt(String(body.access_token));
    assert.deepEqual(Object.keys(claims).sort(), [...LIGHTWEIGHT_CLAIMS, "aud", "kept"].sort());
    assert.match(String(claims.jti), /^onltro:/);
    assert.equal(claims.kept, "kept-value");
    assert.equal(claims.aud, "rs");
  });

  test("introspection answers for its user, whom the token does not name; userinfo only when the client allows", async () => {
    const { body } = await passwordGrant("light");
    const accessToken = String(body.access_token);
    const users = await kc.users.find({ username: "alice", exact: true });
    const userinfo = () => fetch(oidc("userinfo"), { headers: { authorization: `Bearer ${accessToken}` } });
    const refused = await userinfo();
    assert.equal(refused.status, 401);
    assert.equal(
      refused.headers.get("www-authenticate"),
      `Bearer realm="${REALM}", error="invalid_token", error_description="Lightweight access token not allowed for userinfo endpoint"`,
    );
    const [light] = await kc.clients.find({ clientId: "light" });
    await kc.clients.update(
      { id: light!.id! },
      { ...light, attributes: { ...light!.attributes, "allow.userinfo.with.lightweight.access.token": "true" } },
    );
    const allowed = await userinfo();
    assert.equal(allowed.status, 200);
    const profile = (await allowed.json()) as Record<string, unknown>;
    assert.equal(profile.sub, users[0]!.id);
    assert.equal(profile.preferred_username, "alice");
    const introspected = await post("token/introspect", {
      client_id: "rs",
      client_secret: "secret",
      token: accessToken,
    });
    assert.equal(introspected.status, 200);
    assert.equal(introspected.body.active, true, JSON.stringify(introspected.body));
    assert.equal(introspected.body.sub, users[0]!.id);
    assert.equal(introspected.body.username, "alice");
    assert.equal(introspected.body.preferred_username, "alice");
    assert.equal(introspected.body.dropped, "dropped-value");
  });

  test("a refresh keeps the access token lightweight", async () => {
    const { body } = await passwordGrant("light");
    const refreshed = await post("token", {
      grant_type: "refresh_token",
      client_id: "light",
      client_secret: "secret",
      refresh_token: String(body.refresh_token),
    });
    assert.equal(refreshed.status, 200);
    const claims = decodeJwt(String(refreshed.body.access_token));
    assert.match(String(claims.jti), /^onltrt:/);
    assert.equal(claims.sub, undefined);
  });

  test("its service account's token, which has no session, names its user", async () => {
    const { status, body } = await post("token", {
      grant_type: "client_credentials",
      client_id: "light",
      client_secret: "secret",
    });
    assert.equal(status, 200);
    const claims = decodeJwt(String(body.access_token));
    const [account] = await kc.users.find({ username: "service-account-light", exact: true });
    assert.deepEqual(Object.keys(claims).sort(), [
      "aud",
      "azp",
      "exp",
      "iat",
      "iss",
      "jti",
      "kept",
      "scope",
      "sub",
      "typ",
    ]);
    assert.equal(claims.sub, account!.id);
    assert.match(String(claims.jti), /^trltcc:/);
    const introspected = await post("token/introspect", {
      client_id: "rs",
      client_secret: "secret",
      token: String(body.access_token),
    });
    assert.equal(introspected.body.active, true, JSON.stringify(introspected.body));
    assert.equal(introspected.body.username, "service-account-light");
  });
});

describe("the use-lightweight-access-token executor", () => {
  test("makes the access tokens of the clients its policy applies to lightweight", async () => {
    const regular = decodeJwt(String((await passwordGrant("regular")).body.access_token));
    assert.equal(regular.preferred_username, "alice");
    assert.match(String(regular.jti), /^onrtro:/);
    await enforcePolicy(
      kc,
      [{ executor: "use-lightweight-access-token" }],
      [{ condition: "client-access-type", configuration: { type: ["confidential"] } }],
    );
    try {
      const claims = decodeJwt(String((await passwordGrant("regular")).body.access_token));
      assert.deepEqual(Object.keys(claims).sort(), LIGHTWEIGHT_CLAIMS);
      assert.match(String(claims.jti), /^onltro:/);
    } finally {
      await kc.clientPolicies.updatePolicy({ policies: [] });
    }
  });
});

describe("admin-cli", () => {
  test("gets lightweight tokens that the admin API accepts", async () => {
    const { body } = await post("token", {
      grant_type: "password",
      client_id: "admin-cli",
      username: "alice",
      password: "pw",
    });
    const claims = decodeJwt(String(body.access_token));
    assert.deepEqual(Object.keys(claims).sort(), LIGHTWEIGHT_CLAIMS);
    // alice holds no admin role: the API knows who she is (403, not 401) though the token does not say
    const res = await fetch(`${baseUrl}/admin/realms/${REALM}/users`, {
      headers: { authorization: `Bearer ${String(body.access_token)}` },
    });
    assert.equal(res.status, 403);
  });
});
