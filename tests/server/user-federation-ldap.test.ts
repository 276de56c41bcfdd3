import { after, before, beforeEach, describe, it } from "node:test";
import assert from "node:assert/strict";
import KcAdminClient from "@keycloak/keycloak-admin-client";
import { Attribute, Change } from "ldapts";
import { UnmanagedAttributePolicy } from "@keycloak/keycloak-admin-client/lib/defs/userProfileMetadata.js";
import { adminToken, startTestServer, type TestServer } from "../support/server.ts";
import { FULL_ACCESS_TOKENS } from "../support/admin-api.ts";
import { objectGuidSchema, startLdapServer, type LdapServer } from "../support/ldap-server.ts";

const REALM = "fed";
const STORAGE = "org.keycloak.storage.UserStorageProvider";
const MAPPER = "org.keycloak.storage.ldap.mappers.LDAPStorageMapper";

/** Status and body of a failed admin client call. */
async function failure(call: Promise<unknown>): Promise<{ status: number; body: Record<string, unknown> }> {
  try {
    await call;
  } catch (error) {
    const e = error as { response?: Response; responseData?: unknown };
    return { status: e.response?.status ?? 0, body: (e.responseData ?? {}) as Record<string, unknown> };
  }
  throw new Error("the call succeeded");
}

/** Signs in with the password grant of admin-cli in the realm; the HTTP status. */
async function signIn(server: TestServer, username: string, password: string): Promise<number> {
  const res = await fetch(`${server.baseUrl}/realms/${REALM}/protocol/openid-connect/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "password", client_id: "admin-cli", username, password }),
  });
  return res.status;
}

const SUFFIX = "dc=example,dc=org";
/** Roles as groupOfNames entries under ou=Roles, for the role mapper. */
const rolesLdif = [
  `dn: ou=Roles,${SUFFIX}\nobjectClass: organizationalUnit\nou: Roles\n`,
  `dn: cn=auditor,ou=Roles,${SUFFIX}\nobjectClass: groupOfNames\ncn: auditor\nmember: uid=jbrown,ou=People,${SUFFIX}\n`,
  `dn: cn=reviewer,ou=Roles,${SUFFIX}\nobjectClass: groupOfNames\ncn: reviewer\nmember: uid=jbrown,ou=People,${SUFFIX}\nmember: uid=bwilson,ou=People,${SUFFIX}\n`,
].join("\n");

describe("user federation with OpenLDAP through Keycloak's admin client", () => {
  let server: TestServer;
  let ldap: LdapServer;
  let kc: KcAdminClient;

  const ldapConfig = (editMode: string, extra: Record<string, string[]> = {}) => ({
    enabled: ["true"],
    vendor: ["other"],
    connectionUrl: [ldap.url],
    bindDn: [ldap.bindDn],
    bindCredential: [ldap.bindCredential],
    authType: ["simple"],
    editMode: [editMode],
    usersDn: [ldap.usersDn],
    usernameLDAPAttribute: ["uid"],
    rdnLDAPAttribute: ["uid"],
    uuidLDAPAttribute: ["entryUUID"],
    userObjectClasses: ["inetOrgPerson, organizationalPerson"],
    searchScope: ["1"],
    pagination: ["true"],
    importEnabled: ["true"],
    batchSizeForSync: ["2"],
    ...extra,
  });
  const createProvider = async (name: string, editMode: string, extra: Record<string, string[]> = {}) =>
    (
      await kc.components.create({
        name,
        providerId: "ldap",
        providerType: STORAGE,
        config: ldapConfig(editMode, extra),
      })
    ).id;

  /** An admin client of a new realm of its own. */
  const clientOfNewRealm = async (realm: string) => {
    const client = new KcAdminClient({ baseUrl: server.baseUrl, realmName: "master" });
    client.setAccessToken(await adminToken(server.baseUrl));
    await client.realms.create({ realm, enabled: true });
    client.setConfig({ realmName: realm });
    return client;
  };
  /** A group mapper of the test directory's groups. */
  const groupMapperOf = (parentId: string | undefined, mode: string) => ({
    name: "groups",
    providerId: "group-ldap-mapper",
    providerType: MAPPER,
    parentId,
    config: { "groups.dn": [ldap.groupsDn], "membership.ldap.attribute": ["member"], mode: [mode] },
  });

  before(async () => {
    [server, ldap] = await Promise.all([
      startTestServer({ args: ["--seed-demo", "false"], env: { KC_PERIODIC_SYNC_CHECK_MS: "200" } }),
      startLdapServer({ extraLdif: rolesLdif, schema: objectGuidSchema }),
    ]);
    kc = new KcAdminClient({ baseUrl: server.baseUrl, realmName: "master" });
    kc.setAccessToken(await adminToken(server.baseUrl));
    await kc.realms.create({ realm: REALM, enabled: true, adminEventsEnabled: true, adminEventsDetailsEnabled: true });
    kc.setConfig({ realmName: REALM });
  });
  beforeEach(async () => kc.setAccessToken(await adminToken(server.baseUrl)));
  after(async () => {
    await server?.dispose();
    await ldap?.stop();
  });

  it("tests the connection and the authentication as Keycloak does, the stored secret with componentId", async () => {
    await kc.realms.testLDAPConnection({ realm: REALM }, { action: "testConnection", connectionUrl: ldap.url });
    const base = { action: "testAuthentication", connectionUrl: ldap.url, bindDn: ldap.bindDn, authType: "simple" };
    await kc.realms.testLDAPConnection({ realm: REALM }, { ...base, bindCredential: ldap.bindCredential });
    const wrong = await failure(kc.realms.testLDAPConnection({ realm: REALM }, { ...base, bindCredential: "wrong" }));
    assert.equal(wrong.status, 400);
    assert.equal(wrong.body.errorMessage, "AuthenticationFailure", "Keycloak 26.7.3's key");
    const down = await failure(
      kc.realms.testLDAPConnection({ realm: REALM }, { action: "testConnection", connectionUrl: "ldap://127.0.0.1:1" }),
    );
    assert.equal(down.status, 400);
    assert.equal(down.body.errorMessage, "SocketReset", "Keycloak 26.7.3 answers a refused connection so");
    const id = await createProvider("secret-check", "READ_ONLY");
    await kc.realms.testLDAPConnection({ realm: REALM }, { ...base, bindCredential: "**********", componentId: id });
    const capabilities = (await kc.realms.ldapServerCapabilities(
      { realm: REALM },
      {
        action: "queryServerCapabilities",
        connectionUrl: ldap.url,
        bindDn: ldap.bindDn,
        bindCredential: ldap.bindCredential,
        authType: "simple",
      },
    )) as { oid: string; type: string }[];
    // 1.2.840.113556.1.4.319 is the paged results control; 1.3.6.1.4.1.4203.1.11.1 the password modify operation.
    assert.ok(capabilities.some((c) => c.oid === "1.2.840.113556.1.4.319" && c.type === "CONTROL"));
    assert.ok(capabilities.some((c) => c.oid === "1.3.6.1.4.1.4203.1.11.1" && c.type === "EXTENSION"));
    await kc.components.del({ id });
  });

  it("validates the provider as Keycloak: only editMode is enough, the rest is refused with its messages", async () => {
    const bare = await kc.components.create({
      name: "bare",
      providerId: "ldap",
      providerType: STORAGE,
      config: { editMode: ["READ_ONLY"] },
    });
    const missing = await failure(
      kc.components.create({ name: "x", providerId: "ldap", providerType: STORAGE, config: {} }),
    );
    assert.deepEqual(missing, { status: 400, body: { errorMessage: "Edit Mode is mandatory" } });
    const filter = await failure(
      kc.components.create({
        name: "x",
        providerId: "ldap",
        providerType: STORAGE,
        config: ldapConfig("READ_ONLY", { customUserSearchFilter: ["uid=*"] }),
      }),
    );
    assert.match(String(filter.body.errorMessage), /does not start with "\(" or does not end with "\)"/);
    const unsynced = await failure(
      kc.components.create({
        name: "x",
        providerId: "ldap",
        providerType: STORAGE,
        config: ldapConfig("UNSYNCED", { importEnabled: ["false"] }),
      }),
    );
    assert.equal(unsynced.body.errorMessage, "Can not disable Importing users when LDAP provider mode is UNSYNCED");
    const kerberos = await failure(
      kc.components.create({
        name: "k",
        providerId: "kerberos",
        providerType: STORAGE,
        config: { serverPrincipal: ["HTTP/host@EXAMPLE.ORG "] },
      }),
    );
    assert.equal(kerberos.status, 400);
    assert.match(String(kerberos.body.errorMessage), /whitespace/);
    const mapper = await failure(
      kc.components.create({
        name: "m",
        providerId: "user-attribute-ldap-mapper",
        providerType: MAPPER,
        parentId: bare.id,
        config: { "user.model.attribute": ["department"] },
      }),
    );
    assert.deepEqual(mapper, { status: 400, body: { errorMessage: "Missing configuration for LDAP Attribute" } });
    const sync = await failure(kc.userStorageProvider.sync({ id: bare.id, action: "triggerFullSync" }));
    assert.equal(sync.status, 400);
    await kc.components.del({ id: bare.id });
  });

  it("creates Keycloak's default mappers, syncs all users with the counts, imports group memberships and records an ACTION event", async () => {
    const id = await createProvider("openldap", "READ_ONLY");
    const mappers = await kc.components.find({ parent: id, type: MAPPER });
    assert.deepEqual(mappers.map((m) => m.name).sort(), [
      "Kerberos principal attribute mapper",
      "creation date",
      "email",
      "first name",
      "last name",
      "modify date",
      "username",
    ]);
    const firstName = mappers.find((m) => m.name === "first name")!;
    assert.deepEqual(firstName.config!["ldap.attribute"], ["cn"]);
    assert.deepEqual(firstName.config!["read.only"], ["true"]);
    const group = await kc.components.create({
      name: "groups",
      providerId: "group-ldap-mapper",
      providerType: MAPPER,
      parentId: id,
      config: {
        "groups.dn": [ldap.groupsDn],
        "group.name.ldap.attribute": ["cn"],
        "group.object.classes": ["groupOfNames"],
        "membership.ldap.attribute": ["member"],
        "membership.attribute.type": ["DN"],
        mode: ["READ_ONLY"],
      },
    });

    const result = await kc.userStorageProvider.sync({ id, action: "triggerFullSync" });
    assert.deepEqual(result, {
      ignored: false,
      added: 3,
      updated: 0,
      removed: 0,
      failed: 0,
      status: "3 imported users, 0 updated users",
    });
    const again = await kc.userStorageProvider.sync({ id, action: "triggerChangedUsersSync" });
    assert.equal(again.added, 0);

    const [jbrown] = await kc.users.find({ username: "jbrown", exact: true });
    assert.equal(jbrown!.federationLink, id);
    assert.equal((jbrown as { origin?: string }).origin, id, "Keycloak 26.7.3 names an imported user's origin");
    assert.equal(jbrown!.email, "jbrown@example.org");
    assert.equal(jbrown!.firstName, "James Brown");
    assert.equal(jbrown!.lastName, "Brown");
    assert.deepEqual((await kc.users.listGroups({ id: jbrown!.id! })).map((g) => g.name).sort(), [
      "admins",
      "developers",
    ]);
    assert.deepEqual(await kc.userStorageProvider.name({ id }), { id, name: "openldap" });

    const groupSync = await kc.userStorageProvider.mappersSync({
      parentId: id,
      id: group.id,
      direction: "fedToKeycloak",
    });
    assert.equal(groupSync.updated, 2);

    const events = await kc.realms.findAdminEvents({ realm: REALM, operationTypes: "ACTION" });
    const syncEvents = events.filter((e) => e.resourcePath === `user-storage/${id}/sync`);
    assert.deepEqual(
      syncEvents.map((e) => e.resourceType),
      ["USER_FEDERATION_PROVIDER", "USER_FEDERATION_PROVIDER"],
    );
    const fullSync = JSON.parse(syncEvents[1]!.representation!);
    assert.equal(fullSync.action, "triggerFullSync");
    assert.equal(fullSync.result.added, 3);

    // READ_ONLY: the password is the directory's, edits are refused.
    assert.equal(await signIn(server, "jbrown", "jbrown-pass"), 200);
    assert.equal(
      await signIn(server, "jbrown", "wrong"),
      400,
      "a wrong password is 400 invalid_grant, as Keycloak 26.7 answers",
    );
    const metadata = (await kc.users.findOne({ id: jbrown!.id!, userProfileMetadata: true }))!.userProfileMetadata!;
    const readOnly = metadata.attributes!.filter((a) => a.readOnly).map((a) => a.name);
    // As Keycloak 26.7.3: with the provider's mapped and metadata attributes, all read-only.
    assert.deepEqual(readOnly.sort(), [
      "LDAP_ENTRY_DN",
      "LDAP_ID",
      "createTimestamp",
      "email",
      "firstName",
      "lastName",
      "modifyTimestamp",
      "username",
    ]);
    const edit = await failure(kc.users.update({ id: jbrown!.id! }, { ...jbrown, email: "new@example.org" }));
    assert.equal(edit.status, 400);
    assert.equal(edit.body.errorMessage, "error-user-attribute-read-only");
    const reset = await failure(
      kc.users.resetPassword({
        id: jbrown!.id!,
        credential: { type: "password", value: "x-New-1234", temporary: false },
      }),
    );
    assert.equal(reset.status, 400);
    assert.equal((await kc.users.findOne({ id: jbrown!.id! }))!.email, "jbrown@example.org");

    await kc.userStorageProvider.unlinkUsers({ id });
    assert.equal((await kc.users.findOne({ id: jbrown!.id! }))!.federationLink, undefined);
    await kc.userStorageProvider.removeImportedUsers({ id });
    assert.equal(
      (await kc.users.find({ username: "jbrown", exact: true })).length,
      1,
      "unlinked users are no longer imported ones",
    );
    for (const user of await kc.users.find({})) await kc.users.del({ id: user.id! });
    assert.equal((await kc.userStorageProvider.sync({ id, action: "triggerFullSync" })).added, 3);
    await kc.userStorageProvider.removeImportedUsers({ id });
    assert.equal((await kc.users.count({})) as number, 0);
    const found = await kc.users.find({ search: "*example.org*" });
    assert.equal(found.length, 3, "a search reaches the directory");
    assert.equal((await kc.users.find({ search: "bwil" }))[0]?.username, "bwilson", "searches are by prefix");
    await kc.components.del({ id });
    assert.equal((await kc.users.find({})).length, 0, "deleting the provider removes its users");
  });

  it("WRITABLE pushes profile edits and passwords to LDAP; UNSYNCED keeps edits here; sign-in imports unknown users", async () => {
    const id = await createProvider("writable", "WRITABLE");
    assert.equal(await signIn(server, "bwilson", "bwilson-pass"), 200, "sign-in finds and imports the user");
    const [bwilson] = await kc.users.find({ username: "bwilson", exact: true });
    assert.equal(bwilson!.federationLink, id);
    await kc.users.update({ id: bwilson!.id! }, { ...bwilson, email: "bruce@example.org" });
    assert.equal((await ldap.read(ldap.personDn("bwilson")))!.mail, "bruce@example.org");
    await kc.users.resetPassword({
      id: bwilson!.id!,
      credential: { type: "password", value: "Changed-1234", temporary: false },
    });
    assert.equal(await signIn(server, "bwilson", "Changed-1234"), 200);
    assert.equal(await signIn(server, "bwilson", "bwilson-pass"), 400);
    await kc.components.del({ id });

    const unsynced = await createProvider("unsynced", "UNSYNCED");
    const [rsmith] = await kc.users.find({ search: "rsmith" });
    assert.equal(rsmith!.federationLink, unsynced);
    await kc.users.update({ id: rsmith!.id! }, { ...rsmith, email: "local@example.org" });
    assert.equal((await kc.users.findOne({ id: rsmith!.id! }))!.email, "local@example.org");
    assert.equal((await ldap.read(ldap.personDn("rsmith")))!.mail, "rsmith@example.org");
    await kc.components.del({ id: unsynced });
  });

  it("syncs periodically while the server runs when a full sync period is set", async () => {
    const id = await createProvider("periodic", "READ_ONLY", { fullSyncPeriod: ["1"] });
    const started = Date.now();
    while ((await kc.users.find({ briefRepresentation: true })).filter((u) => u.federationLink === id).length < 3) {
      assert.ok(Date.now() - started < 10_000, "no periodic sync within 10 s");
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const provider = await kc.components.findOne({ id });
    assert.ok(Number(provider!.config!.lastSync![0]) > 0, "the provider's last sync is recorded");
    await kc.components.del({ id });
  });

  it("a Kerberos provider turns the flows' Kerberos executions to ALTERNATIVE, and back to DISABLED when deleted", async () => {
    const spnego = async () =>
      (await kc.authenticationManagement.getExecutions({ flow: "browser" })).find((e) => e.providerId === "auth-spnego")
        ?.requirement;
    assert.equal(await spnego(), "DISABLED");
    const { id } = await kc.components.create({
      name: "kerberos",
      providerId: "kerberos",
      providerType: STORAGE,
      config: { kerberosRealm: ["EXAMPLE.ORG"], serverPrincipal: ["HTTP/host@EXAMPLE.ORG"], keyTab: ["/k"] },
    });
    assert.equal(await spnego(), "ALTERNATIVE");
    await kc.components.del({ id });
    assert.equal(await spnego(), "DISABLED");

    // An LDAP provider's "Allow Kerberos authentication" switches them on update, both ways (Keycloak's onUpdate).
    const ldapId = await createProvider("kerberos-ldap", "READ_ONLY", { allowKerberosAuthentication: ["false"] });
    const setKerberos = async (on: boolean) => {
      const current = (await kc.components.findOne({ id: ldapId }))!;
      await kc.components.update(
        { id: ldapId },
        { ...current, config: { ...current.config, allowKerberosAuthentication: [String(on)] } },
      );
    };
    assert.equal(await spnego(), "DISABLED");
    await setKerberos(true);
    assert.equal(await spnego(), "ALTERNATIVE");
    await setKerberos(false);
    assert.equal(await spnego(), "DISABLED");
    await setKerberos(true);
    // Removing any Kerberos-enabled provider disables them, even while another one still allows Kerberos.
    const { id: second } = await kc.components.create({
      name: "kerberos-2",
      providerId: "kerberos",
      providerType: STORAGE,
      config: { kerberosRealm: ["EXAMPLE.ORG"], serverPrincipal: ["HTTP/host@EXAMPLE.ORG"], keyTab: ["/k"] },
    });
    assert.equal(await spnego(), "ALTERNATIVE");
    await kc.components.del({ id: second });
    assert.equal(await spnego(), "DISABLED", "Keycloak's preRemove disables them regardless");
    await kc.components.del({ id: ldapId });
  });

  it("role mapper syncs roles both ways with real counts; hardcoded role and group mappers; new users and passwords go to a WRITABLE directory", async () => {
    const id = await createProvider("registrations", "WRITABLE", {
      syncRegistrations: ["true"],
      usePasswordModifyExtendedOp: ["true"],
    });
    const roles = await kc.components.create({
      name: "roles",
      providerId: "role-ldap-mapper",
      providerType: MAPPER,
      parentId: id,
      config: {
        "roles.dn": [`ou=Roles,${SUFFIX}`],
        "role.name.ldap.attribute": ["cn"],
        "role.object.classes": ["groupOfNames"],
        "membership.ldap.attribute": ["member"],
        "membership.attribute.type": ["DN"],
        "use.realm.roles.mapping": ["true"],
        mode: ["READ_ONLY"],
      },
    });
    const fromLdap = await kc.userStorageProvider.mappersSync({
      parentId: id,
      id: roles.id,
      direction: "fedToKeycloak",
    });
    assert.deepEqual(
      { added: fromLdap.added, updated: fromLdap.updated, failed: fromLdap.failed },
      { added: 2, updated: 0, failed: 0 },
    );
    // Keycloak 26.7.3's words for a role mapper's sync (seen on it).
    assert.equal(fromLdap.status, "2 imported roles, 0 roles already exists in Keycloak");
    assert.ok(await kc.roles.findOneByName({ name: "auditor" }), "the LDAP role is a realm role now");
    assert.equal(
      (await kc.userStorageProvider.mappersSync({ parentId: id, id: roles.id, direction: "fedToKeycloak" })).updated,
      2,
    );
    await kc.groups.create({ name: "directory-users" });
    const offline = await kc.components.create({
      name: "offline",
      providerId: "hardcoded-ldap-role-mapper",
      providerType: MAPPER,
      parentId: id,
      config: { role: ["offline_access"] },
    });
    await kc.components.create({
      name: "everyone",
      providerId: "hardcoded-ldap-group-mapper",
      providerType: MAPPER,
      parentId: id,
      config: { group: ["/directory-users"] },
    });
    await kc.userStorageProvider.sync({ id, action: "triggerFullSync" });
    const [jbrown] = await kc.users.find({ username: "jbrown", exact: true });
    const realmRoles = (await kc.users.listRealmRoleMappings({ id: jbrown!.id! })).map((r) => r.name);
    for (const name of ["auditor", "reviewer", "offline_access"]) assert.ok(realmRoles.includes(name), name);
    assert.ok((await kc.users.listGroups({ id: jbrown!.id! })).some((g) => g.name === "directory-users"));
    // Hardcoded grants are the mappers' (as Keycloak: shown, not stored, not removable).
    const offlineRole = (await kc.roles.findOneByName({ name: "offline_access" }))!;
    const removal = await failure(
      kc.users.delRealmRoleMappings({ id: jbrown!.id!, roles: [{ id: offlineRole.id!, name: "offline_access" }] }),
    );
    assert.deepEqual(removal, {
      status: 400,
      body: { errorMessage: "Not possible to delete role. It's hardcoded by LDAP mapper" },
    });
    const [everyone] = await kc.groups.find({ search: "directory-users" });
    const leave = await failure(kc.users.delFromGroup({ id: jbrown!.id!, groupId: everyone!.id! }));
    assert.equal(leave.body.errorMessage, "Not possible to delete group. It's hardcoded by LDAP mapper");
    await kc.components.del({ id: offline.id });
    const afterRemoval = (await kc.users.listRealmRoleMappings({ id: jbrown!.id! })).map((r) => r.name);
    assert.ok(!afterRemoval.includes("offline_access"), "gone with its mapper: it was never stored");

    await kc.roles.create({ name: "release-manager" });
    const toLdap = await kc.userStorageProvider.mappersSync({ parentId: id, id: roles.id, direction: "keycloakToFed" });
    assert.ok((toLdap.added ?? 0) >= 1 && toLdap.updated === 2, JSON.stringify(toLdap));
    assert.equal(toLdap.status, `${toLdap.added} roles imported to LDAP, 2 roles already existed in LDAP`);
    assert.equal((await ldap.read(`cn=release-manager,ou=Roles,${SUFFIX}`))!.cn, "release-manager");

    // Sync registrations: a user created here is created in the directory, its password set by the password
    // modify extended operation (OpenLDAP hashes what it receives that way).
    // New entries get the hardcoded LDAP attribute mappers' values; a password given at creation goes to LDAP only.
    await kc.components.create({
      name: "description",
      providerId: "hardcoded-ldap-attribute-mapper",
      providerType: MAPPER,
      parentId: id,
      config: { "ldap.attribute.name": ["description"], "ldap.attribute.value": ["created by the console"] },
    });
    const created = await kc.users.create({
      username: "newbie",
      email: "newbie@example.org",
      firstName: "New",
      lastName: "Person",
      enabled: true,
      credentials: [{ type: "password", value: "First-1234", temporary: false }],
    });
    const entry = await ldap.read(ldap.personDn("newbie"));
    assert.equal(entry!.mail, "newbie@example.org");
    assert.equal(entry!.sn, "Person");
    assert.equal(entry!.description, "created by the console");
    assert.match(String(entry!.userPassword), /^\{SSHA\}/);
    assert.deepEqual(await kc.users.getCredentials({ id: created.id }), [], "no local password");
    assert.equal(await signIn(server, "newbie", "First-1234"), 200);
    assert.equal((await kc.users.findOne({ id: created.id }))!.federationLink, id);
    await kc.users.resetPassword({
      id: created.id,
      credential: { type: "password", value: "Newbie-1234", temporary: false },
    });
    assert.match(String((await ldap.read(ldap.personDn("newbie")))!.userPassword), /^\{SSHA\}/);
    assert.equal(await signIn(server, "newbie", "Newbie-1234"), 200);
    const client = await ldap.client();
    await client.del(ldap.personDn("newbie"));
    await client.unbind();
    await kc.components.del({ id });
  });

  it("with Import users off, users are read from the directory on every lookup and never stored; WRITABLE edits reach LDAP, READ_ONLY refuses them", async () => {
    const id = await createProvider("no-import", "WRITABLE", { importEnabled: ["false"] });
    const sync = await kc.userStorageProvider.sync({ id, action: "triggerFullSync" });
    assert.equal(sync.ignored, true, "Keycloak ignores syncs of a provider that imports nothing");

    let [rsmith] = await kc.users.find({ search: "rsm" });
    assert.equal(rsmith!.id, `f:${id}:rsmith`, "Keycloak's storage id: f:{provider id}:{username}");
    // Keycloak 26.7.3 links a user served without import to its provider too, in full and brief representations.
    assert.equal(rsmith!.federationLink, id, "federation link without import");
    assert.equal((rsmith as { origin?: string }).origin, id, "origin without import");
    const briefs = await kc.users.find({ search: "rsmith", briefRepresentation: true });
    assert.equal(briefs.length, 1);
    assert.deepEqual([briefs[0]!.federationLink, (briefs[0] as { origin?: string }).origin], [id, id], "brief");
    assert.equal(rsmith!.email, "rsmith@example.org");

    // A change made in the directory shows on the next lookup: nothing was copied.
    const client = await ldap.client();
    await client.modify(
      ldap.personDn("rsmith"),
      new Change({ operation: "replace", modification: new Attribute({ type: "sn", values: ["Smythe"] }) }),
    );
    await client.unbind();
    assert.equal((await kc.users.findOne({ id: rsmith!.id! }))!.lastName, "Smythe");

    assert.equal(await signIn(server, "rsmith", "rsmith-pass"), 200, "the directory checks the password");
    // Sent as read now: a stale modifyTimestamp would be refused, as Keycloak refuses it.
    rsmith = (await kc.users.findOne({ id: rsmith!.id! }))!;
    await kc.users.update({ id: rsmith!.id! }, { ...rsmith, lastName: "Smith", email: "robert@example.org" });
    const entry = await ldap.read(ldap.personDn("rsmith"));
    assert.equal(entry!.mail, "robert@example.org");
    assert.equal(entry!.sn, "Smith");
    await kc.users.resetPassword({
      id: rsmith!.id!,
      credential: { type: "password", value: "Robert-1234", temporary: false },
    });
    assert.equal(await signIn(server, "rsmith", "Robert-1234"), 200);
    assert.equal(await signIn(server, "rsmith", "rsmith-pass"), 400);
    await kc.users.resetPassword({
      id: rsmith!.id!,
      credential: { type: "password", value: "rsmith-pass", temporary: false },
    });
    // Read again: the edits and password changes above moved the entry's modifyTimestamp, which is read-only.
    rsmith = (await kc.users.findOne({ id: rsmith!.id! }))!;
    await kc.users.update({ id: rsmith!.id! }, { ...rsmith, email: "rsmith@example.org" });
    // What is kept here of a user served without import goes with its provider, not when the user is next read:
    // a provider re-created with the same id (a realm import) starts afresh.
    const auditor = await kc.roles
      .create({ name: "no-import-auditor" })
      .then(() => kc.roles.findOneByName({ name: "no-import-auditor" }));
    await kc.users.addRealmRoleMappings({ id: rsmith!.id!, roles: [{ id: auditor!.id!, name: auditor!.name! }] });
    const { id: crew } = await kc.groups.create({ name: "no-import-crew" });
    await kc.users.addToGroup({ id: rsmith!.id!, groupId: crew });
    const config = (await kc.components.findOne({ id }))!;
    await kc.components.del({ id });
    await kc.components.create({ ...config, id, config: ldapConfig("WRITABLE", { importEnabled: ["false"] }) });
    const [again] = await kc.users.find({ username: "rsmith", exact: true });
    assert.equal(again!.id, rsmith!.id);
    const againRoles = (await kc.users.listRealmRoleMappings({ id: again!.id! })).map((r) => r.name);
    assert.ok(!againRoles.includes("no-import-auditor"), "the grant went with the deleted provider");
    assert.deepEqual(await kc.users.listGroups({ id: again!.id! }), []);
    await kc.components.del({ id });
    await kc.roles.delByName({ name: "no-import-auditor" });
    await kc.groups.del({ id: crew });
    assert.equal(await kc.users.findOne({ id: rsmith!.id! }), null, "404: gone with its provider");
    assert.equal((await kc.users.find({ search: "rsmith" })).length, 0, "nothing of it was stored");

    const readOnly = await createProvider("no-import-read-only", "READ_ONLY", { importEnabled: ["false"] });
    const [jbrown] = await kc.users.find({ username: "jbrown", exact: true });
    assert.equal(jbrown!.id, `f:${readOnly}:jbrown`);
    const edit = await failure(kc.users.update({ id: jbrown!.id! }, { ...jbrown, email: "other@example.org" }));
    assert.equal(edit.status, 400);
    assert.equal(edit.body.errorMessage, "error-user-attribute-read-only");
    const reset = await failure(
      kc.users.resetPassword({
        id: jbrown!.id!,
        credential: { type: "password", value: "x-New-1234", temporary: false },
      }),
    );
    assert.equal(reset.status, 400);
    assert.equal((await ldap.read(ldap.personDn("jbrown")))!.mail, "jbrown@example.org");
    await kc.components.del({ id: readOnly });
  });

  it("group and role mappers honour their mode and retrieve strategy; a role mapper maps a client's roles", async () => {
    const id = await createProvider("modes", "READ_ONLY");
    const roleMapper = {
      name: "roles",
      providerId: "role-ldap-mapper",
      providerType: MAPPER,
      parentId: id,
      config: {
        "roles.dn": [`ou=Roles,${SUFFIX}`],
        "role.name.ldap.attribute": ["cn"],
        "role.object.classes": ["groupOfNames"],
        "membership.ldap.attribute": ["member"],
        "membership.attribute.type": ["DN"],
        "use.realm.roles.mapping": ["true"],
        "user.roles.retrieve.strategy": ["LOAD_ROLES_BY_MEMBER_ATTRIBUTE"],
        mode: ["READ_ONLY"],
      },
    };
    const { id: mapperId } = await kc.components.create(roleMapper);
    const setMapper = (config: Record<string, string[]>) =>
      kc.components.update({ id: mapperId }, { ...roleMapper, config: { ...roleMapper.config, ...config } });
    await kc.userStorageProvider.sync({ id, action: "triggerFullSync" });
    const userNamed = async (username: string) => (await kc.users.find({ username, exact: true }))[0]!;
    const realmRolesOf = async (username: string) =>
      (await kc.users.listRealmRoleMappings({ id: (await userNamed(username)).id! })).map((r) => r.name).sort();
    const jbrown = await userNamed("jbrown");
    const auditor = (await kc.roles.findOneByName({ name: "auditor" }))!;
    assert.ok((await realmRolesOf("jbrown")).includes("auditor"));
    const auditorMembers = async () => [(await ldap.read(`cn=auditor,ou=Roles,${SUFFIX}`))!.member].flat();

    // READ_ONLY: a membership LDAP holds cannot be removed here.
    const refused = await failure(
      kc.users.delRealmRoleMappings({ id: jbrown.id!, roles: [{ id: auditor.id!, name: "auditor" }] }),
    );
    assert.deepEqual(refused, {
      status: 400,
      body: { errorMessage: "Not possible to delete LDAP role mappings as mapper mode is READ_ONLY" },
    });

    // LDAP_ONLY: granting and removing write the role entries' members.
    await setMapper({ mode: ["LDAP_ONLY"] });
    await kc.roles.create({ name: "editor" });
    const editor = (await kc.roles.findOneByName({ name: "editor" }))!;
    await kc.users.addRealmRoleMappings({ id: jbrown.id!, roles: [{ id: editor.id!, name: "editor" }] });
    assert.equal((await ldap.read(`cn=editor,ou=Roles,${SUFFIX}`))!.member, ldap.personDn("jbrown"));
    await kc.users.delRealmRoleMappings({ id: jbrown.id!, roles: [{ id: auditor.id!, name: "auditor" }] });
    assert.ok(!(await auditorMembers()).includes(ldap.personDn("jbrown")), "jbrown left auditor in LDAP");
    assert.ok(!(await realmRolesOf("jbrown")).includes("auditor"));
    const client = await ldap.client();
    await client.del(`cn=editor,ou=Roles,${SUFFIX}`);
    await client.modify(
      `cn=auditor,ou=Roles,${SUFFIX}`,
      new Change({
        operation: "add",
        modification: new Attribute({ type: "member", values: [ldap.personDn("jbrown")] }),
      }),
    );

    // The memberOf strategy reads the roles from an attribute of the user's entry (here seeAlso: slapadd and
    // this slapd have no memberOf overlay), not from the role entries' members.
    await client.modify(
      ldap.personDn("rsmith"),
      new Change({
        operation: "add",
        modification: new Attribute({ type: "seeAlso", values: [`cn=reviewer,ou=Roles,${SUFFIX}`] }),
      }),
    );
    await setMapper({
      mode: ["READ_ONLY"],
      "user.roles.retrieve.strategy": ["GET_ROLES_FROM_USER_MEMBEROF_ATTRIBUTE"],
      "memberof.ldap.attribute": ["seeAlso"],
    });
    await kc.userStorageProvider.sync({ id, action: "triggerFullSync" });
    assert.ok((await realmRolesOf("rsmith")).includes("reviewer"), "rsmith's seeAlso names reviewer");
    assert.ok(!(await realmRolesOf("jbrown")).includes("auditor"), "member attributes are not read");

    // IMPORT: memberships are copied when a user is imported, and not changed by later syncs.
    await setMapper({
      mode: ["IMPORT"],
      "user.roles.retrieve.strategy": ["GET_ROLES_FROM_USER_MEMBEROF_ATTRIBUTE"],
      "memberof.ldap.attribute": ["seeAlso"],
    });
    await kc.userStorageProvider.removeImportedUsers({ id });
    await kc.userStorageProvider.sync({ id, action: "triggerFullSync" });
    assert.ok((await realmRolesOf("rsmith")).includes("reviewer"));
    await client.modify(
      ldap.personDn("rsmith"),
      new Change({ operation: "delete", modification: new Attribute({ type: "seeAlso", values: [] }) }),
    );
    await kc.userStorageProvider.sync({ id, action: "triggerFullSync" });
    assert.ok((await realmRolesOf("rsmith")).includes("reviewer"), "kept: IMPORT copied it once");
    await client.unbind();
    await kc.components.del({ id: mapperId });

    // Client roles: with realm roles mapping off, the LDAP roles become the client's roles.
    await kc.clients.create({ clientId: "ledger" });
    const [ledger] = await kc.clients.find({ clientId: "ledger" });
    await kc.components.create({
      ...roleMapper,
      name: "client roles",
      config: { ...roleMapper.config, "use.realm.roles.mapping": ["false"], "client.id": ["ledger"] },
    });
    await kc.userStorageProvider.removeImportedUsers({ id });
    await kc.userStorageProvider.sync({ id, action: "triggerFullSync" });
    const ledgerRoles = await kc.users.listClientRoleMappings({
      id: (await userNamed("jbrown")).id!,
      clientUniqueId: ledger!.id!,
    });
    // (ou=Roles also holds the realm roles an earlier test pushed to LDAP: jbrown is in some of them.)
    for (const name of ["auditor", "reviewer"])
      assert.ok(
        ledgerRoles.some((r) => r.name === name && r.containerId === ledger!.id),
        `ledger's ${name} role is jbrown's`,
      );

    // A group mapper in LDAP_ONLY mode writes a join and a leave to the group's entry.
    await kc.components.create({
      name: "groups",
      providerId: "group-ldap-mapper",
      providerType: MAPPER,
      parentId: id,
      config: { "groups.dn": [ldap.groupsDn], "membership.ldap.attribute": ["member"], mode: ["LDAP_ONLY"] },
    });
    const { id: opsId } = await kc.groups.create({ name: "ops" });
    const bwilson = await userNamed("bwilson");
    await kc.users.addToGroup({ id: bwilson.id!, groupId: opsId });
    assert.equal((await ldap.read(`cn=ops,${ldap.groupsDn}`))!.member, ldap.personDn("bwilson"));
    await kc.users.delFromGroup({ id: bwilson.id!, groupId: opsId });
    assert.equal((await ldap.read(`cn=ops,${ldap.groupsDn}`))!.member, "", "the empty placeholder member");
    await kc.components.del({ id });
  });

  it("READ_ONLY and LDAP_ONLY mappers read memberships from LDAP on every use and store none", async () => {
    const live = await clientOfNewRealm("live");
    const client = await ldap.client();
    const rsmithDn = ldap.personDn("rsmith");
    const members = (values: string[]) => new Attribute({ type: "member", values });
    const setMembers = (dn: string, values: string[]) =>
      client.modify(dn, new Change({ operation: "replace", modification: members(values.length ? values : [""]) }));
    const nightShift = `cn=night-shift,${ldap.groupsDn}`;
    const weekend = `cn=weekend,${ldap.groupsDn}`;
    const onCall = `cn=on-call,ou=Roles,${SUFFIX}`;
    for (const dn of [nightShift, weekend, onCall])
      await client.add(dn, { objectClass: "groupOfNames", cn: dn.slice(3, dn.indexOf(",")), member: rsmithDn });
    await setMembers(weekend, []);
    await client.modify(
      rsmithDn,
      new Change({
        operation: "replace",
        modification: new Attribute({ type: "userPassword", values: ["live-pass"] }),
      }),
    );

    const { id } = await live.components.create({
      name: "live-ldap",
      providerId: "ldap",
      providerType: STORAGE,
      config: ldapConfig("READ_ONLY"),
    });
    const groupMapper = groupMapperOf(id, "READ_ONLY");
    const { id: groupMapperId } = await live.components.create(groupMapper);
    const { id: roleMapperId } = await live.components.create({
      name: "roles",
      providerId: "role-ldap-mapper",
      providerType: MAPPER,
      parentId: id,
      config: {
        "roles.dn": [`ou=Roles,${SUFFIX}`],
        "membership.ldap.attribute": ["member"],
        "use.realm.roles.mapping": ["true"],
        mode: ["READ_ONLY"],
      },
    });
    await live.userStorageProvider.sync({ id: id!, action: "triggerFullSync" });
    const [rsmith] = await live.users.find({ username: "rsmith", exact: true });
    const groupsOf = async () => (await live.users.listGroups({ id: rsmith!.id! })).map((g) => g.name).sort();
    const realmRolesOf = async () =>
      (await live.users.listRealmRoleMappings({ id: rsmith!.id! }))
        .map((r) => r.name)
        .filter((n) => n !== "default-roles-live");
    // the token's roles are read: admin-cli's tokens are lightweight (as on Keycloak) unless turned off
    const [adminCli] = await live.clients.find({ clientId: "admin-cli" });
    await live.clients.update(
      { id: adminCli!.id! },
      { ...adminCli, attributes: { ...adminCli!.attributes, ...FULL_ACCESS_TOKENS } },
    );
    const tokenRoles = async () => {
      const res = await fetch(`${server.baseUrl}/realms/live/protocol/openid-connect/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "password",
          client_id: "admin-cli",
          username: "rsmith",
          password: "live-pass",
        }),
      });
      assert.equal(res.status, 200);
      const { access_token } = (await res.json()) as { access_token: string };
      const payload = JSON.parse(Buffer.from(access_token.split(".")[1]!, "base64url").toString());
      return (payload.realm_access?.roles ?? []) as string[];
    };
    const imported = await live.users.listRealmRoleMappings({ id: rsmith!.id! });
    assert.ok(
      imported.some((role) => role.name === "default-roles-live"),
      `an imported user has its realm's default role: ${imported.map((r) => r.name)}`,
    );
    assert.deepEqual(await groupsOf(), ["night-shift"]);
    assert.deepEqual(await realmRolesOf(), ["on-call"]);
    assert.ok((await tokenRoles()).includes("on-call"));

    // Changed in LDAP only, no sync: the next read shows it, and so does the next token.
    await setMembers(nightShift, []);
    await setMembers(weekend, [rsmithDn]);
    await setMembers(onCall, []);
    assert.deepEqual(await groupsOf(), ["weekend"]);
    assert.deepEqual(await realmRolesOf(), []);
    assert.ok(!(await tokenRoles()).includes("on-call"), "the token's roles are LDAP's of now");
    await setMembers(onCall, [rsmithDn]);
    assert.ok((await tokenRoles()).includes("on-call"));

    // READ_ONLY adds LDAP's groups to those stored here; LDAP_ONLY shows LDAP's alone and writes joins there only.
    const { id: localTeam } = await live.groups.create({ name: "local-team" });
    await live.users.addToGroup({ id: rsmith!.id!, groupId: localTeam });
    assert.deepEqual(await groupsOf(), ["local-team", "weekend"]);
    await live.components.update(
      { id: groupMapperId },
      { ...groupMapper, config: { ...groupMapper.config, mode: ["LDAP_ONLY"] } },
    );
    assert.deepEqual(await groupsOf(), ["weekend"]);
    const { id: joined } = await live.groups.create({ name: "ldap-joined" });
    await live.users.addToGroup({ id: rsmith!.id!, groupId: joined });
    assert.equal((await ldap.read(`cn=ldap-joined,${ldap.groupsDn}`))!.member, rsmithDn);
    assert.deepEqual(await groupsOf(), ["ldap-joined", "weekend"]);

    // Nothing of it was stored: without the mappers only the stored membership is left.
    await live.components.del({ id: groupMapperId });
    await live.components.del({ id: roleMapperId });
    assert.deepEqual(await groupsOf(), ["local-team"]);
    assert.deepEqual(await realmRolesOf(), []);
    for (const dn of [nightShift, weekend, onCall, `cn=ldap-joined,${ldap.groupsDn}`]) await client.del(dn);
    await client.unbind();
    await live.components.del({ id: id! });
  });

  it("group members and role users lists page over the stored members, then those READ_ONLY and LDAP_ONLY mappers keep in LDAP", async () => {
    const members = await clientOfNewRealm("members");
    const { id } = await members.components.create({
      name: "members-ldap",
      providerId: "ldap",
      providerType: STORAGE,
      config: ldapConfig("READ_ONLY"),
    });
    const groupMapper = groupMapperOf(id, "READ_ONLY");
    const { id: groupMapperId } = await members.components.create(groupMapper);
    const roleMapper = (clientId?: string) => ({
      name: clientId ? `${clientId}-roles` : "roles",
      providerId: "role-ldap-mapper",
      providerType: MAPPER,
      parentId: id,
      config: {
        "roles.dn": [`ou=Roles,${SUFFIX}`],
        "membership.ldap.attribute": ["member"],
        "use.realm.roles.mapping": [clientId ? "false" : "true"],
        ...(clientId ? { "client.id": [clientId] } : {}),
        mode: ["LDAP_ONLY"],
      },
    });
    await members.components.create(roleMapper());
    const { id: crm } = await members.clients.create({ clientId: "crm" });
    await members.components.create(roleMapper("crm"));
    await members.roles.create({ name: "reviewer" });
    await members.clients.createRole({ id: crm, name: "auditor" });
    await members.clients.createRole({ id: crm, name: "unmapped-in-ldap" });
    const { id: developers } = await members.groups.create({ name: "developers" });
    const { id: zed } = await members.users.create({ username: "zed", enabled: true });
    await members.users.addToGroup({ id: zed, groupId: developers });

    // No sync ran: the directory's members are imported as the list reaches them, after the stored members.
    const names = (users: { username?: string }[]) => users.map((u) => u.username);
    assert.deepEqual(names(await members.groups.listMembers({ id: developers })), ["zed", "bwilson", "jbrown"]);
    const pages = [];
    for (const first of [0, 1, 2, 3])
      pages.push(names(await members.groups.listMembers({ id: developers, first, max: 1 })));
    assert.deepEqual(
      pages,
      [["zed"], ["bwilson"], ["jbrown"], []],
      "paged on the server across stored and LDAP members",
    );
    const [jbrown] = await members.users.find({ username: "jbrown", exact: true });
    assert.equal(jbrown!.federationLink, id, "listing imported the member");

    assert.deepEqual(names(await members.roles.findUsersWithRole({ name: "reviewer" })), ["bwilson", "jbrown"]);
    assert.deepEqual(names(await members.roles.findUsersWithRole({ name: "reviewer", first: 1, max: 5 })), ["jbrown"]);
    assert.deepEqual(names(await members.clients.findUsersWithRole({ id: crm, roleName: "auditor" })), ["jbrown"]);
    assert.deepEqual(await members.clients.findUsersWithRole({ id: crm, roleName: "unmapped-in-ldap" }), []);
    // Keycloak 26.7.3's role mapper finds the LDAP entry by the role's name alone: a role of a client no mapper maps
    // answers with the entry's members too.
    const { id: erp } = await members.clients.create({ clientId: "erp" });
    await members.clients.createRole({ id: erp, name: "reviewer" });
    assert.deepEqual(names(await members.clients.findUsersWithRole({ id: erp, roleName: "reviewer" })), [
      "bwilson",
      "jbrown",
    ]);

    // An IMPORT mapper's memberships are stored when users are imported: the list shows only the stored ones.
    await members.components.update(
      { id: groupMapperId! },
      { ...groupMapper, config: { ...groupMapper.config, mode: ["IMPORT"] } },
    );
    assert.deepEqual(names(await members.groups.listMembers({ id: developers })), ["zed"]);
    await members.components.del({ id: id! });
  });

  it("administrators see a federated user's LDAP_ID, LDAP_ENTRY_DN, KERBEROS_PRINCIPAL and mapped attributes, read-only, as Keycloak 26.7.3 shows them", async () => {
    const meta = await clientOfNewRealm("metadata");
    const kerberos = {
      allowKerberosAuthentication: ["true"],
      kerberosRealm: ["EXAMPLE.ORG"],
      serverPrincipal: ["HTTP/host.example.org@EXAMPLE.ORG"],
      keyTab: ["/etc/krb5.keytab"],
    };
    const { id } = await meta.components.create({
      name: "metadata-ldap",
      providerId: "ldap",
      providerType: STORAGE,
      config: ldapConfig("WRITABLE", kerberos),
    });
    await meta.userStorageProvider.sync({ id: id!, action: "triggerFullSync" });
    const [listed] = await meta.users.find({ username: "bwilson", exact: true });
    const user = (await meta.users.findOne({ id: listed!.id!, userProfileMetadata: true }))!;
    assert.equal(user.attributes!.LDAP_ENTRY_DN![0], ldap.personDn("bwilson"), "shown with unmanaged attributes off");
    assert.ok(user.attributes!.LDAP_ID![0]);
    assert.ok(user.attributes!.createTimestamp![0], "the creation date mapper's attribute");
    const metadata = user.userProfileMetadata!.attributes!;
    const shown = (name: string) => metadata.find((a) => a.name === name);
    for (const name of ["LDAP_ENTRY_DN", "KERBEROS_PRINCIPAL", "LDAP_ID"])
      assert.deepEqual(
        { readOnly: shown(name)?.readOnly, group: shown(name)?.group, displayName: shown(name)?.displayName },
        { readOnly: true, group: "user-metadata", displayName: name },
      );
    assert.equal(
      shown("createTimestamp")?.readOnly,
      false,
      "Keycloak marks a WRITABLE provider's mapped ones editable",
    );
    const [brief] = await meta.users.find({ username: "bwilson", exact: true, briefRepresentation: true });
    assert.deepEqual(Object.keys(brief!.attributes ?? {}).sort(), ["LDAP_ENTRY_DN", "LDAP_ID"]);

    // Sent back unchanged, they pass; changed, Keycloak refuses them (and its read-only mappers' attributes).
    const { userProfileMetadata: _metadata, ...representation } = user;
    await meta.users.update({ id: user.id! }, representation);
    const refused = await failure(
      meta.users.update(
        { id: user.id! },
        {
          ...representation,
          attributes: { ...user.attributes, LDAP_ID: ["forged"], createTimestamp: ["19700101000000Z"] },
        },
      ),
    );
    assert.equal(refused.status, 400);
    const errors = refused.body.errors as { field: string }[];
    assert.deepEqual(
      errors.sort((a, b) => a.field.localeCompare(b.field)),
      ["createTimestamp", "LDAP_ID"].map((field) => ({
        field,
        errorMessage: "updateReadOnlyAttributesRejectedMessage",
        params: [field],
      })),
    );
    assert.equal((await meta.users.findOne({ id: user.id! }))!.attributes!.LDAP_ID![0], user.attributes!.LDAP_ID![0]);
    const { id: local } = await meta.users.create({ username: "local-only", enabled: true });
    const localMetadata = (await meta.users.findOne({ id: local, userProfileMetadata: true }))!.userProfileMetadata!;
    assert.deepEqual(
      localMetadata.attributes!.map((a) => a.name),
      ["username", "email", "firstName", "lastName"],
    );
    await meta.components.del({ id: id! });
  });

  it("users a provider serves without import follow the local users on every page of a search", async () => {
    const paging = await clientOfNewRealm("paging");
    for (const username of ["alpha", "beta", "gamma"]) await paging.users.create({ username, enabled: true });
    const { id } = await paging.components.create({
      name: "no-import-paging",
      providerId: "ldap",
      providerType: STORAGE,
      config: ldapConfig("READ_ONLY", { importEnabled: ["false"] }),
    });
    const everyone = (await paging.users.find({ max: 100 })).map((u) => u.username);
    assert.deepEqual(everyone.slice(0, 3), ["alpha", "beta", "gamma"], "local users first");
    // Keycloak 26.7.3 answers 3 here too: its LDAP provider counts nothing (it is no UserCountMethodsProvider).
    assert.equal(await paging.users.count(), 3, "the count is the stored users'");
    assert.equal(await paging.users.count({ search: "jbrown" }), 0);
    for (const name of ["jbrown", "bwilson", "rsmith"]) assert.ok(everyone.includes(name), `${name} is listed`);
    const pages: string[][] = [];
    for (let first = 0; first < everyone.length + 2; first += 2)
      pages.push((await paging.users.find({ first, max: 2 })).map((u) => u.username!));
    assert.deepEqual(pages.flat(), everyone, "the pages together list everyone once, in order");
    assert.deepEqual(pages[1], ["gamma", everyone[3]], "a page holds the last local user and the first directory one");
    assert.ok(pages.at(-1)!.length === 0, "past the end: empty");
    const second = await paging.users.find({ search: "*s*", first: 1, max: 1 });
    const all = (await paging.users.find({ search: "*s*" })).map((u) => u.username);
    assert.deepEqual(
      second.map((u) => u.username),
      [all[1]],
      "a search's second page",
    );
    await paging.components.del({ id: id! });
  });

  it("imports a user's Kerberos principal from the provider's Kerberos principal attribute; the mapper keeps it current", async () => {
    const krb = await clientOfNewRealm("krb");
    // KERBEROS_PRINCIPAL is not in the user profile: shown with unmanaged attributes on.
    await krb.users.updateProfile({
      ...(await krb.users.getProfile()),
      unmanagedAttributePolicy: UnmanagedAttributePolicy.Enabled,
    });
    const client = await ldap.client();
    const setDescription = (value: string) =>
      client.modify(
        ldap.personDn("jbrown"),
        new Change({ operation: "replace", modification: new Attribute({ type: "description", values: [value] }) }),
      );
    await setDescription("jbrown@EXAMPLE.ORG");
    const { id } = await krb.components.create({
      name: "krb-ldap",
      providerId: "ldap",
      providerType: STORAGE,
      config: ldapConfig("READ_ONLY", { krbPrincipalAttribute: ["description"] }),
    });
    await krb.userStorageProvider.sync({ id: id!, action: "triggerFullSync" });
    const principal = async () => {
      const [jbrown] = await krb.users.find({ username: "jbrown", exact: true });
      return (await krb.users.findOne({ id: jbrown!.id! }))!.attributes?.KERBEROS_PRINCIPAL;
    };
    assert.deepEqual(await principal(), ["jbrown@EXAMPLE.ORG"]);
    await setDescription("james@EXAMPLE.ORG");
    await krb.userStorageProvider.sync({ id: id!, action: "triggerFullSync" });
    assert.deepEqual(await principal(), ["james@EXAMPLE.ORG"], "the mapper updates a changed principal");
    const [mapper] = (await krb.components.find({ parent: id!, type: MAPPER })).filter(
      (m) => m.providerId === "kerberos-principal-attribute-mapper",
    );
    await krb.components.del({ id: mapper!.id! });
    await setDescription("jb@EXAMPLE.ORG");
    await krb.userStorageProvider.sync({ id: id!, action: "triggerFullSync" });
    assert.deepEqual(await principal(), ["james@EXAMPLE.ORG"], "without the mapper only an import sets it");
    await client.modify(
      ldap.personDn("jbrown"),
      new Change({ operation: "delete", modification: new Attribute({ type: "description", values: [] }) }),
    );
    await client.unbind();
    await krb.components.del({ id: id! });
  });

  it("reads a binary objectGUID (or eDirectory guid) UUID attribute as Keycloak's GUID string and links users by it across syncs", async () => {
    const guid = await clientOfNewRealm("guid");
    const client = await ldap.client();
    const bytes = Buffer.from("00112233445566778899aabbccddeeff", "hex");
    await client.modify(ldap.personDn("bwilson"), [
      new Change({ operation: "add", modification: new Attribute({ type: "objectClass", values: ["guidHolder"] }) }),
      new Change({ operation: "add", modification: new Attribute({ type: "objectGUID", values: [bytes] }) }),
    ]);
    const { id } = await guid.components.create({
      name: "ad-like",
      providerId: "ldap",
      providerType: STORAGE,
      config: ldapConfig("READ_ONLY", {
        uuidLDAPAttribute: ["objectGUID"],
        customUserSearchFilter: ["(objectClass=guidHolder)"],
      }),
    });
    await guid.users.updateProfile({
      ...(await guid.users.getProfile()),
      unmanagedAttributePolicy: UnmanagedAttributePolicy.Enabled,
    });
    const first = await guid.userStorageProvider.sync({ id: id!, action: "triggerFullSync" });
    assert.equal(first.added, 1);
    const [bwilson] = await guid.users.find({ username: "bwilson", exact: true });
    const stored = await guid.users.findOne({ id: bwilson!.id! });
    // The first three groups little-endian, as Windows and Keycloak print a GUID.
    assert.deepEqual(stored!.attributes?.LDAP_ID, ["33221100-5544-7766-8899-aabbccddeeff"]);
    const again = await guid.userStorageProvider.sync({ id: id!, action: "triggerFullSync" });
    assert.deepEqual([again.added, again.updated, again.removed], [0, 1, 0], "linked again by its GUID");
    await guid.components.del({ id: id! });

    // eDirectory's binary guid: Keycloak's LDAPUtil.decodeGuid keeps the bytes in order.
    await client.modify(
      ldap.personDn("bwilson"),
      new Change({ operation: "add", modification: new Attribute({ type: "guid", values: [bytes] }) }),
    );
    const { id: edirectory } = await guid.components.create({
      name: "edirectory-like",
      providerId: "ldap",
      providerType: STORAGE,
      config: ldapConfig("READ_ONLY", {
        vendor: ["edirectory"],
        uuidLDAPAttribute: ["guid"],
        customUserSearchFilter: ["(objectClass=guidHolder)"],
      }),
    });
    assert.equal((await guid.userStorageProvider.sync({ id: edirectory!, action: "triggerFullSync" })).added, 1);
    const [imported] = await guid.users.find({ username: "bwilson", exact: true });
    assert.deepEqual(imported!.attributes?.LDAP_ID, ["00112233-4455-6677-8899-aabbccddeeff"]);
    const resync = await guid.userStorageProvider.sync({ id: edirectory!, action: "triggerFullSync" });
    assert.deepEqual([resync.added, resync.updated, resync.removed], [0, 1, 0], "linked again by its guid");
    await client.modify(ldap.personDn("bwilson"), [
      new Change({ operation: "delete", modification: new Attribute({ type: "guid", values: [] }) }),
      new Change({ operation: "delete", modification: new Attribute({ type: "objectGUID", values: [] }) }),
      new Change({ operation: "delete", modification: new Attribute({ type: "objectClass", values: ["guidHolder"] }) }),
    ]);
    await client.unbind();
    await guid.components.del({ id: edirectory! });
  });
});
