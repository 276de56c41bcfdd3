import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import KcAdminClient from "@keycloak/keycloak-admin-client";
import type { TestServer } from "../support/server.ts";
import { adminToken } from "../support/server.ts";
import { type Api, createRealm, completeProfile, createUser, json, startAdminServer } from "../support/admin-api.ts";
import { keycloakAdminClient } from "../support/admin-client.ts";
import { consoleToken } from "./oidc-flow.ts";

/** What Keycloak's own console (26.7) asks of the server besides the documented admin API. */
const REALM = "fidelity";
const ORGANIZATION_ROLES = ["query-organizations", "view-organizations", "manage-organizations"];

describe("endpoints and roles Keycloak's console relies on", () => {
  let server: TestServer;
  let api: Api;
  let kc: KcAdminClient;

  before(async () => {
    ({ server, api } = await startAdminServer());
    await createRealm(api, REALM, { organizationsEnabled: true });
    kc = await keycloakAdminClient(server.baseUrl, { realm: REALM });
  });
  after(async () => server?.dispose());

  it("PUT ui-ext stores the realm and the user profile carried as upConfig; a bad upConfig changes neither", async () => {
    const realm = await json(await api(`/admin/realms/${REALM}`));
    const profile = await kc.users.getProfile({ realm: REALM });
    const withNickname = {
      ...profile,
      attributes: [...(profile.attributes ?? []), { name: "nickname", displayName: "Nickname", permissions: {} }],
    };
    const put = (body: unknown) => api(`/admin/realms/${REALM}/ui-ext`, { method: "PUT", body });
    const saved = await put({ ...realm, displayName: "Fidelity realm", upConfig: withNickname });
    assert.equal(saved.status, 204, await saved.text());
    assert.equal((await kc.realms.findOne({ realm: REALM }))!.displayName, "Fidelity realm");
    const stored = await kc.users.getProfile({ realm: REALM });
    assert.ok(stored.attributes!.some((a) => a.name === "nickname"));

    const refused = await put({
      ...realm,
      displayName: "Not saved",
      upConfig: { attributes: [{ name: "bad name!" }] },
    });
    assert.equal(refused.status, 400);
    assert.equal((await kc.realms.findOne({ realm: REALM }))!.displayName, "Fidelity realm");

    const withoutProfile = await put({ ...realm, displayName: "Plain save" });
    assert.equal(withoutProfile.status, 204);
    assert.equal((await kc.realms.findOne({ realm: REALM }))!.displayName, "Plain save");
    assert.ok((await kc.users.getProfile({ realm: REALM })).attributes!.some((a) => a.name === "nickname"));
  });

  it("GET ui-ext/available-event-listeners lists the listener providers a realm can enable", async () => {
    const listeners = await json(await api(`/admin/realms/${REALM}/ui-ext/available-event-listeners`));
    const ids = (listeners as { id: string }[]).map((l) => l.id).sort();
    assert.deepEqual(ids, ["email", "jboss-logging"]);
    const serverInfo = await kc.serverInfo.find();
    // Server info also lists Keycloak 26.7's global workflow listener, which runs for every realm.
    assert.deepEqual(
      Object.keys(serverInfo.providers!.eventsListener!.providers).sort(),
      [...ids, "workflow-event-listener"].sort(),
    );
  });

  it("GET ui-ext/role-mappings/roles/{id} groups a role's composites into realm and client mappings", async () => {
    await kc.roles.create({ realm: REALM, name: "auditor" });
    await kc.roles.create({ realm: REALM, name: "helpdesk" });
    const helpdesk = (await kc.roles.findOneByName({ realm: REALM, name: "helpdesk" }))!;
    const auditor = (await kc.roles.findOneByName({ realm: REALM, name: "auditor" }))!;
    const [management] = await kc.clients.find({ realm: REALM, clientId: "realm-management" });
    const viewUsers = (await kc.clients.findRole({ realm: REALM, id: management!.id!, roleName: "view-users" }))!;
    await kc.roles.createComposite({ realm: REALM, roleId: helpdesk.id! }, [auditor, viewUsers]);

    const mappings = await json(await api(`/admin/realms/${REALM}/ui-ext/role-mappings/roles/${helpdesk.id}`));
    assert.deepEqual(
      mappings.realmMappings.map((r: { name: string }) => r.name),
      ["auditor"],
    );
    assert.deepEqual(Object.keys(mappings.clientMappings), ["realm-management"]);
    assert.equal(mappings.clientMappings["realm-management"].id, management!.id);
    assert.deepEqual(
      mappings.clientMappings["realm-management"].mappings.map((r: { name: string }) => r.name),
      ["view-users"],
    );
    assert.deepEqual(await json(await api(`/admin/realms/${REALM}/ui-ext/role-mappings/roles/${auditor.id}`)), {});
    assert.equal((await api(`/admin/realms/${REALM}/ui-ext/role-mappings/roles/no-such-role`)).status, 404);
  });

  it("realm-management and master's realm client hold Keycloak 26.7's organization roles; who-am-I reports them", async () => {
    const [management] = await kc.clients.find({ realm: REALM, clientId: "realm-management" });
    const names = (await kc.clients.listRoles({ realm: REALM, id: management!.id! })).map((r) => r.name);
    for (const role of ORGANIZATION_ROLES) assert.ok(names.includes(role), role);
    const realmAdmin = (await kc.clients.findRole({ realm: REALM, id: management!.id!, roleName: "realm-admin" }))!;
    const composites = (await kc.roles.getCompositeRoles({ realm: REALM, id: realmAdmin.id! })).map((r) => r.name);
    for (const role of ORGANIZATION_ROLES) assert.ok(composites.includes(role), role);

    const [masterClient] = await kc.clients.find({ realm: "master", clientId: `${REALM}-realm` });
    const masterNames = (await kc.clients.listRoles({ realm: "master", id: masterClient!.id! })).map((r) => r.name);
    for (const role of ORGANIZATION_ROLES) assert.ok(masterNames.includes(role), role);

    // who-am-I answers the console's own client only, as in Keycloak.
    const consoleClient = new KcAdminClient({ baseUrl: server.baseUrl, realmName: "master" });
    consoleClient.setAccessToken(await consoleToken(server.baseUrl, "master", "admin", "admin"));
    const whoAmI = await consoleClient.whoAmI.find({ currentRealm: REALM });
    for (const role of ORGANIZATION_ROLES) assert.ok(whoAmI.realm_access[REALM]!.includes(role as never), role);
  });

  it("view-organizations alone reads organizations but does not change them", async () => {
    await kc.organizations.create({ realm: REALM, name: "Acme", domains: [{ name: "acme.example" }] });
    const userId = await createUser(api, REALM, "org-viewer", {
      ...completeProfile("org-viewer"),
      credentials: [{ type: "password", value: "viewer-pass", temporary: false }],
    });
    const [management] = await kc.clients.find({ realm: REALM, clientId: "realm-management" });
    const view = (await kc.clients.findRole({ realm: REALM, id: management!.id!, roleName: "view-organizations" }))!;
    await kc.users.addClientRoleMappings({
      realm: REALM,
      id: userId,
      clientUniqueId: management!.id!,
      roles: [{ id: view.id!, name: view.name! }],
    });
    const viewer = await keycloakAdminClient(server.baseUrl, {
      realm: REALM,
      authRealm: REALM,
      username: "org-viewer",
      password: "viewer-pass",
    });
    const listed = await viewer.organizations.find({ realm: REALM });
    assert.deepEqual(
      listed.map((o) => o.name),
      ["Acme"],
    );
    await viewer.organizations.findOne({ realm: REALM, id: listed[0]!.id! });
    await assert.rejects(viewer.organizations.create({ realm: REALM, name: "Nope" }), /403|Forbidden/);
    const token = await adminToken(server.baseUrl, REALM, "org-viewer", "viewer-pass", "admin-cli");
    const realmUsers = await fetch(`${server.baseUrl}/admin/realms/${REALM}/users`, {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(realmUsers.status, 403);
  });

  it("client authenticator providers say which authenticate with the client secret", async () => {
    const providers = (await kc.authenticationManagement.getClientAuthenticatorProviders()) as {
      id: string;
      supportsSecret?: boolean;
    }[];
    const bySecret = Object.fromEntries(providers.map((p) => [p.id, p.supportsSecret]));
    assert.deepEqual(bySecret, {
      "client-jwt": false,
      "client-secret": true,
      "client-secret-jwt": true,
      "client-x509": false,
      "federated-jwt": false,
    });
  });

  it("the login page links an icon that the server serves", async () => {
    const login = await fetch(
      `${server.baseUrl}/realms/${REALM}/protocol/openid-connect/auth?client_id=account-console&response_type=code&redirect_uri=${encodeURIComponent(`${server.baseUrl}/realms/${REALM}/account/`)}`,
    );
    const html = await login.text();
    const icon = /<link rel="icon"[^>]*href="([^"]+)"/.exec(html);
    assert.ok(icon, html);
    const response = await fetch(new URL(icon[1]!, server.baseUrl));
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("content-type"), "image/svg+xml");
    assert.match(await response.text(), /^<svg /);
  });

  it("realm pages send the realm's browser security headers; an emptied header is left out", async () => {
    const loginUrl = `${server.baseUrl}/realms/${REALM}/protocol/openid-connect/auth?client_id=account-console&response_type=code&redirect_uri=${encodeURIComponent(`${server.baseUrl}/realms/${REALM}/account/`)}`;
    const before = await fetch(loginUrl);
    assert.equal(before.headers.get("x-frame-options"), "SAMEORIGIN");
    assert.equal(before.headers.get("x-robots-tag"), "none");
    const realm = (await kc.realms.findOne({ realm: REALM }))!;
    await kc.realms.update(
      { realm: REALM },
      {
        browserSecurityHeaders: {
          ...realm.browserSecurityHeaders,
          xFrameOptions: "DENY",
          contentSecurityPolicy: "frame-ancestors 'none'",
          contentSecurityPolicyReportOnly: "default-src 'self'",
          referrerPolicy: "",
        },
      },
    );
    for (const url of [loginUrl, `${server.baseUrl}/realms/${REALM}/protocol/openid-connect/auth?client_id=nobody`]) {
      const page = await fetch(url);
      assert.match(page.headers.get("content-type") ?? "", /text\/html/);
      assert.equal(page.headers.get("x-frame-options"), "DENY", url);
      assert.equal(page.headers.get("content-security-policy"), "frame-ancestors 'none'", url);
      assert.equal(page.headers.get("content-security-policy-report-only"), "default-src 'self'", url);
      assert.equal(page.headers.get("referrer-policy"), null, url);
    }
    const other = await fetch(
      `${server.baseUrl}/realms/master/protocol/openid-connect/auth?client_id=account-console&response_type=code&redirect_uri=${encodeURIComponent(`${server.baseUrl}/realms/master/account/`)}`,
    );
    assert.equal(other.headers.get("x-frame-options"), "SAMEORIGIN", "another realm keeps its own");
  });
  it("GET ui-ext/effective-roles-all lists every effective role, realm roles by name then client roles, unpaged", async () => {
    await kc.roles.create({ name: "zeta-all", description: "Z role" });
    await kc.roles.create({ name: "alpha-all" });
    const zeta = (await kc.roles.findOneByName({ name: "zeta-all" }))!;
    const alpha = (await kc.roles.findOneByName({ name: "alpha-all" }))!;
    const [account] = await kc.clients.find({ clientId: "account" });
    const viewProfile = (await kc.clients.findRole({ id: account!.id!, roleName: "view-profile" }))!;
    await kc.roles.createComposite({ roleId: zeta.id! }, [alpha, viewProfile]);
    const { id: userId } = await kc.users.create({ username: "effective-all", enabled: true });
    await kc.users.addRealmRoleMappings({ id: userId, roles: [{ id: zeta.id!, name: zeta.name! }] });
    type Row = {
      id: string;
      name: string;
      description?: string;
      clientRole: boolean;
      client?: string;
      clientId?: string;
    };
    const all = await json<Row[]>(await api(`/admin/realms/${REALM}/ui-ext/effective-roles-all/users/${userId}?max=2`));
    const names = all.map((r) => (r.clientRole ? `${r.client}:${r.name}` : r.name));
    assert.ok(names.length > 2, "not paged");
    const realmNames = all.filter((r) => !r.clientRole).map((r) => r.name);
    assert.deepEqual(realmNames, [...realmNames].sort(), "realm roles by name");
    assert.ok(names.indexOf("zeta-all") < names.indexOf("account:view-profile"), "realm roles first");
    for (const expected of [
      "alpha-all",
      "zeta-all",
      `default-roles-${REALM}`,
      "offline_access",
      "account:view-profile",
    ])
      assert.ok(names.includes(expected), `${expected} in ${names.join(", ")}`);
    assert.deepEqual(
      all.find((r) => r.name === "view-profile"),
      {
        id: viewProfile.id,
        name: "view-profile",
        description: viewProfile.description,
        clientRole: true,
        client: "account",
        clientId: account!.id,
      },
    );
    assert.equal(all.find((r) => r.name === "zeta-all")!.description, "Z role");
    const ofRole = await json<Row[]>(await api(`/admin/realms/${REALM}/ui-ext/effective-roles-all/roles/${zeta.id}`));
    assert.deepEqual(
      ofRole.map((r) => r.name),
      ["alpha-all", "zeta-all", "view-profile"],
      "a role holds itself",
    );
    const missing = await api(`/admin/realms/${REALM}/ui-ext/effective-roles-all/clientScopes/nope`);
    assert.equal(missing.status, 404);
  });

  it("POST ui-ext/role-mapping-delete removes several realm and client mappings at once; unknown roles are skipped", async () => {
    const [account] = await kc.clients.find({ clientId: "account" });
    const viewProfile = (await kc.clients.findRole({ id: account!.id!, roleName: "view-profile" }))!;
    await kc.roles.create({ name: "to-drop" });
    const toDrop = (await kc.roles.findOneByName({ name: "to-drop" }))!;
    const { id: userId } = await kc.users.create({ username: "mapping-delete", enabled: true });
    await kc.users.addRealmRoleMappings({ id: userId, roles: [{ id: toDrop.id!, name: "to-drop" }] });
    await kc.users.addClientRoleMappings({
      id: userId,
      clientUniqueId: account!.id!,
      roles: [{ id: viewProfile.id!, name: "view-profile" }],
    });
    const remove = (type: string, id: string, body: unknown) =>
      api(`/admin/realms/${REALM}/ui-ext/role-mapping-delete/${type}/${id}`, { method: "POST", body });
    const removed = await remove("users", userId, [
      { roleId: toDrop.id, roleName: "to-drop" },
      { roleId: viewProfile.id, roleName: "view-profile", clientId: account!.id },
      { roleId: "no-such-role", roleName: "nope" },
    ]);
    assert.equal(removed.status, 204, await removed.text());
    const mappings = await kc.users.listRoleMappings({ id: userId });
    assert.ok(!mappings.realmMappings?.some((r) => r.name === "to-drop"));
    assert.equal(mappings.clientMappings?.account, undefined);

    await kc.roles.create({ name: "holder" });
    const holder = (await kc.roles.findOneByName({ name: "holder" }))!;
    await kc.roles.createComposite({ roleId: holder.id! }, [toDrop, viewProfile]);
    assert.equal((await remove("roles", holder.id!, [{ roleId: toDrop.id, roleName: "to-drop" }])).status, 204);
    assert.deepEqual(
      (await kc.roles.getCompositeRoles({ id: holder.id! })).map((r) => r.name),
      ["view-profile"],
    );
    assert.equal((await remove("users", userId, { roleId: toDrop.id })).status, 400, "not a list");
    assert.equal((await remove("clientScopes", "nope", [])).status, 404);
  });
});
