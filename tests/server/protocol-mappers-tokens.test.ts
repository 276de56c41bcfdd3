import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { decodeJwt } from "jose";
import type { TestServer } from "../support/server.ts";
import {
  type Api,
  createClient,
  createClientScope,
  createRealm,
  createUser,
  idFromLocation,
  json,
  startAdminServer,
} from "../support/admin-api.ts";

const REALM = "mappers";
const R = `/admin/realms/${REALM}`;
const SECRET = "app-secret";

type Claims = Record<string, unknown>;

/** A mapper config with only the named token switches on. */
function switches(...kinds: ("access" | "id" | "userinfo" | "introspection")[]): Record<string, string> {
  return {
    "access.token.claim": String(kinds.includes("access")),
    "id.token.claim": String(kinds.includes("id")),
    "userinfo.token.claim": String(kinds.includes("userinfo")),
    "introspection.token.claim": String(kinds.includes("introspection")),
  };
}

describe("protocol mappers shape the tokens", () => {
  let server: TestServer;
  let api: Api;
  let clientId: string;
  let userId: string;

  const tokenUrl = () => `${server.baseUrl}/realms/${REALM}/protocol/openid-connect/token`;

  const signIn = async (scope = "openid"): Promise<{ access: Claims; id: Claims; raw: Record<string, string> }> => {
    const res = await fetch(tokenUrl(), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "password",
        client_id: "app",
        client_secret: SECRET,
        username: "mia",
        password: "pw-mia-1",
        scope,
      }),
    });
    const raw = await json<Record<string, string>>(res);
    return { access: decodeJwt(raw.access_token!), id: decodeJwt(raw.id_token!), raw };
  };

  const addMapper = async (name: string, protocolMapper: string, config: Record<string, string>) => {
    const res = await api(`${R}/clients/${clientId}/protocol-mappers/models`, {
      method: "POST",
      body: { name, protocol: "openid-connect", protocolMapper, config },
    });
    assert.equal(res.status, 201, await res.text());
  };

  before(async () => {
    ({ server, api } = await startAdminServer());
    await createRealm(api, REALM);
    // Keycloak 26 keeps attributes outside the user profile only when unmanaged attributes are enabled
    const profile = await json<Claims>(await api(`${R}/users/profile`));
    await json(
      await api(`${R}/users/profile`, { method: "PUT", body: { ...profile, unmanagedAttributePolicy: "ENABLED" } }),
    );
    clientId = await createClient(api, REALM, {
      clientId: "app",
      secret: SECRET,
      directAccessGrantsEnabled: true,
      redirectUris: ["http://127.0.0.1/*"],
      // app introspects its own tokens, whose audience it is not in
      attributes: { "allow.token.introspection.without.audience.check": "true" },
    });
    await createClient(api, REALM, { clientId: "orders-api", bearerOnly: true });
    const parent = idFromLocation(await api(`${R}/groups`, { method: "POST", body: { name: "Staff" } }));
    await api(`${R}/groups/${parent}/children`, { method: "POST", body: { name: "Nurses" } });
    userId = await createUser(api, REALM, "mia", {
      email: "mia@example.com",
      firstName: "Mia",
      lastName: "Moss",
      emailVerified: true,
      attributes: { department: ["cardiology"] },
      groups: ["/Staff/Nurses"],
      credentials: [{ type: "password", value: "pw-mia-1", temporary: false }],
    });
  });
  after(async () => server?.dispose());

  it("a fresh sign-in carries the default scopes' claims", async () => {
    const { access, id } = await signIn();
    assert.equal(access.sub, userId);
    assert.equal(access.preferred_username, "mia");
    assert.equal(access.email, "mia@example.com");
    assert.equal(access.email_verified, true);
    assert.equal(access.name, "Mia Moss");
    assert.equal(access.acr, "1");
    assert.equal(typeof access.auth_time, "number");
    assert.ok((access.realm_access as { roles: string[] }).roles.includes("default-roles-mappers"));
    assert.equal(id.aud, "app");
    assert.equal(id.given_name, "Mia");
  });

  it("a user attribute mapper on the dedicated scope adds its claim to a real token and the evaluate tab", async () => {
    await addMapper("department", "oidc-usermodel-attribute-mapper", {
      "user.attribute": "department",
      "claim.name": "org.department",
      "jsonType.label": "String",
      ...switches("access", "id", "userinfo", "introspection"),
    });
    const { access } = await signIn();
    assert.deepEqual(access.org, { department: "cardiology" });
    const example = await json<Claims>(
      await api(`${R}/clients/${clientId}/evaluate-scopes/generate-example-access-token?scope=openid&userId=${userId}`),
    );
    assert.deepEqual(example.org, { department: "cardiology" });
    const evaluated = await json<{ mapperName: string; containerType: string }[]>(
      await api(`${R}/clients/${clientId}/evaluate-scopes/protocol-mappers?scope=openid`),
    );
    assert.ok(evaluated.some((m) => m.mapperName === "department" && m.containerType === "client"));
  });

  it("a hardcoded claim follows its JSON type and an escaped dot stays in the name", async () => {
    await addMapper("tier", "oidc-hardcoded-claim-mapper", {
      "claim.name": "tier\\.level",
      "claim.value": "42",
      "jsonType.label": "long",
      ...switches("access"),
    });
    const { access } = await signIn();
    assert.equal(access["tier.level"], 42);
  });

  it("an ID-token-only mapper stays out of the access token", async () => {
    await addMapper("id only", "oidc-hardcoded-claim-mapper", {
      "claim.name": "only_in_id",
      "claim.value": "yes",
      "jsonType.label": "String",
      ...switches("id"),
    });
    const { access, id } = await signIn();
    assert.equal(id.only_in_id, "yes");
    assert.equal(access.only_in_id, undefined);
    const exampleId = await json<Claims>(
      await api(`${R}/clients/${clientId}/evaluate-scopes/generate-example-id-token?scope=openid&userId=${userId}`),
    );
    assert.equal(exampleId.only_in_id, "yes");
  });

  it("userinfo answers only the mappers with userinfo on", async () => {
    await addMapper("in userinfo", "oidc-hardcoded-claim-mapper", {
      "claim.name": "ui_yes",
      "claim.value": "1",
      ...switches("access", "userinfo"),
    });
    await addMapper("not in userinfo", "oidc-hardcoded-claim-mapper", {
      "claim.name": "ui_no",
      "claim.value": "1",
      ...switches("access", "id"),
    });
    const { raw } = await signIn();
    const userinfo = await json<Claims>(
      await fetch(`${server.baseUrl}/realms/${REALM}/protocol/openid-connect/userinfo`, {
        headers: { authorization: `Bearer ${raw.access_token}` },
      }),
    );
    assert.equal(userinfo.sub, userId);
    assert.equal(userinfo.ui_yes, "1");
    assert.equal(userinfo.ui_no, undefined);
    assert.equal(userinfo.email, "mia@example.com");
    const example = await json<Claims>(
      await api(`${R}/clients/${clientId}/evaluate-scopes/generate-example-userinfo?scope=openid&userId=${userId}`),
    );
    assert.equal(example.ui_yes, "1");
    assert.equal(example.ui_no, undefined);
  });

  it("introspection answers only the mappers with introspection on", async () => {
    await addMapper("introspection only", "oidc-hardcoded-claim-mapper", {
      "claim.name": "in_introspection",
      "claim.value": "1",
      ...switches("introspection"),
    });
    await addMapper("access only", "oidc-hardcoded-claim-mapper", {
      "claim.name": "not_in_introspection",
      "claim.value": "1",
      ...switches("access"),
    });
    const { raw, access } = await signIn();
    assert.equal(access.in_introspection, undefined);
    assert.equal(access.not_in_introspection, "1");
    const answer = await json<Claims>(
      await fetch(`${tokenUrl()}/introspect`, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          authorization: `Basic ${Buffer.from(`app:${SECRET}`).toString("base64")}`,
        },
        body: new URLSearchParams({ token: raw.access_token! }),
      }),
    );
    assert.equal(answer.active, true);
    assert.equal(answer.in_introspection, "1");
    assert.equal(answer.not_in_introspection, undefined);
    assert.equal(answer.preferred_username, "mia");
    assert.equal(answer.sub, userId);
  });

  it("an optional client scope's mapper applies only when the scope is requested", async () => {
    const scopeId = await createClientScope(api, REALM, {
      name: "ward",
      attributes: { "include.in.token.scope": "true" },
    });
    const mapper = await api(`${R}/client-scopes/${scopeId}/protocol-mappers/models`, {
      method: "POST",
      body: {
        name: "ward",
        protocol: "openid-connect",
        protocolMapper: "oidc-hardcoded-claim-mapper",
        config: { "claim.name": "ward", "claim.value": "B2", ...switches("access", "id") },
      },
    });
    assert.equal(mapper.status, 201);
    const linked = await api(`${R}/clients/${clientId}/optional-client-scopes/${scopeId}`, { method: "PUT" });
    assert.equal(linked.status, 204);
    assert.equal((await signIn()).access.ward, undefined);
    const requested = await signIn("openid ward");
    assert.equal(requested.access.ward, "B2");
    assert.match(requested.access.scope as string, /\bward\b/);
    const example = await json<Claims>(
      await api(
        `${R}/clients/${clientId}/evaluate-scopes/generate-example-access-token?scope=openid%20ward&userId=${userId}`,
      ),
    );
    assert.equal(example.ward, "B2");
  });

  it("group membership lists full paths when full.path is on, names otherwise", async () => {
    await addMapper("groups full", "oidc-group-membership-mapper", {
      "claim.name": "groups_full",
      "full.path": "true",
      ...switches("access"),
    });
    await addMapper("groups short", "oidc-group-membership-mapper", {
      "claim.name": "groups_short",
      "full.path": "false",
      ...switches("access"),
    });
    const { access } = await signIn();
    assert.deepEqual(access.groups_full, ["/Staff/Nurses"]);
    assert.deepEqual(access.groups_short, ["Nurses"]);
  });

  it("an audience mapper adds the client to aud", async () => {
    // the roles scope's audience resolve mapper: the user's account client roles make `account` an audience
    assert.equal((await signIn()).access.aud, "account");
    await addMapper("orders audience", "oidc-audience-mapper", {
      "included.client.audience": "orders-api",
      ...switches("access"),
    });
    await addMapper("custom audience", "oidc-audience-mapper", {
      "included.custom.audience": "https://billing.example",
      ...switches("access"),
    });
    const { access, id } = await signIn();
    assert.deepEqual([...(access.aud as string[])].sort(), ["account", "https://billing.example", "orders-api"]);
    assert.equal(id.aud, "app");
  });

  it("a hardcoded role and a renamed role reach realm_access", async () => {
    await addMapper("hardcoded role", "oidc-hardcoded-role-mapper", { role: "orders-api.reader" });
    await addMapper("rename", "oidc-role-name-mapper", { role: "uma_authorization", "new.role.name": "uma" });
    await addMapper("prefixed roles", "oidc-usermodel-realm-role-mapper", {
      "claim.name": "app_roles",
      "usermodel.realmRoleMapping.rolePrefix": "realm:",
      multivalued: "true",
      ...switches("access"),
    });
    const { access } = await signIn();
    const roles = (access.realm_access as { roles: string[] }).roles;
    assert.ok(roles.includes("uma"));
    assert.ok(!roles.includes("uma_authorization"));
    assert.ok((access.app_roles as string[]).includes("realm:uma"));
    const resourceAccess = access.resource_access as Record<string, { roles: string[] }>;
    assert.deepEqual(resourceAccess["orders-api"], { roles: ["reader"] });
  });
});
