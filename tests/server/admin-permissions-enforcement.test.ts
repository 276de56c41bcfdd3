import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import KcAdminClient from "@keycloak/keycloak-admin-client";
import { startTestServer, type TestServer } from "../support/server.ts";
import { completeProfile, createRealm, masterAdmin } from "../support/admin-api.ts";

const REALM = "fgap-enforce";

async function status(call: Promise<unknown>): Promise<number> {
  try {
    await call;
    return 200;
  } catch (error) {
    return (error as { response?: Response }).response?.status ?? 0;
  }
}

/** Role mappings, impersonation, creating users and groups, clients, deny precedence and cleanup under v2. */
describe("admin permissions v2 enforcement beyond users' own endpoints (Keycloak's admin client)", () => {
  let server: TestServer;
  let kc: KcAdminClient;
  let clientId = "";
  const ids: Record<string, string> = {};

  const user = async (username: string, groups: string[] = []) => {
    // a complete profile: the realm asks for email and names before it signs anyone in
    const { id } = await kc.users.create({ username, enabled: true, groups, ...completeProfile(username) });
    ids[username] = id;
    await kc.users.resetPassword({ id, credential: { type: "password", value: `${username}-pw`, temporary: false } });
    return id;
  };
  const managementRole = async (username: string, name: string) => {
    const [management] = await kc.clients.find({ clientId: "realm-management" });
    const role = await kc.clients.findRole({ id: management!.id!, roleName: name });
    await kc.users.addClientRoleMappings({
      id: ids[username]!,
      clientUniqueId: management!.id!,
      roles: [role as never],
    });
  };
  const signIn = async (username: string) => {
    const client = new KcAdminClient({ baseUrl: server.baseUrl, realmName: REALM });
    await client.auth({ username, password: `${username}-pw`, grantType: "password", clientId: "admin-cli" });
    return client;
  };
  /** A user policy for `username` and a scope permission of `type` on `resources` (none: all of the type). */
  const grant = async (
    username: string,
    type: string,
    scopes: string[],
    resources: string[] = [],
    logic: "POSITIVE" | "NEGATIVE" = "POSITIVE",
  ) => {
    const name = `${username} ${type} ${scopes.join(",")} ${resources.join(",")} ${logic}`;
    const policy = await kc.clients.createPolicy({ id: clientId, type: "user" }, {
      name: `policy ${name}`,
      users: [ids[username]!],
      logic,
    } as never);
    return (await kc.clients.createPermission({ id: clientId, type: "scope" }, {
      name,
      resourceType: type,
      resources,
      scopes,
      policies: [policy.id!],
    } as never)) as { id: string };
  };

  before(async () => {
    server = await startTestServer({ args: ["--seed-demo", "false", "--features", "client-admin-api:v2"] });
    await createRealm(masterAdmin(server), REALM);
    kc = new KcAdminClient({ baseUrl: server.baseUrl, realmName: "master" });
    await kc.auth({ username: "admin", password: "admin", grantType: "password", clientId: "admin-cli" });
    kc.setConfig({ realmName: REALM });
    await kc.realms.update({ realm: REALM }, { adminPermissionsEnabled: true });
    clientId = (await kc.clients.find({ clientId: "admin-permissions" }))[0]!.id!;
    await kc.groups.create({ name: "Customers" });
    for (const name of ["alice", "bob", "mallory"]) await user(name, ["/Customers"]);
    for (const name of ["helpdesk", "onboarder", "clientadmin"]) {
      await user(name);
      await managementRole(name, "query-users");
    }
  });
  after(async () => server?.dispose());

  it("a permission on one user (a deny) wins over the all-users grant, in lists, counts and single calls", async () => {
    await grant("helpdesk", "Users", ["view"]);
    await grant("helpdesk", "Users", ["view"], [ids.mallory!], "NEGATIVE");
    const helpdesk = await signIn("helpdesk");
    helpdesk.setConfig({ realmName: REALM });
    const listed = (await helpdesk.users.find({ max: 100 })).map((u) => u.username);
    assert.ok(listed.includes("alice") && listed.includes("bob"));
    assert.ok(!listed.includes("mallory"), `mallory is denied, got ${listed.join(",")}`);
    assert.equal(await helpdesk.users.count(), listed.length);
    assert.equal(await status(helpdesk.users.findOne({ id: ids.mallory! })), 403);
    assert.equal(await status(helpdesk.users.findOne({ id: ids.alice! })), 200);
  });

  it("role mappings need map-roles on the user and map-role on the role; views need view", async () => {
    const clerk = await kc.roles.create({ name: "clerk" }).then(() => kc.roles.findOneByName({ name: "clerk" }));
    const auditor = await kc.roles.create({ name: "auditor" }).then(() => kc.roles.findOneByName({ name: "auditor" }));
    await grant("helpdesk", "Users", ["map-roles"], [ids.alice!]);
    await grant("helpdesk", "Roles", ["map-role"], [clerk!.id!]);
    const helpdesk = await signIn("helpdesk");
    helpdesk.setConfig({ realmName: REALM });
    const add = (id: string, role: typeof clerk) =>
      status(helpdesk.users.addRealmRoleMappings({ id, roles: [{ id: role!.id!, name: role!.name! }] }));
    assert.equal(await add(ids.alice!, clerk), 200);
    assert.equal(await add(ids.alice!, auditor), 403, "no map-role on auditor");
    assert.equal(await add(ids.bob!, clerk), 403, "no map-roles on bob");
    const mapped = (await kc.users.listRealmRoleMappings({ id: ids.alice! })).map((r) => r.name);
    assert.ok(mapped.includes("clerk") && !mapped.includes("auditor"));
    assert.equal(await status(helpdesk.users.listRealmRoleMappings({ id: ids.alice! })), 200, "view on all users");
    assert.equal(await status(helpdesk.users.listRealmRoleMappings({ id: ids.mallory! })), 403, "denied view");
    const uiExt = (id: string) =>
      fetch(`${server.baseUrl}/admin/realms/${REALM}/ui-ext/effective-roles/users/${id}?first=0&max=10`, {
        headers: { authorization: `Bearer ${helpdesk.accessToken}` },
      }).then((response) => response.status);
    assert.equal(await uiExt(ids.alice!), 200, "ui-ext obeys the same view check");
    assert.equal(await uiExt(ids.mallory!), 403);
    assert.equal(
      await status(helpdesk.users.delRealmRoleMappings({ id: ids.alice!, roles: [{ id: clerk!.id!, name: "clerk" }] })),
      200,
    );
  });

  it("impersonation follows impersonate (and a group's impersonate-members)", async () => {
    const [customers] = await kc.groups.find({ search: "Customers" });
    const helpdesk = await signIn("helpdesk");
    helpdesk.setConfig({ realmName: REALM });
    assert.equal(await status(helpdesk.users.impersonation({ id: ids.bob! }, { user: ids.bob!, realm: REALM })), 403);
    await grant("helpdesk", "Groups", ["impersonate-members"], [customers!.id!]);
    assert.equal(await status(helpdesk.users.impersonation({ id: ids.bob! }, { user: ids.bob!, realm: REALM })), 200);
  });

  it("creating users needs manage on all users; top-level groups need manage on all groups", async () => {
    const onboarder = await signIn("onboarder");
    onboarder.setConfig({ realmName: REALM });
    assert.equal(await status(onboarder.users.create({ username: "newbie", enabled: true })), 403);
    assert.equal(await status(onboarder.groups.create({ name: "Partners" })), 403);
    await grant("onboarder", "Users", ["manage"]);
    await grant("onboarder", "Groups", ["manage"]);
    assert.equal(await status(onboarder.users.create({ username: "newbie", enabled: true })), 200);
    assert.equal(await status(onboarder.groups.create({ name: "Partners" })), 200);
  });

  it("a manager of a group's members and membership creates users straight into that group (UsersResource)", async () => {
    const onboarding = await kc.groups.create({ name: "Onboarding" });
    await user("groupkeeper");
    await managementRole("groupkeeper", "query-users");
    await grant("groupkeeper", "Groups", ["manage-members", "manage-membership"], [onboarding.id]);
    const keeper = await signIn("groupkeeper");
    keeper.setConfig({ realmName: REALM });
    const create = (username: string, groups?: string[]) =>
      status(keeper.users.create({ username, enabled: true, ...(groups ? { groups } : {}) }));
    assert.equal(await create("trainee-0"), 403, "no group: manage on every user is needed");
    assert.equal(await create("trainee-0", ["/Onboarding", "/Customers"]), 403, "one group not managed");
    // Keycloak 26.7.3 looks the groups up in its permission-filtered store: with query-users only viewable ones.
    assert.equal(await create("trainee-0", ["/Onboarding"]), 403, "no view on the group");
    await grant("groupkeeper", "Groups", ["view"], [onboarding.id]);
    assert.equal(await create("trainee-1", ["/Onboarding"]), 200);
    const [trainee] = await kc.users.find({ username: "trainee-1", exact: true });
    assert.deepEqual(
      (await kc.users.listGroups({ id: trainee!.id! })).map((group) => group.path),
      ["/Onboarding"],
    );
    assert.deepEqual(await kc.users.find({ username: "trainee-0", exact: true }), [], "refused before storing");
    // Holding no realm-management role at all, the caller finds every group: manage-members and -membership suffice.
    const intake = await kc.groups.create({ name: "Intake" });
    await user("intakekeeper");
    await grant("intakekeeper", "Groups", ["manage-members", "manage-membership"], [intake.id]);
    const intakeKeeper = await signIn("intakekeeper");
    intakeKeeper.setConfig({ realmName: REALM });
    assert.equal(
      await status(intakeKeeper.users.create({ username: "intake-1", enabled: true, groups: ["/Intake"] })),
      200,
    );
    // view-users lets the caller view every group, so the group grants suffice.
    const reception = await kc.groups.create({ name: "Reception" });
    await user("viewkeeper");
    await managementRole("viewkeeper", "view-users");
    await grant("viewkeeper", "Groups", ["manage-members", "manage-membership"], [reception.id]);
    const viewKeeper = await signIn("viewkeeper");
    viewKeeper.setConfig({ realmName: REALM });
    assert.equal(
      await status(viewKeeper.users.create({ username: "reception-1", enabled: true, groups: ["/Reception"] })),
      200,
    );
  });

  it("a grant on a subgroup shows it, through its parents, in the groups list and counts", async () => {
    const parent = await kc.groups.create({ name: "Regions" });
    const child = await kc.groups.createChildGroup({ id: parent.id }, { name: "North" });
    await kc.groups.create({ name: "Hidden" });
    await user("regional");
    await managementRole("regional", "query-groups");
    await grant("regional", "Groups", ["view"], [child.id]);
    const regional = await signIn("regional");
    regional.setConfig({ realmName: REALM });
    assert.deepEqual(
      (await regional.groups.find()).map((g) => g.name),
      ["Regions"],
    );
    assert.deepEqual(
      (await regional.groups.listSubGroups({ parentId: parent.id })).map((g) => g.name),
      ["North"],
    );
    assert.equal((await regional.groups.count({ top: true } as never)).count, 1);
    assert.equal(await status(regional.groups.findOne({ id: child.id })), 200);
  });

  it("clients: view lists and reads only the granted client, manage updates it", async () => {
    const shop = await kc.clients.create({ clientId: "shop" });
    await kc.clients.create({ clientId: "billing" });
    await managementRole("clientadmin", "query-clients");
    await grant("clientadmin", "Clients", ["view", "manage"], [shop.id]);
    const admin = await signIn("clientadmin");
    admin.setConfig({ realmName: REALM });
    assert.deepEqual(
      (await admin.clients.find()).map((c) => c.clientId),
      ["shop"],
    );
    const [billing] = await kc.clients.find({ clientId: "billing" });
    assert.equal(await status(admin.clients.findOne({ id: billing!.id! })), 403);
    assert.equal(await status(admin.clients.update({ id: shop.id }, { clientId: "shop", description: "Shop" })), 200);
    assert.equal((await kc.clients.findOne({ id: shop.id }))?.description, "Shop");
    assert.equal(await status(admin.clients.del({ id: billing!.id! })), 403);
  });

  it("lists carry each object's access; who-am-I states the type-level grants; creating clients needs manage on all", async () => {
    const admin = await signIn("clientadmin");
    admin.setConfig({ realmName: REALM });
    const access = async () =>
      Object.fromEntries((await admin.clients.find()).map((client) => [client.clientId, client.access]));
    assert.deepEqual(await access(), { shop: { view: true, configure: true, manage: true } });
    assert.equal(await status(admin.clients.create({ clientId: "made-by-clientadmin" })), 403);
    // Who-am-I answers console tokens only: mark admin-cli as one, as Keycloak reads `security.admin.console`.
    const [cli] = await kc.clients.find({ clientId: "admin-cli" });
    await kc.clients.update(
      { id: cli!.id! },
      { ...cli, attributes: { ...cli!.attributes, "security.admin.console": "true" } },
    );
    const whoAmI = async () =>
      (await admin.whoAmI.find({ currentRealm: REALM })) as { admin_permissions?: Record<string, unknown> };
    assert.equal((await whoAmI()).admin_permissions, undefined, "no grant on every object of any type yet");

    await grant("clientadmin", "Clients", ["view"]);
    await grant("clientadmin", "Clients", ["manage"]);
    assert.deepEqual((await whoAmI()).admin_permissions, { [REALM]: { Clients: ["view", "manage"] } });
    assert.equal(await status(admin.clients.create({ clientId: "made-by-clientadmin" })), 200);
    const listed = await access();
    assert.deepEqual(listed.billing, { view: true, configure: true, manage: true });

    await grant("helpdesk", "Groups", ["view"]);
    await managementRole("helpdesk", "query-groups");
    const helpdesk = await signIn("helpdesk");
    helpdesk.setConfig({ realmName: REALM });
    const [customers] = await helpdesk.groups.find({ search: "Customers", exact: true } as never);
    assert.deepEqual(customers?.access, {
      view: true,
      viewMembers: false,
      manageMembers: false,
      manage: false,
      manageMembership: false,
    });
  });

  it("client sub-endpoints follow manage on the client; scope and composite mappings need map-role-client-scope / -composite", async () => {
    const portal = await kc.clients.create({ clientId: "portal" });
    const ledger = await kc.clients.create({ clientId: "ledger" });
    for (const roleName of ["editor", "reader"]) await kc.clients.createRole({ id: portal.id, name: roleName });
    await kc.roles.create({ name: "scope-auditor" });
    const auditor = await kc.roles.findOneByName({ name: "scope-auditor" });
    const reader = await kc.clients.findRole({ id: portal.id, roleName: "reader" });
    await user("scopeadmin");
    await managementRole("scopeadmin", "query-clients");
    await grant("scopeadmin", "Clients", ["view", "manage"], [portal.id]);
    const admin = await signIn("scopeadmin");
    admin.setConfig({ realmName: REALM });

    assert.equal(await status(admin.clients.createRole({ id: portal.id, name: "by-scopeadmin" })), 200);
    assert.equal(await status(admin.clients.createRole({ id: ledger.id, name: "by-scopeadmin" })), 403);
    const mapper = {
      name: "dept",
      protocol: "openid-connect",
      protocolMapper: "oidc-hardcoded-claim-mapper",
      config: {},
    };
    assert.equal(await status(admin.clients.addProtocolMapper({ id: portal.id }, mapper)), 200);
    assert.equal(await status(admin.clients.addProtocolMapper({ id: ledger.id }, mapper)), 403);
    assert.equal(await status(admin.clients.generateNewClientSecret({ id: portal.id })), 200);
    assert.equal(await status(admin.clients.generateNewClientSecret({ id: ledger.id })), 403);

    // A realm role into the client's scope: manage on the client is not enough, the role needs map-role-client-scope.
    const addAuditorScope = () => admin.clients.addRealmScopeMappings({ id: portal.id }, [auditor as never]);
    assert.equal(await status(addAuditorScope()), 403);
    assert.deepEqual(await kc.clients.listRealmScopeMappings({ id: portal.id }), []);
    await grant("scopeadmin", "Roles", ["map-role-client-scope"], [auditor!.id!]);
    assert.equal(await status(addAuditorScope()), 200);
    assert.deepEqual(
      (await kc.clients.listRealmScopeMappings({ id: portal.id })).map((role) => role.name),
      ["scope-auditor"],
    );

    // Composites: a realm role through map-role-composite on it; the client's own roles through map-roles-composite.
    const editor = await kc.clients.findRole({ id: portal.id, roleName: "editor" });
    const addComposite = (composite: unknown) =>
      admin.roles.createComposite({ roleId: editor!.id! }, [composite as never]);
    assert.equal(await status(addComposite(auditor)), 403);
    assert.equal(await status(addComposite(reader)), 403);
    await grant("scopeadmin", "Roles", ["map-role-composite"], [auditor!.id!]);
    assert.equal(await status(addComposite(auditor)), 200);
    assert.equal(await status(addComposite(reader)), 403);
    await grant("scopeadmin", "Clients", ["map-roles-composite"], [portal.id]);
    assert.equal(await status(addComposite(reader)), 200);
    assert.deepEqual((await kc.roles.getCompositeRoles({ id: editor!.id! })).map((role) => role.name).sort(), [
      "reader",
      "scope-auditor",
    ]);
  });

  it("the assign-role lists offer only the roles the caller may map (Keycloak's canMapRole), paged on the server", async () => {
    const desk = await kc.clients.create({ clientId: "desk" });
    for (const roleName of ["desk-agent", "desk-lead", "desk-owner"])
      await kc.clients.createRole({ id: desk.id, name: roleName });
    const deskRole = (roleName: string) => kc.clients.findRole({ id: desk.id, roleName });
    const [agent, lead] = await Promise.all([deskRole("desk-agent"), deskRole("desk-lead")]);
    await kc.roles.create({ name: "desk-visitor" });
    await kc.roles.create({ name: "desk-secret" });
    const visitor = await kc.roles.findOneByName({ name: "desk-visitor" });
    await user("rolemapper");
    // users of their own: permissions of other admins on the same user would take part in the (unanimous) decision
    await user("carol");
    await user("dave");
    await managementRole("rolemapper", "query-clients");
    await grant("rolemapper", "Users", ["view", "map-roles"], [ids.carol!]);
    await grant("rolemapper", "Users", ["view"], [ids.dave!]);
    await grant("rolemapper", "Roles", ["map-role"], [agent!.id!, lead!.id!, visitor!.id!]);
    const mapper = await signIn("rolemapper");
    mapper.setConfig({ realmName: REALM });
    const uiExt = async (path: string, token = mapper.accessToken) => {
      const response = await fetch(`${server.baseUrl}/admin/realms/${REALM}/ui-ext/available-roles/${path}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      assert.equal(response.status, 200, path);
      return ((await response.json()) as { role: string }[]).map((row) => row.role);
    };
    assert.deepEqual(await uiExt(`users/${ids.carol!}?first=0&max=10&search=desk`), ["desk-agent", "desk-lead"]);
    assert.deepEqual(
      await uiExt(`users/${ids.carol!}?first=1&max=1&search=desk`),
      ["desk-lead"],
      "paged after filtering",
    );
    assert.deepEqual(await uiExt(`users/${ids.dave!}?first=0&max=10&search=desk`), [], "no map-roles on dave");
    const realmAvailable = (await mapper.users.listAvailableRealmRoleMappings({ id: ids.carol! })).map((r) => r.name);
    assert.ok(realmAvailable.includes("desk-visitor") && !realmAvailable.includes("desk-secret"), `${realmAvailable}`);
    assert.deepEqual(
      (await mapper.users.listAvailableClientRoleMappings({ id: ids.carol!, clientUniqueId: desk.id })).map(
        (r) => r.name,
      ),
      ["desk-agent", "desk-lead"],
    );
    // Whatever is offered, the server accepts.
    assert.equal(
      await status(
        mapper.users.addClientRoleMappings({ id: ids.carol!, clientUniqueId: desk.id, roles: [agent as never] }),
      ),
      200,
    );
    assert.deepEqual(
      await uiExt(`users/${ids.carol!}?first=0&max=10&search=desk`),
      ["desk-lead"],
      "held roles left out",
    );

    // The client's scope and a role's composites: map-role-client-scope / map-roles-composite.
    const portal = await kc.clients.create({ clientId: "kiosk", fullScopeAllowed: false });
    await grant("rolemapper", "Clients", ["view"], [portal.id]);
    assert.deepEqual(await uiExt(`clients/${portal.id}?first=0&max=10&search=desk`), []);
    await grant("rolemapper", "Roles", ["map-role-client-scope"], [lead!.id!]);
    assert.deepEqual(await uiExt(`clients/${portal.id}?first=0&max=10&search=desk`), ["desk-lead"]);
    assert.deepEqual(
      (await mapper.clients.listAvailableClientScopeMappings({ id: portal.id, client: desk.id })).map((r) => r.name),
      ["desk-lead"],
    );
    const owner = await deskRole("desk-owner");
    await kc.roles.createComposite({ roleId: owner!.id! }, [agent as never]);
    assert.deepEqual(await uiExt(`roles/${owner!.id!}?first=0&max=10&search=desk`), []);
    // Keycloak 26.7.3 leaves out only the role itself: a composite it already has is offered again.
    await grant("rolemapper", "Clients", ["map-roles-composite"], [desk.id]);
    assert.deepEqual(await uiExt(`roles/${owner!.id!}?first=0&max=10&search=desk`), ["desk-agent", "desk-lead"]);

    // A legacy manage-users admin is offered every client role it does not hold.
    await managementRole("rolemapper", "manage-users");
    const legacy = await signIn("rolemapper");
    legacy.setConfig({ realmName: REALM });
    assert.deepEqual(
      (await legacy.users.listAvailableClientRoleMappings({ id: ids.dave!, clientUniqueId: desk.id })).map(
        (r) => r.name,
      ),
      ["desk-agent", "desk-lead", "desk-owner"],
    );
    // ... and, as composites of any role (looked up or not), every client role but that role.
    const asLegacy = (path: string) => uiExt(path, legacy.accessToken);
    assert.deepEqual(await asLegacy(`roles/${owner!.id!}?first=0&max=10&search=desk`), ["desk-agent", "desk-lead"]);
    assert.deepEqual(await asLegacy(`roles/no-such-role?first=0&max=10&search=desk`), [
      "desk-agent",
      "desk-lead",
      "desk-owner",
    ]);
  });

  it("with v2 off, a role's composite candidates are offered to manage-users holders only, not for manage-realm", async () => {
    const realm = "fgap-off";
    await createRealm(masterAdmin(server), realm);
    const off = new KcAdminClient({ baseUrl: server.baseUrl, realmName: realm });
    off.setAccessToken(kc.accessToken!);
    const tools = await off.clients.create({ clientId: "tools" });
    for (const name of ["tool-a", "tool-b"]) await off.clients.createRole({ id: tools.id, name });
    const [toolA, toolB] = await Promise.all(
      ["tool-a", "tool-b"].map((roleName) => off.clients.findRole({ id: tools.id, roleName })),
    );
    await off.roles.createComposite({ roleId: toolB!.id! }, [toolA as never]);
    const [management] = await off.clients.find({ clientId: "realm-management" });
    const candidates = async (role: string) => {
      const username = `holds-${role}`;
      const { id } = await off.users.create({ username, enabled: true, ...completeProfile(username) });
      await off.users.resetPassword({ id, credential: { type: "password", value: "pw", temporary: false } });
      const adminRole = await off.clients.findRole({ id: management!.id!, roleName: role });
      await off.users.addClientRoleMappings({ id, clientUniqueId: management!.id!, roles: [adminRole as never] });
      const holder = new KcAdminClient({ baseUrl: server.baseUrl, realmName: realm });
      await holder.auth({ username, password: "pw", grantType: "password", clientId: "admin-cli" });
      const response = await fetch(
        `${server.baseUrl}/admin/realms/${realm}/ui-ext/available-roles/roles/${toolB!.id}?first=0&max=10&search=tool`,
        { headers: { authorization: `Bearer ${holder.accessToken}` } },
      );
      assert.equal(response.status, 200, role);
      return ((await response.json()) as { role: string }[]).map((row) => row.role);
    };
    assert.deepEqual(await candidates("manage-users"), ["tool-a"], "tool-a though tool-b already holds it");
    assert.deepEqual(await candidates("manage-realm"), [], "manage-realm is not enough");
    await masterAdmin(server)(`/admin/realms/${realm}`, { method: "DELETE" });
  });

  it("client scopes need view / manage on every client; the clients v2 API checks each client as v1 (ClientPermissionsV2)", async () => {
    await user("scopekeeper");
    await managementRole("scopekeeper", "query-clients");
    const lobby = await kc.clients.create({ clientId: "lobby" });
    await grant("scopekeeper", "Clients", ["view", "manage"], [lobby.id]);
    const keeper = await signIn("scopekeeper");
    keeper.setConfig({ realmName: REALM });
    const { id: scopeId } = await kc.clientScopes.create({ name: "keeper-scope", protocol: "openid-connect" });
    const v2 = async (path: string, method = "GET", body?: unknown) => {
      const response = await fetch(`${server.baseUrl}/admin/api/${REALM}/clients/v2${path}`, {
        method,
        headers: { authorization: `Bearer ${keeper.accessToken}`, "content-type": "application/json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, body: response.status === 200 ? await response.json() : undefined };
    };

    // One client granted: client scopes are not reached (they need a grant on every client); v2 lists that client.
    assert.deepEqual(await keeper.clientScopes.find(), [], "query-clients lists, no view on all clients: empty");
    assert.equal(await status(keeper.clientScopes.findOne({ id: scopeId })), 403);
    // (the admin client answers a 404 as null; a 403 would throw)
    assert.equal(await keeper.clientScopes.findOne({ id: "no-such-scope" }), null, "unknown: 404");
    assert.equal(await status(keeper.clientScopes.create({ name: "by-keeper", protocol: "openid-connect" })), 403);
    const listed = (await v2("?fields=clientId")).body as { clientId: string }[];
    assert.deepEqual(
      listed.map((client) => client.clientId),
      ["lobby"],
    );
    assert.equal((await v2("/lobby")).status, 200);
    assert.equal((await v2("/desk")).status, 403);
    assert.equal((await v2("/desk", "DELETE")).status, 403);
    assert.equal((await v2("", "POST", { clientId: "by-keeper" })).status, 403);

    // clientadmin holds view and manage on every client (the test before): client scopes are read and changed.
    // (A second admin's grant on every client would be decided together with that one's, unanimously.)
    const admin = await signIn("clientadmin");
    admin.setConfig({ realmName: REALM });
    const names = (await admin.clientScopes.find()).map((scope) => scope.name);
    assert.ok(names.includes("keeper-scope"), `listed: ${names.join(",")}`);
    assert.equal((await admin.clientScopes.findOne({ id: scopeId }))?.name, "keeper-scope");
    assert.equal(await status(admin.clientScopes.update({ id: scopeId }, { description: "by admin" })), 200);
    assert.equal((await kc.clientScopes.findOne({ id: scopeId }))?.description, "by admin");
    assert.equal(await status(admin.clientScopes.create({ name: "by-admin", protocol: "openid-connect" })), 200);
    assert.equal(await status(admin.clientScopes.del({ id: scopeId })), 200);
    const created = await fetch(`${server.baseUrl}/admin/api/${REALM}/clients/v2`, {
      method: "POST",
      headers: { authorization: `Bearer ${admin.accessToken}`, "content-type": "application/json" },
      body: JSON.stringify({ clientId: "by-clientadmin-v2" }),
    });
    assert.equal(created.status, 201);
  });

  it("deleting a user removes its own resource from the admin-permissions resource server", async () => {
    const before = (await kc.clients.listResources({ id: clientId })).map((r) => r.name);
    assert.ok(before.includes(ids.mallory!));
    await kc.users.del({ id: ids.mallory! });
    const after = (await kc.clients.listResources({ id: clientId })).map((r) => r.name);
    assert.ok(!after.includes(ids.mallory!));
    const [shop] = await kc.clients.find({ clientId: "shop" });
    await kc.clients.del({ id: shop!.id! });
    assert.ok(!(await kc.clients.listResources({ id: clientId })).some((r) => r.name === shop!.id));
  });
});
