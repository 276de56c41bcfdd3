import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import KcAdminClient from "@keycloak/keycloak-admin-client";
import { realmOnTarget } from "../support/admin-client.ts";
import { enforcePolicy, type PolicyCondition } from "../support/client-policies.ts";
import { adminToken } from "../support/server.ts";

// The conditions of client policies, each shown matching and not matching. Runs on the embedded server, or on a real
// Keycloak with KC_TARGET=keycloak KC_REAL_URL=...: the answers asserted here were measured on Keycloak 26.7.3.
const REALM = "policies-conditions";
const REDIRECT = "http://localhost:3000/cb";
let kc: KcAdminClient;
let dispose: () => Promise<void>;
let baseUrl: string;
/** The admin client signed in as the realm's own administrator "boss" (manage-clients, member of group "ops"). */
let boss: KcAdminClient;

const REJECT_ROPC = [{ executor: "reject-ropc-grant", configuration: { "auto-configure": false } }];
const PKCE_REQUIRED = [{ executor: "pkce-enforcer", configuration: { "auto-configure": false } }];
const CONSENT = [{ executor: "consent-required", configuration: { "auto-configure": true } }];

const oidc = (path: string) => `${baseUrl}/realms/${REALM}/protocol/openid-connect/${path}`;

async function passwordGrant(clientId: string) {
  const form = { grant_type: "password", client_id: clientId, client_secret: "secret", username: "alice" };
  const res = await fetch(oidc("token"), { method: "POST", body: new URLSearchParams({ ...form, password: "pw" }) });
  return res.status;
}

/** The error an authorization request without PKCE is sent back with (null: the login page was shown). */
async function authorizationError(clientId: string, scope = "openid", more: Record<string, string> = {}) {
  const query = new URLSearchParams({
    client_id: clientId,
    redirect_uri: REDIRECT,
    response_type: "code",
    scope,
    ...more,
  });
  const res = await fetch(`${oidc("auth")}?${query}`, { redirect: "manual" });
  if (res.status === 200) return null;
  return new URL(res.headers.get("location")!).searchParams.get("error_description");
}

/** Whether a client created by `by` got consent switched on by the CONSENT profile under these conditions. */
async function createdWithConsent(by: KcAdminClient, clientId: string, conditions: PolicyCondition[]) {
  await enforcePolicy(kc, CONSENT, conditions);
  await by.clients.create({ clientId });
  const [client] = await kc.clients.find({ clientId });
  return client!.consentRequired;
}

before(async () => {
  ({ kc, dispose } = await realmOnTarget(REALM));
  baseUrl = kc.baseUrl;
  for (const username of ["alice", "boss"])
    await kc.users.create({
      username,
      enabled: true,
      firstName: username,
      lastName: "Example",
      email: `${username}@example.org`,
      credentials: [{ type: "password", value: "pw", temporary: false }],
    });
  const client = (clientId: string, attributes: Record<string, string> = {}) =>
    kc.clients.create({
      clientId,
      secret: "secret",
      redirectUris: [`${REDIRECT}*`],
      directAccessGrantsEnabled: true,
      attributes,
    });
  await client("gold", { tier: "gold" });
  await client("plain");
  const gold = (await kc.clients.find({ clientId: "gold" }))[0]!;
  await kc.clients.createRole({ id: gold.id!, name: "special" });
  await kc.clientScopes.create({ name: "custom", protocol: "openid-connect" });
  const custom = (await kc.clientScopes.findOneByName({ name: "custom" }))!;
  await kc.clients.addOptionalClientScope({ id: gold.id!, clientScopeId: custom.id! });

  const [bossUser] = await kc.users.find({ username: "boss" });
  const [management] = await kc.clients.find({ clientId: "realm-management" });
  const manageClients = await kc.clients.findRole({ id: management!.id!, roleName: "manage-clients" });
  await kc.users.addClientRoleMappings({
    id: bossUser!.id!,
    clientUniqueId: management!.id!,
    roles: [{ id: manageClients!.id!, name: "manage-clients" }],
  });
  const { id: groupId } = await kc.groups.create({ name: "ops" });
  await kc.users.addToGroup({ id: bossUser!.id!, groupId });
  boss = new KcAdminClient({ baseUrl, realmName: REALM });
  boss.setAccessToken(await adminToken(baseUrl, REALM, "boss", "pw"));
});
after(() => dispose?.());

describe("conditions on the client", () => {
  test("client-roles matches a client that defines one of the roles, at sign-in and at the password grant", async () => {
    await enforcePolicy(kc, PKCE_REQUIRED, [{ condition: "client-roles", configuration: { roles: ["special"] } }]);
    assert.equal(await authorizationError("gold"), "Missing parameter: code_challenge_method");
    assert.equal(await authorizationError("plain"), null);
    await enforcePolicy(kc, REJECT_ROPC, [{ condition: "client-roles", configuration: { roles: ["special"] } }]);
    assert.equal(await passwordGrant("gold"), 400);
    assert.equal(await passwordGrant("plain"), 200);
  });

  test("client-scopes Optional matches a request asking for one of the client's optional scopes", async () => {
    const optional = [{ condition: "client-scopes", configuration: { type: "Optional", scopes: ["custom"] } }];
    await enforcePolicy(kc, PKCE_REQUIRED, optional);
    assert.equal(await authorizationError("gold", "openid custom"), "Missing parameter: code_challenge_method");
    assert.equal(await authorizationError("gold"), null);
  });

  test("client-scopes Default matches a client with one of the scopes as a default scope", async () => {
    const byDefault = [{ condition: "client-scopes", configuration: { type: "Default", scopes: ["profile"] } }];
    await enforcePolicy(kc, PKCE_REQUIRED, byDefault);
    assert.equal(await authorizationError("plain"), "Missing parameter: code_challenge_method");
    const notDefault = [{ condition: "client-scopes", configuration: { type: "Default", scopes: ["custom"] } }];
    await enforcePolicy(kc, PKCE_REQUIRED, notDefault);
    assert.equal(await authorizationError("gold", "openid custom"), null);
  });

  test("client-attributes matches a client holding the attribute with that value", async () => {
    const attributes = JSON.stringify([{ key: "tier", value: "gold" }]);
    await enforcePolicy(kc, REJECT_ROPC, [{ condition: "client-attributes", configuration: { attributes } }]);
    assert.equal(await passwordGrant("gold"), 400);
    assert.equal(await passwordGrant("plain"), 200);
  });
});

describe("conditions on who registers or updates the client", () => {
  test("client-updater-source-roles matches an administrator holding one of the roles", async () => {
    const roles = (names: string[]) => [{ condition: "client-updater-source-roles", configuration: { roles: names } }];
    assert.equal(await createdWithConsent(boss, "r1", roles(["realm-management.manage-clients"])), true);
    assert.equal(await createdWithConsent(boss, "r2", roles(["realm-management.view-users"])), false);
    assert.equal(await createdWithConsent(kc, "r3", roles(["realm-management.manage-clients"])), false);
  });

  test("client-updater-source-groups matches an administrator in one of the groups", async () => {
    const groups = (names: string[]) => [
      { condition: "client-updater-source-groups", configuration: { groups: names } },
    ];
    assert.equal(await createdWithConsent(boss, "g1", groups(["ops"])), true);
    assert.equal(await createdWithConsent(boss, "g2", groups(["other"])), false);
    assert.equal(await createdWithConsent(kc, "g3", groups(["ops"])), false);
  });

  test("client-updater-source-host matches a request from one of the trusted hosts", async () => {
    const hosts = (names: string[]) => [
      { condition: "client-updater-source-host", configuration: { "trusted-hosts": names } },
    ];
    assert.equal(await createdWithConsent(kc, "h1", hosts(["127.0.0.1"])), true);
    assert.equal(await createdWithConsent(kc, "h2", hosts(["192.0.2.77"])), false);
  });
});

describe("conditions on the request", () => {
  test("acr-condition matches an authorization request asking for the ACR, or a client whose default it is", async () => {
    await enforcePolicy(kc, PKCE_REQUIRED, [{ condition: "acr-condition", configuration: { "acr-property": "gold" } }]);
    const missingPkce = "Missing parameter: code_challenge_method";
    assert.equal(await authorizationError("plain", "openid", { acr_values: "silver gold" }), missingPkce);
    const claims = JSON.stringify({ id_token: { acr: { essential: true, values: ["gold"] } } });
    assert.equal(await authorizationError("plain", "openid", { claims }), missingPkce);
    assert.equal(await authorizationError("plain", "openid", { acr_values: "silver" }), null);
    assert.equal(await authorizationError("plain"), null);
    // A client's default ACR values must be in the ACR-LoA mapping (Keycloak validates them).
    await kc.realms.update({ realm: REALM }, { attributes: { "acr.loa.map": JSON.stringify({ silver: 1, gold: 2 }) } });
    await kc.clients.create({
      clientId: "gold-by-default",
      redirectUris: [`${REDIRECT}*`],
      attributes: { "default.acr.values": "gold" },
    });
    assert.equal(await authorizationError("gold-by-default"), missingPkce);
    assert.equal(await authorizationError("gold-by-default", "openid", { acr_values: "silver" }), null);
  });

  test("acr-condition: a minimum ACR that is a browser-flow level drops lower requested levels and stands in", async () => {
    const missingPkce = "Missing parameter: code_challenge_method";
    await kc.clients.create({
      clientId: "at-least-1",
      redirectUris: [`${REDIRECT}*`],
      attributes: { "minimum.acr.value": "1" },
    });
    await enforcePolicy(kc, PKCE_REQUIRED, [{ condition: "acr-condition", configuration: { "acr-property": "1" } }]);
    assert.equal(await authorizationError("at-least-1", "openid", { acr_values: "0" }), missingPkce);
    await enforcePolicy(kc, PKCE_REQUIRED, [{ condition: "acr-condition", configuration: { "acr-property": "0" } }]);
    assert.equal(await authorizationError("at-least-1", "openid", { acr_values: "0" }), null);
  });

  test("identity-provider-alias abstains outside identity brokering: with any-client the policy still applies", async () => {
    const alias = { condition: "identity-provider-alias", configuration: { identity_provider_aliases: ["partner"] } };
    await enforcePolicy(kc, REJECT_ROPC, [alias, { condition: "any-client" }]);
    assert.equal(await passwordGrant("plain"), 400);
    await enforcePolicy(kc, REJECT_ROPC, [alias]);
    assert.equal(await passwordGrant("plain"), 200);
  });
});
