import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import KcAdminClient from "@keycloak/keycloak-admin-client";
import { realmOnTarget } from "../support/admin-client.ts";

// Dynamic client registration (clients-registrations): runs against the embedded server; with KC_TARGET=keycloak and
// KC_REAL_URL against that real Keycloak. The registration endpoints are called with fetch (the admin client has no
// call for them); initial access tokens and registration policies through @keycloak/keycloak-admin-client.
const REALM = "client-registration";
const POLICY_TYPE = "org.keycloak.services.clientregistration.policy.ClientRegistrationPolicy";

type Answer = { status: number; body: Record<string, unknown> };

describe("dynamic client registration", () => {
  let dispose: (() => Promise<void>) | undefined;
  let kc: KcAdminClient;
  let base = "";
  const endpoint = (provider: string) => `${base}/realms/${REALM}/clients-registrations/${provider}`;

  async function send(method: string, url: string, token?: string, body?: unknown): Promise<Answer> {
    const res = await fetch(url, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  }
  const initialAccessToken = async (count = 1, expiration = 0) =>
    (await kc.realms.createClientsInitialAccess({ realm: REALM }, { count, expiration })).token!;

  before(async () => {
    ({ kc, dispose } = await realmOnTarget(REALM));
    base = kc.baseUrl;
    await kc.realms.update({ realm: REALM }, { eventsEnabled: true });
  });
  after(async () => dispose?.());

  it("lists the OpenID Connect endpoint in discovery", async () => {
    const res = await fetch(`${base}/realms/${REALM}/.well-known/openid-configuration`);
    const metadata = (await res.json()) as { registration_endpoint: string };
    assert.equal(metadata.registration_endpoint, endpoint("openid-connect"));
  });

  it("refuses an anonymous registration from an untrusted host, and a bad token", async () => {
    const anonymous = await send("POST", endpoint("openid-connect"), undefined, { client_name: "anon" });
    assert.equal(anonymous.status, 403);
    assert.equal(anonymous.body.error, "insufficient_scope");
    assert.equal(
      anonymous.body.error_description,
      "Policy 'Trusted Hosts' rejected request to client-registration service. Details: Host not trusted.",
    );
    const events = await kc.realms.findEvents({ realm: REALM, type: "CLIENT_REGISTER_ERROR" as never });
    assert.deepEqual(
      events.map((event) => [event.error, event.details]),
      [["not_allowed", { client_registration_policy: "Trusted Hosts" }]],
    );
    const forged = await send("POST", endpoint("openid-connect"), "not.a.token", { client_name: "x" });
    assert.deepEqual(forged, {
      status: 401,
      body: { error: "invalid_token", error_description: "Failed decode token" },
    });
  });

  it("registers with an initial access token, reads, updates with a rotated token and deletes", async () => {
    const iat = await initialAccessToken(1);
    const created = await send("POST", endpoint("openid-connect"), iat, {
      client_name: "Registered app",
      redirect_uris: ["http://localhost:8080/cb"],
    });
    assert.equal(created.status, 201);
    const clientId = created.body.client_id as string;
    assert.ok(clientId);
    assert.equal(created.body.client_name, "Registered app");
    assert.equal(created.body.token_endpoint_auth_method, "client_secret_basic");
    assert.ok(created.body.client_secret);
    assert.equal(created.body.registration_client_uri, `${endpoint("openid-connect")}/${clientId}`);
    const [access] = await kc.realms.getClientsInitialAccess({ realm: REALM });
    assert.equal(access?.remainingCount, 0);
    const again = await send("POST", endpoint("openid-connect"), iat, { client_name: "second" });
    assert.deepEqual(again.body, {
      error: "invalid_token",
      error_description: "No remaining count on initial access token",
    });

    const [client] = await kc.clients.find({ clientId });
    assert.equal(client?.name, "Registered app");

    const token = created.body.registration_access_token as string;
    const read = await send("GET", `${endpoint("openid-connect")}/${clientId}`, token);
    assert.equal(read.status, 200);
    assert.equal(read.body.registration_access_token, token);
    assert.deepEqual(read.body.redirect_uris, ["http://localhost:8080/cb"]);

    const updated = await send("PUT", `${endpoint("openid-connect")}/${clientId}`, token, {
      client_id: clientId,
      client_name: "Renamed app",
      redirect_uris: ["http://localhost:8080/other"],
    });
    assert.equal(updated.status, 200);
    assert.equal(updated.body.client_name, "Renamed app");
    const rotated = updated.body.registration_access_token as string;
    assert.notEqual(rotated, token);
    const stale = await send("GET", `${endpoint("openid-connect")}/${clientId}`, token);
    assert.equal(stale.status, 401);

    const removed = await send("DELETE", `${endpoint("openid-connect")}/${clientId}`, rotated);
    assert.equal(removed.status, 204);
    assert.deepEqual(await kc.clients.find({ clientId }), []);
    const types = (await kc.realms.findEvents({ realm: REALM })).map((event) => event.type);
    for (const type of ["CLIENT_REGISTER", "CLIENT_UPDATE", "CLIENT_DELETE", "CLIENT_REGISTER_ERROR"])
      assert.ok(types.includes(type as never), `${type} in ${types.join()}`);
  });

  it("refuses a client_id in the metadata and unreadable bodies without a 500", async () => {
    const iat = await initialAccessToken(1);
    const named = await send("POST", endpoint("openid-connect"), iat, { client_id: "mine" });
    assert.deepEqual(named.body, { error: "invalid_client_metadata", error_description: "Client Identifier included" });
    for (const body of ["[1]", '{"redirect_uris": 5}', '{"client_name": {}}', "nope{"]) {
      const answer = await send("POST", endpoint("openid-connect"), iat, body);
      assert.equal(answer.status, 400, body);
    }
  });

  it("registers a ClientRepresentation at the default endpoint, under the authenticated policies", async () => {
    const iat = await initialAccessToken(2);
    const created = await send("POST", endpoint("default"), iat, {
      clientId: "native-app",
      redirectUris: ["http://localhost/x"],
    });
    assert.equal(created.status, 201);
    assert.equal(created.body.clientId, "native-app");
    assert.ok(created.body.registrationAccessToken);
    const token = created.body.registrationAccessToken as string;
    const updated = await send("PUT", `${endpoint("default")}/native-app`, token, {
      clientId: "native-app",
      description: "hello",
    });
    assert.equal(updated.status, 200);
    assert.equal(updated.body.description, "hello");

    const mappers = await send("POST", endpoint("default"), iat, {
      clientId: "mapper-app",
      protocolMappers: [{ name: "h", protocol: "openid-connect", protocolMapper: "oidc-hardcoded-claim-mapper" }],
    });
    assert.equal(mappers.status, 403);
    assert.equal(
      mappers.body.error_description,
      "Policy 'Allowed Protocol Mapper Types' rejected request to client-registration service. Details: ProtocolMapper type not allowed",
    );
  });

  it("lets a user with manage-clients register, and refuses a user without it", async () => {
    const userToken = async (username: string, roles: string[]) => {
      const { id } = await kc.users.create({
        username,
        enabled: true,
        email: `${username}@example.com`,
        emailVerified: true,
        firstName: username,
        lastName: "User",
        credentials: [{ type: "password", value: username, temporary: false }],
      });
      if (roles.length) {
        const [management] = await kc.clients.find({ clientId: "realm-management" });
        const available = await kc.clients.listRoles({ id: management!.id! });
        await kc.users.addClientRoleMappings({
          id,
          clientUniqueId: management!.id!,
          roles: available.filter((r) => roles.includes(r.name!)).map((r) => ({ id: r.id!, name: r.name! })),
        });
      }
      const res = await fetch(`${base}/realms/${REALM}/protocol/openid-connect/token`, {
        method: "POST",
        body: new URLSearchParams({ grant_type: "password", client_id: "admin-cli", username, password: username }),
      });
      return ((await res.json()) as { access_token: string }).access_token;
    };
    const manager = await userToken("client-manager", ["manage-clients"]);
    const created = await send("POST", endpoint("default"), manager, { clientId: "by-manager" });
    assert.equal(created.status, 201);
    assert.equal(created.body.clientId, "by-manager");
    const read = await send("GET", `${endpoint("default")}/by-manager`, manager);
    assert.equal(read.status, 200);
    const missing = await send("GET", `${endpoint("default")}/no-such-client`, manager);
    assert.deepEqual([missing.status, missing.body.error], [404, "invalid_request"]);
    const nobody = await userToken("plain-user", []);
    const refused = await send("POST", endpoint("default"), nobody, { clientId: "by-nobody" });
    assert.deepEqual(refused, { status: 403, body: { error: "insufficient_scope", error_description: "Forbidden" } });
  });

  it("applies the anonymous policies once the caller's host is trusted", async () => {
    const policies = await kc.components.find({ type: POLICY_TYPE });
    const trusted = policies.find((p) => p.providerId === "trusted-hosts" && p.subType === "anonymous")!;
    await kc.components.update(
      { id: trusted.id! },
      { ...trusted, config: { ...trusted.config, "trusted-hosts": ["localhost", "127.0.0.1"] } },
    );
    const outside = await send("POST", endpoint("openid-connect"), undefined, {
      redirect_uris: ["https://evil.example/cb"],
    });
    assert.equal(outside.status, 403);
    assert.equal(
      outside.body.error_description,
      "Policy 'Trusted Hosts' rejected request to client-registration service. Details: URI doesn't match any trusted host or trusted domain",
    );
    const created = await send("POST", endpoint("openid-connect"), undefined, {
      redirect_uris: ["http://localhost/cb"],
    });
    assert.equal(created.status, 201);
    const clientId = created.body.client_id as string;
    const [client] = await kc.clients.find({ clientId });
    assert.equal(client?.consentRequired, true);
    assert.equal(client?.fullScopeAllowed, false);
    const token = created.body.registration_access_token as string;
    const widened = await send("PUT", `${endpoint("default")}/${clientId}`, token, {
      clientId,
      fullScopeAllowed: true,
    });
    assert.equal(widened.status, 403);
    assert.equal(
      widened.body.error_description,
      "Policy 'Full Scope Disabled' rejected request to client-registration service. Details: Not permitted to enable fullScopeAllowed",
    );
  });

  it("refuses a client with a bad redirect URI or unknown default ACR values, as the admin API validates it", async () => {
    const token = await initialAccessToken(4);
    const badRedirect = await send("POST", endpoint("openid-connect"), token, {
      redirect_uris: ["javascript:alert(1)"],
    });
    const badAcr = await send("POST", endpoint("openid-connect"), token, {
      redirect_uris: ["https://app.example.org/cb"],
      default_acr_values: ["gold"],
    });
    const both = await send("POST", endpoint("default"), token, {
      redirectUris: ["https://app.example.org/cb#x"],
      attributes: { "minimum.acr.value": "gold" },
    });
    assert.deepEqual(
      { badRedirect, badAcr, both },
      {
        badRedirect: {
          status: 400,
          body: { error: "invalid_redirect_uri", error_description: "A redirect URI uses an illegal scheme" },
        },
        badAcr: {
          status: 400,
          body: {
            error: "invalid_client_metadata",
            error_description:
              "Default ACR values need to contain values specified in the ACR-To-Loa mapping or number levels from set realm browser flow",
          },
        },
        both: {
          status: 400,
          body: {
            error: "invalid_redirect_uri",
            error_description:
              "A redirect URI must not contain an URL fragment; Minimum ACR value needs to be value specified in the ACR-To-Loa mapping or number level from set realm browser flow",
          },
        },
      },
    );
    const levelOne = await send("POST", endpoint("openid-connect"), token, {
      redirect_uris: ["https://app.example.org/cb"],
      default_acr_values: ["1"],
    });
    assert.equal(levelOne.status, 201, "level 1 of the browser flow");
    assert.deepEqual(levelOne.body.default_acr_values, ["1"]);
    const [stored] = await kc.clients.find({ clientId: levelOne.body.client_id as string });
    assert.equal(stored?.attributes?.["default.acr.values"], "1");
  });
});
