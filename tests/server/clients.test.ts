import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { X509Certificate } from "node:crypto";
import type { TestServer } from "../support/server.ts";
import {
  type Api,
  createClient,
  createClientScope,
  idFromLocation,
  masterAdmin,
  startAdminServer,
} from "../support/admin-api.ts";

const R = "/admin/realms/master";

describe("clients admin API", () => {
  let server: TestServer;
  let api: Api;

  before(async () => {
    ({ server, api } = await startAdminServer());
  });
  after(async () => server?.dispose());

  describe("create and read", () => {
    it("answers 201 with the new uuid in Location and fills Keycloak's defaults", async () => {
      const res = await api(`${R}/clients`, { method: "POST", body: { clientId: "defaults-app" } });
      assert.equal(res.status, 201);
      assert.equal(await res.text(), "");
      const location = res.headers.get("location")!;
      assert.match(location, new RegExp(`^${server.baseUrl}/admin/realms/master/clients/[0-9a-f-]{36}$`));
      const client = await (await api(`${R}/clients/${idFromLocation(res)}`)).json();
      assert.equal(client.id, idFromLocation(res));
      assert.equal(client.clientId, "defaults-app");
      assert.equal(client.protocol, "openid-connect");
      assert.equal(client.enabled, true);
      assert.equal(client.standardFlowEnabled, true);
      assert.equal(client.implicitFlowEnabled, false);
      assert.equal(client.directAccessGrantsEnabled, false);
      assert.equal(client.publicClient, false);
      assert.equal(client.fullScopeAllowed, true);
      assert.equal(client.clientAuthenticatorType, "client-secret");
      assert.match(client.secret, /^[A-Za-z0-9]{32}$/);
      assert.deepEqual(client.redirectUris, []);
      assert.deepEqual(client.access, { view: true, configure: true, manage: true });
      assert.equal(client.protocolMappers, undefined);
      for (const name of ["profile", "email", "roles", "web-origins", "acr", "basic"])
        assert.ok(client.defaultClientScopes.includes(name), name);
      assert.ok(!client.defaultClientScopes.includes("role_list"), "SAML scopes are not given to OIDC clients");
      for (const name of ["offline_access", "address", "phone", "microprofile-jwt"])
        assert.ok(client.optionalClientScopes.includes(name), name);
    });

    it("keeps given scopes, mappers and attributes, and no secret for public clients", async () => {
      const id = await createClient(api, "master", {
        clientId: "spa",
        publicClient: true,
        redirectUris: ["http://localhost/*"],
        attributes: { "pkce.code.challenge.method": "S256" },
        defaultClientScopes: ["profile", "no-such-scope"],
        optionalClientScopes: [],
        protocolMappers: [
          {
            name: "aud",
            protocol: "openid-connect",
            protocolMapper: "oidc-audience-mapper",
            config: { "included.client.audience": "spa" },
          },
        ],
      });
      const client = await (await api(`${R}/clients/${id}`)).json();
      assert.equal(client.secret, undefined);
      assert.deepEqual(client.defaultClientScopes, ["profile"]);
      assert.deepEqual(client.optionalClientScopes, []);
      assert.equal(client.attributes["pkce.code.challenge.method"], "S256");
      assert.equal(client.protocolMappers.length, 1);
      assert.equal(client.protocolMappers[0].name, "aud");
      assert.ok(client.protocolMappers[0].id);
    });

    it("rejects a duplicate clientId with 409 and a missing one with 400", async () => {
      await createClient(api, "master", { clientId: "dup-app" });
      const dup = await api(`${R}/clients`, { method: "POST", body: { clientId: "dup-app" } });
      assert.equal(dup.status, 409);
      assert.deepEqual(await dup.json(), { errorMessage: "Client dup-app already exists" });
      const missing = await api(`${R}/clients`, { method: "POST", body: { name: "no id" } });
      assert.equal(missing.status, 400);
    });

    it("answers 404 for an unknown client and 401 without a token", async () => {
      assert.equal((await api(`${R}/clients/00000000-0000-0000-0000-000000000000`)).status, 404);
      assert.equal((await fetch(`${server.baseUrl}${R}/clients`)).status, 401);
    });
  });

  describe("list", () => {
    before(async () => {
      for (const clientId of ["list-c", "list-a", "list-b"]) await createClient(api, "master", { clientId });
    });

    it("orders by clientId and pages with first/max", async () => {
      const all = (await (await api(`${R}/clients`)).json()) as { clientId: string }[];
      const ids = all.map((c) => c.clientId);
      assert.deepEqual(ids, [...ids].sort());
      const pageOf = (await (await api(`${R}/clients?first=1&max=2`)).json()) as { clientId: string }[];
      assert.deepEqual(
        pageOf.map((c) => c.clientId),
        ids.slice(1, 3),
      );
    });

    it("finds one clientId exactly, or by substring with search=true", async () => {
      const exact = (await (await api(`${R}/clients?clientId=list-a`)).json()) as { clientId: string }[];
      assert.deepEqual(
        exact.map((c) => c.clientId),
        ["list-a"],
      );
      assert.deepEqual(await (await api(`${R}/clients?clientId=list`)).json(), []);
      const found = (await (await api(`${R}/clients?clientId=LIST-&search=true`)).json()) as { clientId: string }[];
      assert.deepEqual(
        found.map((c) => c.clientId),
        ["list-a", "list-b", "list-c"],
      );
      const paged = (await (await api(`${R}/clients?clientId=list-&search=true&first=2&max=5`)).json()) as {
        clientId: string;
      }[];
      assert.deepEqual(
        paged.map((c) => c.clientId),
        ["list-c"],
      );
    });

    it("searches attributes with q", async () => {
      const id = await createClient(api, "master", { clientId: "tagged", attributes: { team: "blue" } });
      const found = (await (await api(`${R}/clients?q=team:blue`)).json()) as { id: string }[];
      assert.deepEqual(
        found.map((c) => c.id),
        [id],
      );
    });
  });

  describe("update and delete", () => {
    it("updates only the fields sent and merges attributes", async () => {
      const id = await createClient(api, "master", {
        clientId: "upd-app",
        name: "Before",
        attributes: { a: "1", b: "2" },
      });
      const res = await api(`${R}/clients/${id}`, {
        method: "PUT",
        body: { name: "After", attributes: { b: "3", c: "4" }, directAccessGrantsEnabled: true },
      });
      assert.equal(res.status, 204);
      const client = await (await api(`${R}/clients/${id}`)).json();
      assert.equal(client.name, "After");
      assert.equal(client.clientId, "upd-app");
      assert.equal(client.directAccessGrantsEnabled, true);
      assert.equal(client.standardFlowEnabled, true);
      assert.equal(client.attributes.a, "1");
      assert.equal(client.attributes.b, "3");
      assert.equal(client.attributes.c, "4");
    });

    it("refuses renaming to a clientId in use", async () => {
      const id = await createClient(api, "master", { clientId: "rename-me" });
      await createClient(api, "master", { clientId: "taken-name" });
      const res = await api(`${R}/clients/${id}`, { method: "PUT", body: { clientId: "taken-name" } });
      assert.equal(res.status, 409);
      assert.equal((await api(`${R}/clients/${id}`, { method: "PUT", body: { clientId: "renamed" } })).status, 204);
      assert.equal((await (await api(`${R}/clients/${id}`)).json()).clientId, "renamed");
    });

    it("deletes the client, its roles and its service account", async () => {
      const id = await createClient(api, "master", { clientId: "doomed", serviceAccountsEnabled: true });
      assert.equal(
        (await api(`${R}/clients/${id}/roles`, { method: "POST", body: { name: "doomed-role" } })).status,
        201,
      );
      const user = await (await api(`${R}/clients/${id}/service-account-user`)).json();
      const role = await (await api(`${R}/clients/${id}/roles/doomed-role`)).json();
      assert.equal((await api(`${R}/clients/${id}`, { method: "DELETE" })).status, 204);
      assert.equal((await api(`${R}/clients/${id}`)).status, 404);
      assert.equal((await api(`${R}/clients/${id}`, { method: "DELETE" })).status, 404);
      assert.equal((await api(`${R}/users/${user.id}`)).status, 404);
      assert.equal((await api(`${R}/roles-by-id/${role.id}`)).status, 404);
    });
  });

  describe("secrets", () => {
    it("reads and regenerates the client secret; no rotated secret without a rotation policy", async () => {
      const id = await createClient(api, "master", { clientId: "secret-app" });
      const client = await (await api(`${R}/clients/${id}`)).json();
      const secret = await (await api(`${R}/clients/${id}/client-secret`)).json();
      assert.deepEqual(secret, { type: "secret", value: client.secret });
      const regenerated = await api(`${R}/clients/${id}/client-secret`, { method: "POST" });
      assert.equal(regenerated.status, 200);
      const fresh = await regenerated.json();
      assert.equal(fresh.type, "secret");
      assert.notEqual(fresh.value, client.secret);
      assert.equal((await (await api(`${R}/clients/${id}/client-secret`)).json()).value, fresh.value);
      assert.equal((await api(`${R}/clients/${id}/client-secret/rotated`)).status, 404);
      assert.equal((await api(`${R}/clients/${id}/client-secret/rotated`, { method: "DELETE" })).status, 204);
    });

    it("issues a registration access token", async () => {
      const id = await createClient(api, "master", { clientId: "rat-app" });
      const res = await api(`${R}/clients/${id}/registration-access-token`, { method: "POST" });
      assert.equal(res.status, 200);
      const rep = await res.json();
      assert.equal(rep.clientId, "rat-app");
      assert.ok(rep.registrationAccessToken);
    });
  });

  describe("service accounts", () => {
    it("creates service-account-{clientId} with the default role when enabled", async () => {
      const id = await createClient(api, "master", { clientId: "Robot", serviceAccountsEnabled: true });
      const res = await api(`${R}/clients/${id}/service-account-user`);
      assert.equal(res.status, 200);
      const user = await res.json();
      assert.equal(user.username, "service-account-robot");
      assert.equal(user.serviceAccountClientId, id);
      assert.equal(user.enabled, true);
      const realmRoles = (await (await api(`${R}/users/${user.id}/role-mappings/realm`)).json()) as { name: string }[];
      assert.ok(realmRoles.some((r) => r.name === "default-roles-master"));
      const client = await (await api(`${R}/clients/${id}`)).json();
      assert.ok(client.defaultClientScopes.includes("service_account"));
    });

    it("answers 400 when not enabled and follows PUT toggles", async () => {
      const id = await createClient(api, "master", { clientId: "toggler" });
      const res = await api(`${R}/clients/${id}/service-account-user`);
      assert.equal(res.status, 400);
      assert.equal((await res.json()).errorMessage, "Service account not enabled for the client 'toggler'");
      await api(`${R}/clients/${id}`, { method: "PUT", body: { serviceAccountsEnabled: true } });
      const user = await (await api(`${R}/clients/${id}/service-account-user`)).json();
      assert.equal(user.username, "service-account-toggler");
      await api(`${R}/clients/${id}`, { method: "PUT", body: { clientId: "toggler2" } });
      assert.equal(
        (await (await api(`${R}/clients/${id}/service-account-user`)).json()).username,
        "service-account-toggler2",
      );
      await api(`${R}/clients/${id}`, { method: "PUT", body: { serviceAccountsEnabled: false } });
      assert.equal((await api(`${R}/clients/${id}/service-account-user`)).status, 400);
      assert.equal((await api(`${R}/users/${user.id}`)).status, 404);
    });
  });

  describe("client scopes of a client", () => {
    it("adds and removes default and optional scopes", async () => {
      const id = await createClient(api, "master", {
        clientId: "scoped",
        defaultClientScopes: [],
        optionalClientScopes: [],
      });
      const scopeId = await createClientScope(api, "master", { name: "extra-scope" });
      assert.equal((await api(`${R}/clients/${id}/optional-client-scopes/${scopeId}`, { method: "PUT" })).status, 204);
      assert.deepEqual(await (await api(`${R}/clients/${id}/optional-client-scopes`)).json(), [
        { id: scopeId, name: "extra-scope" },
      ]);
      assert.deepEqual(await (await api(`${R}/clients/${id}/default-client-scopes`)).json(), []);
      assert.equal(
        (await api(`${R}/clients/${id}/optional-client-scopes/${scopeId}`, { method: "DELETE" })).status,
        204,
      );
      assert.deepEqual(await (await api(`${R}/clients/${id}/optional-client-scopes`)).json(), []);
      assert.equal((await api(`${R}/clients/${id}/default-client-scopes/${scopeId}`, { method: "PUT" })).status, 204);
      assert.deepEqual((await (await api(`${R}/clients/${id}`)).json()).defaultClientScopes, ["extra-scope"]);
      assert.equal((await api(`${R}/clients/${id}/default-client-scopes/nope`, { method: "PUT" })).status, 404);
    });
  });

  describe("protocol mappers", () => {
    it("creates, lists, updates and deletes mappers", async () => {
      const id = await createClient(api, "master", { clientId: "mapped" });
      const base = `${R}/clients/${id}/protocol-mappers`;
      const mapper = {
        name: "dept",
        protocol: "openid-connect",
        protocolMapper: "oidc-usermodel-attribute-mapper",
        config: { "claim.name": "dept" },
      };
      const res = await api(`${base}/models`, { method: "POST", body: mapper });
      assert.equal(res.status, 201);
      const mapperId = idFromLocation(res);
      assert.ok(res.headers.get("location")!.endsWith(`/clients/${id}/protocol-mappers/models/${mapperId}`));
      const dup = await api(`${base}/models`, { method: "POST", body: mapper });
      assert.equal(dup.status, 409);
      assert.deepEqual(await dup.json(), { errorMessage: "Protocol mapper exists with same name" });
      const read = await (await api(`${base}/models/${mapperId}`)).json();
      assert.deepEqual(read, { id: mapperId, ...mapper, consentRequired: false });
      assert.equal(
        (
          await api(`${base}/models/${mapperId}`, {
            method: "PUT",
            body: { ...read, config: { "claim.name": "department" } },
          })
        ).status,
        204,
      );
      assert.equal((await (await api(`${base}/models/${mapperId}`)).json()).config["claim.name"], "department");
      const added = await api(`${base}/add-models`, {
        method: "POST",
        body: [
          { name: "a", protocol: "openid-connect", protocolMapper: "oidc-hardcoded-claim-mapper", config: {} },
          { name: "b", protocol: "saml", protocolMapper: "saml-role-list-mapper", config: {} },
        ],
      });
      assert.equal(added.status, 204);
      assert.equal(((await (await api(`${base}/models`)).json()) as unknown[]).length, 3);
      const oidc = (await (await api(`${base}/protocol/openid-connect`)).json()) as { name: string }[];
      assert.deepEqual(oidc.map((m) => m.name).sort(), ["a", "dept"]);
      assert.equal((await api(`${base}/models/${mapperId}`, { method: "DELETE" })).status, 204);
      assert.equal((await api(`${base}/models/${mapperId}`)).status, 404);
      assert.equal((await api(`${base}/models`, { method: "POST", body: { protocol: "openid-connect" } })).status, 404);
    });
  });

  describe("scope mappings", () => {
    it("maps realm roles into a client's scope", async () => {
      const id = await createClient(api, "master", { clientId: "narrow", fullScopeAllowed: false });
      assert.equal((await api(`${R}/roles`, { method: "POST", body: { name: "scope-reader" } })).status, 201);
      const role = await (await api(`${R}/roles/scope-reader`)).json();
      const base = `${R}/clients/${id}/scope-mappings`;
      const available = (await (await api(`${base}/realm/available`)).json()) as { name: string }[];
      assert.ok(available.some((r) => r.name === "scope-reader"));
      assert.equal((await api(`${base}/realm`, { method: "POST", body: [role] })).status, 204);
      const mapped = (await (await api(`${base}/realm`)).json()) as { id: string; name: string }[];
      assert.deepEqual(
        mapped.map((r) => r.name),
        ["scope-reader"],
      );
      assert.ok(
        !((await (await api(`${base}/realm/available`)).json()) as { name: string }[]).some(
          (r) => r.name === "scope-reader",
        ),
      );
      assert.ok(
        ((await (await api(`${base}/realm/composite`)).json()) as { name: string }[]).some(
          (r) => r.name === "scope-reader",
        ),
      );
      const all = await (await api(base)).json();
      assert.deepEqual(
        all.realmMappings.map((r: { name: string }) => r.name),
        ["scope-reader"],
      );
      assert.equal((await api(`${base}/realm`, { method: "POST", body: [{ id: "missing" }] })).status, 404);
      assert.equal((await api(`${base}/realm`, { method: "DELETE", body: [role] })).status, 204);
      assert.deepEqual(await (await api(`${base}/realm`)).json(), []);
    });

    it("maps another client's roles and treats full scope as everything", async () => {
      const target = await createClient(api, "master", { clientId: "api-server" });
      assert.equal((await api(`${R}/clients/${target}/roles`, { method: "POST", body: { name: "read" } })).status, 201);
      const id = await createClient(api, "master", { clientId: "frontend", fullScopeAllowed: false });
      const base = `${R}/clients/${id}/scope-mappings/clients/${target}`;
      assert.deepEqual(
        ((await (await api(`${base}/available`)).json()) as { name: string }[]).map((r) => r.name),
        ["read"],
      );
      assert.equal((await api(base, { method: "POST", body: [{ name: "read" }] })).status, 204);
      assert.deepEqual(
        ((await (await api(base)).json()) as { name: string }[]).map((r) => r.name),
        ["read"],
      );
      const all = await (await api(`${R}/clients/${id}/scope-mappings`)).json();
      assert.equal(all.clientMappings["api-server"].id, target);
      assert.deepEqual(
        all.clientMappings["api-server"].mappings.map((r: { name: string }) => r.name),
        ["read"],
      );
      assert.equal((await api(base, { method: "DELETE" })).status, 204);
      assert.deepEqual(await (await api(base)).json(), []);

      const full = await createClient(api, "master", { clientId: "full-scope" });
      assert.deepEqual(await (await api(`${R}/clients/${full}/scope-mappings/clients/${target}/available`)).json(), []);
      const composite = (await (
        await api(`${R}/clients/${full}/scope-mappings/clients/${target}/composite`)
      ).json()) as { name: string }[];
      assert.deepEqual(
        composite.map((r) => r.name),
        ["read"],
      );
    });
  });

  describe("sessions, installation, certificates, evaluate", () => {
    it("counts and lists sessions", async () => {
      const id = await createClient(api, "master", { clientId: "sessionless" });
      assert.deepEqual(await (await api(`${R}/clients/${id}/session-count`)).json(), { count: 0 });
      assert.deepEqual(await (await api(`${R}/clients/${id}/offline-session-count`)).json(), { count: 0 });
      assert.deepEqual(await (await api(`${R}/clients/${id}/user-sessions?first=0&max=10`)).json(), []);
      assert.deepEqual(await (await api(`${R}/clients/${id}/offline-sessions`)).json(), []);
    });

    it("lists the admin-cli session of the signed-in admin", async () => {
      const [adminCli] = (await (await api(`${R}/clients?clientId=admin-cli`)).json()) as { id: string }[];
      const sessions = (await (await api(`${R}/clients/${adminCli.id}/user-sessions`)).json()) as {
        username: string;
        clients: Record<string, string>;
      }[];
      if (sessions.length) {
        assert.equal(sessions[0].username, "admin");
        assert.equal(sessions[0].clients[adminCli.id], "admin-cli");
      }
      const { count } = await (await api(`${R}/clients/${adminCli.id}/session-count`)).json();
      assert.equal(count, sessions.length);
    });

    it("gives the Keycloak OIDC JSON installation", async () => {
      const id = await createClient(api, "master", { clientId: "installed" });
      const secret = (await (await api(`${R}/clients/${id}/client-secret`)).json()).value;
      const res = await api(`${R}/clients/${id}/installation/providers/keycloak-oidc-keycloak-json`);
      assert.equal(res.status, 200);
      const json = await res.json();
      assert.equal(json.realm, "master");
      assert.equal(json.resource, "installed");
      assert.equal(json["auth-server-url"], `${server.baseUrl}/`);
      assert.deepEqual(json.credentials, { secret });
      assert.equal((await api(`${R}/clients/${id}/installation/providers/nope`)).status, 404);
    });

    it("generates a real self-signed certificate and reads it back", async () => {
      const id = await createClient(api, "master", { clientId: "cert-app" });
      assert.deepEqual(await (await api(`${R}/clients/${id}/certificates/jwt.credential`)).json(), {});
      const res = await api(`${R}/clients/${id}/certificates/jwt.credential/generate`, { method: "POST" });
      assert.equal(res.status, 200);
      const generated = await res.json();
      assert.ok(generated.privateKey);
      const certificate = new X509Certificate(Buffer.from(generated.certificate, "base64"));
      assert.equal(certificate.subject, "CN=cert-app");
      const read = await (await api(`${R}/clients/${id}/certificates/jwt.credential`)).json();
      assert.equal(read.certificate, generated.certificate);
      const client = await (await api(`${R}/clients/${id}`)).json();
      assert.equal(client.attributes["jwt.credential.certificate"], generated.certificate);
    });

    it("evaluates scopes and builds example tokens", async () => {
      const id = await createClient(api, "master", { clientId: "evaluated", serviceAccountsEnabled: true });
      const user = await (await api(`${R}/clients/${id}/service-account-user`)).json();
      const base = `${R}/clients/${id}/evaluate-scopes`;
      const mappers = (await (await api(`${base}/protocol-mappers?scope=openid`)).json()) as {
        containerName: string;
        containerType: string;
      }[];
      assert.ok(mappers.some((m) => m.containerName === "profile" && m.containerType === "client-scope"));
      assert.ok(!mappers.some((m) => m.containerName === "address"));
      const withAddress = (await (await api(`${base}/protocol-mappers?scope=openid%20address`)).json()) as {
        containerName: string;
      }[];
      assert.ok(withAddress.some((m) => m.containerName === "address"));
      // The client's own mappers: Keycloak 26.7.3 names their container "" (type "client").
      const own = await api(`${R}/clients/${id}/protocol-mappers/models`, {
        method: "POST",
        body: { name: "own", protocol: "openid-connect", protocolMapper: "oidc-hardcoded-claim-mapper", config: {} },
      });
      assert.equal(own.status, 201);
      const withOwn = (await (await api(`${base}/protocol-mappers?scope=openid`)).json()) as {
        mapperName: string;
        containerName: string;
        containerType: string;
      }[];
      const ownRow = withOwn.find((m) => m.mapperName === "own");
      assert.deepEqual([ownRow?.containerName, ownRow?.containerType], ["", "client"]);
      const granted = (await (await api(`${base}/scope-mappings/master/granted`)).json()) as { name: string }[];
      assert.ok(granted.some((r) => r.name === "default-roles-master"));
      assert.deepEqual(await (await api(`${base}/scope-mappings/master/not-granted`)).json(), []);
      const token = await (await api(`${base}/generate-example-access-token?scope=openid&userId=${user.id}`)).json();
      assert.equal(token.sub, user.id);
      assert.equal(token.azp, "evaluated");
      assert.equal(token.typ, "Bearer");
      assert.equal(token.preferred_username, "service-account-evaluated");
      assert.ok(token.realm_access.roles.includes("default-roles-master"));
      assert.match(token.scope, /^openid /);
      const idToken = await (await api(`${base}/generate-example-id-token?scope=openid&userId=${user.id}`)).json();
      assert.equal(idToken.typ, "ID");
      assert.equal(idToken.aud, "evaluated");
      const userinfo = await (await api(`${base}/generate-example-userinfo?scope=openid&userId=${user.id}`)).json();
      assert.equal(userinfo.sub, user.id);
      assert.equal((await api(`${base}/generate-example-access-token?scope=openid`)).status, 404);
      assert.equal((await api(`${base}/generate-example-access-token?userId=nobody`)).status, 404);
    });

    it("registers and unregisters cluster nodes", async () => {
      const id = await createClient(api, "master", { clientId: "clustered" });
      assert.deepEqual(await (await api(`${R}/clients/${id}/test-nodes-available`)).json(), {});
      assert.equal((await api(`${R}/clients/${id}/nodes`, { method: "POST", body: { node: "10.0.0.1" } })).status, 204);
      const client = await (await api(`${R}/clients/${id}`)).json();
      assert.equal(typeof client.registeredNodes["10.0.0.1"], "number");
      assert.deepEqual(await (await api(`${R}/clients/${id}/test-nodes-available`)).json(), {
        failedRequests: ["10.0.0.1"],
      });
      assert.equal((await api(`${R}/clients/${id}/nodes/10.0.0.1`, { method: "DELETE" })).status, 204);
      assert.equal((await api(`${R}/clients/${id}/nodes/10.0.0.1`, { method: "DELETE" })).status, 404);
      assert.equal((await api(`${R}/clients/${id}/nodes`, { method: "POST", body: {} })).status, 400);
    });

    it("answers push-revocation, and management permissions only with fine-grained permissions v1 on", async () => {
      const id = await createClient(api, "master", { clientId: "perms" });
      const permissions = await api(`${R}/clients/${id}/management/permissions`);
      assert.equal(permissions.status, 501);
      assert.equal((await permissions.json()).error, "Feature not enabled");
      assert.equal((await api(`${R}/clients/${id}/push-revocation`, { method: "POST" })).status, 200);
    });
  });

  describe("client initial access", () => {
    it("creates, lists and deletes initial access tokens", async () => {
      const res = await api(`${R}/clients-initial-access`, { method: "POST", body: { expiration: 3600, count: 2 } });
      assert.equal(res.status, 201);
      const created = await res.json();
      assert.ok(created.token);
      assert.equal(created.count, 2);
      assert.equal(created.remainingCount, 2);
      assert.equal(created.expiration, 3600);
      assert.ok(res.headers.get("location")!.endsWith(`/clients-initial-access/${created.id}`));
      const list = (await (await api(`${R}/clients-initial-access`)).json()) as { id: string; token?: string }[];
      const listed = list.find((entry) => entry.id === created.id);
      assert.ok(listed);
      assert.equal(listed.token, undefined);
      assert.equal((await api(`${R}/clients-initial-access/${created.id}`, { method: "DELETE" })).status, 204);
      assert.ok(
        !((await (await api(`${R}/clients-initial-access`)).json()) as { id: string }[]).some(
          (e) => e.id === created.id,
        ),
      );
    });
  });

  describe("admin events", () => {
    it("records CLIENT and PROTOCOL_MAPPER events with representations", async () => {
      const config = await api(`${R}/events/config`, {
        method: "PUT",
        body: { adminEventsEnabled: true, adminEventsDetailsEnabled: true },
      });
      assert.equal(config.status, 204);
      const id = await createClient(api, "master", { clientId: "audited" });
      await api(`${R}/clients/${id}/protocol-mappers/models`, {
        method: "POST",
        body: { name: "x", protocol: "openid-connect", protocolMapper: "oidc-hardcoded-claim-mapper", config: {} },
      });
      await api(`${R}/clients/${id}`, { method: "DELETE" });
      const events = (await (await api(`${R}/admin-events?max=100`)).json()) as {
        operationType: string;
        resourceType: string;
        resourcePath: string;
        representation?: string;
      }[];
      const mine = events.filter((e) => e.resourcePath.startsWith(`clients/${id}`));
      const kinds = mine.map((e) => `${e.operationType} ${e.resourceType}`).sort();
      assert.deepEqual(kinds, ["CREATE CLIENT", "CREATE PROTOCOL_MAPPER", "DELETE CLIENT"]);
      const create = mine.find((e) => e.operationType === "CREATE" && e.resourceType === "CLIENT")!;
      assert.equal(create.resourcePath, `clients/${id}`);
      assert.equal(JSON.parse(create.representation!).clientId, "audited");
    });
  });

  describe("persistence", () => {
    it("keeps clients, secrets, mappers and service accounts across a restart", async () => {
      const id = await createClient(api, "master", {
        clientId: "durable",
        serviceAccountsEnabled: true,
        protocolMappers: [
          { name: "m", protocol: "openid-connect", protocolMapper: "oidc-hardcoded-claim-mapper", config: {} },
        ],
      });
      const before = await (await api(`${R}/clients/${id}`)).json();
      await server.stop();
      await server.restart();
      api = masterAdmin(server);
      const after = await (await api(`${R}/clients/${id}`)).json();
      assert.deepEqual(after, before);
      assert.equal(
        (await (await api(`${R}/clients/${id}/service-account-user`)).json()).username,
        "service-account-durable",
      );
    });
  });
});
