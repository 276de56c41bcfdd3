import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { typeProfileAttribute } from "../support/attribute-picker.ts";
import { startTarget, type Target } from "../support/target.ts";
import { launchBrowser, newPage, signIn } from "../support/browser.ts";
import { seriousAxeViolations } from "../support/axe.ts";
import { startLdapServer, type LdapServer } from "../support/ldap-server.ts";
import { markAdminCliAsConsoleClient, screenshot, withFailureShot } from "./organizations-support.ts";
import { getJson, masterAdminApi, TIMEOUT, type Api, type Json } from "./realm-settings-support.ts";

const REALM = "fed";
const MAPPERS_TEST =
  "mappers on their own page (add, edit, delete), a role mapper's sync, the directory's users in the console, dark theme";
const REGISTRATION_TEST =
  "a directory refusing a self-registered user ends the registration on the error page, no user created";
const SUFFIX = "dc=example,dc=org";
/** Roles as groupOfNames entries under ou=Roles, for the role mapper. */
const rolesLdif = [
  `dn: ou=Roles,${SUFFIX}\nobjectClass: organizationalUnit\nou: Roles\n`,
  `dn: cn=auditor,ou=Roles,${SUFFIX}\nobjectClass: groupOfNames\ncn: auditor\nmember: uid=bwilson,ou=People,${SUFFIX}\n`,
  `dn: cn=reviewer,ou=Roles,${SUFFIX}\nobjectClass: groupOfNames\ncn: reviewer\nmember: uid=rsmith,ou=People,${SUFFIX}\n`,
].join("\n");

describe("user federation against OpenLDAP", () => {
  let server: Target;
  let ldap: LdapServer;
  let browser: Browser;
  let api: Api;

  before(async () => {
    [server, ldap, browser] = await Promise.all([
      startTarget({ demoPages: true, seedDemo: false }),
      startLdapServer({ extraLdif: rolesLdif }),
      launchBrowser(),
    ]);
    api = masterAdminApi(server.baseUrl);
    await markAdminCliAsConsoleClient(api, "master");
    await freshRealm({ realm: REALM, enabled: true, adminEventsEnabled: true, adminEventsDetailsEnabled: true });
  });
  after(async () => {
    await browser?.close();
    await server?.dispose();
    await ldap?.stop();
  });

  const axe = async (page: Page, host: string, name: string) => {
    assert.deepEqual(
      await seriousAxeViolations(page, host, host === "kc-admin-console" ? "main" : undefined),
      [],
      name,
    );
    await screenshot(page, name);
  };
  /** Creates a realm, replacing one an earlier run left on a reused Keycloak. */
  const freshRealm = async (rep: Json) => {
    await api(`/admin/realms/${rep.realm as string}`, { method: "DELETE" });
    const res = await api("/admin/realms", { method: "POST", body: rep });
    assert.equal(res.status, 201, await res.text());
  };
  const providers = () =>
    getJson<Json[]>(api, `/admin/realms/${REALM}/components?type=org.keycloak.storage.UserStorageProvider`);
  /** Creates an LDAP provider on the test directory in `realm` (vendor other); its id. */
  const createLdapProvider = async (realm: string, name: string, config: Record<string, string[]>) => {
    const created = await api(`/admin/realms/${realm}/components`, {
      method: "POST",
      body: {
        name,
        providerId: "ldap",
        providerType: "org.keycloak.storage.UserStorageProvider",
        config: {
          vendor: ["other"],
          connectionUrl: [ldap.url],
          bindDn: [ldap.bindDn],
          bindCredential: [ldap.bindCredential],
          usersDn: [ldap.usersDn],
          usernameLDAPAttribute: ["uid"],
          rdnLDAPAttribute: ["uid"],
          uuidLDAPAttribute: ["entryUUID"],
          userObjectClasses: ["inetOrgPerson, organizationalPerson"],
          ...config,
        },
      },
    });
    assert.equal(created.status, 201, await created.text());
    return created.headers.get("location")!.split("/").pop()!;
  };

  it("an administrator creates an LDAP provider, tests it, saves it twice, syncs, syncs groups and deletes it", async () => {
    const { page } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    await withFailureShot(page, "user-federation-ldap", async () => {
      await page.goto(`${server.baseUrl}/admin/master/console/#/${REALM}/user-federation`);
      await signIn(page, { username: "admin", password: "admin" });
      await page.getByRole("heading", { name: "Add providers" }).waitFor();
      await page.getByRole("heading", { name: "Kerberos", level: 3 }).waitFor();
      await axe(page, "kc-admin-console", "user-federation-empty");
      await page.getByRole("link", { name: "Add LDAP provider" }).click();

      const form = page.getByRole("form", { name: "LDAP" });
      await form.getByRole("textbox", { name: "UI display name" }).fill("openldap");
      await form.getByRole("button", { name: "Vendor", exact: true }).click();
      await page.getByRole("option", { name: "Other", exact: true }).click();
      assert.equal(await form.getByRole("textbox", { name: "UUID LDAP attribute" }).inputValue(), "entryUUID");
      await form.getByRole("textbox", { name: "Connection URL" }).fill(ldap.url);
      await form.getByRole("button", { name: "Test connection" }).click();
      await page.getByText("Successfully connected to LDAP").waitFor();
      await form.getByRole("textbox", { name: "Bind DN" }).fill(ldap.bindDn);
      await form.getByLabel(/^Bind credentials/).fill("wrong");
      await form.getByRole("button", { name: "Test authentication" }).click();
      await page.getByText("Error when trying to connect to LDAP: 'AuthenticationFailure'").waitFor();
      await form.getByLabel(/^Bind credentials/).fill(ldap.bindCredential);
      await form.getByRole("button", { name: "Test authentication" }).click();
      await page.getByText("Successfully authenticated to LDAP").waitFor();
      await form.getByRole("button", { name: "Edit mode", exact: true }).click();
      await page.getByRole("option", { name: "WRITABLE", exact: true }).click();
      await form.getByRole("textbox", { name: "Users DN" }).fill(ldap.usersDn);
      await axe(page, "kc-admin-console", "user-federation-ldap-new");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await page.getByRole("tab", { name: "Settings", selected: true }).waitFor();
      const [saved] = await providers();
      assert.equal(saved!.name, "openldap");

      // Saving twice keeps the stored bind credential (upstream #31001): the test and a sync still bind with it.
      const saveWith = async (timeout: string) => {
        await form.getByRole("textbox", { name: "Connection timeout" }).fill(timeout);
        const shown = await page.getByText("The provider has been saved successfully.").count();
        await page.getByRole("button", { name: "Save", exact: true }).click();
        await page.getByText("The provider has been saved successfully.").nth(shown).waitFor();
      };
      await saveWith("5000");
      await saveWith("6000");
      assert.equal(await form.getByLabel(/^Bind credentials/).inputValue(), "**********");
      await form.getByRole("button", { name: "Test authentication" }).click();
      await page.getByText("Successfully authenticated to LDAP").first().waitFor();

      await page.getByRole("button", { name: "Actions" }).click();
      await page.getByRole("menuitem", { name: "Sync all users" }).click();
      await page.getByText("Last sync: 3 added, 0 updated, 0 removed, 0 failed").waitFor();
      await page.getByText(/Sync all users by admin: 3 added, 0 updated, 0 removed, 0 failed/).waitFor();
      await axe(page, "kc-admin-console", "user-federation-ldap-synced");
      const users = await getJson<Json[]>(api, `/admin/realms/${REALM}/users?username=jbrown&exact=true`);
      assert.equal(users[0]!.federationLink, saved!.id);

      // WRITABLE: an email edited through the admin API lands in the directory.
      const jbrown = users[0]!;
      const put = await api(`/admin/realms/${REALM}/users/${jbrown.id as string}`, {
        method: "PUT",
        body: { ...jbrown, email: "james@example.org" },
      });
      assert.equal(put.status, 204);
      assert.equal((await ldap.read(ldap.personDn("jbrown")))!.mail, "james@example.org");

      // The user's page names the provider it comes from and leads back to it.
      await page.goto(`${server.baseUrl}/admin/master/console/#/${REALM}/users/${jbrown.id as string}/settings`);
      await page.getByRole("link", { name: "openldap" }).click();
      await page.getByRole("tab", { name: "Settings", selected: true }).waitFor();

      // A group mapper imports the directory's groups with the memberships.
      const mapper = await api(`/admin/realms/${REALM}/components`, {
        method: "POST",
        body: {
          name: "groups",
          providerId: "group-ldap-mapper",
          providerType: "org.keycloak.storage.ldap.mappers.LDAPStorageMapper",
          parentId: saved!.id,
          // Every setting Keycloak's console sends (Keycloak refuses the mapper without them).
          config: {
            "groups.dn": [ldap.groupsDn],
            "group.name.ldap.attribute": ["cn"],
            "group.object.classes": ["groupOfNames"],
            "preserve.group.inheritance": ["true"],
            "ignore.missing.groups": ["false"],
            "membership.ldap.attribute": ["member"],
            "membership.attribute.type": ["DN"],
            "membership.user.ldap.attribute": ["uid"],
            mode: ["LDAP_ONLY"],
            "user.roles.retrieve.strategy": ["LOAD_GROUPS_BY_MEMBER_ATTRIBUTE"],
            "memberof.ldap.attribute": ["memberOf"],
            "drop.non.existing.groups.during.sync": ["false"],
            "groups.path": ["/"],
          },
        },
      });
      assert.equal(mapper.status, 201);
      await page.getByRole("tab", { name: "Mappers" }).click();
      await page
        .getByRole("grid", { name: "Mappers" })
        .or(page.getByRole("table", { name: "Mappers" }))
        .waitFor();
      await page.getByRole("button", { name: "Sync LDAP groups to Keycloak" }).click();
      await page.getByText("groups: 2 imported groups, 0 updated groups, 0 removed groups").waitFor();
      await axe(page, "kc-admin-console", "user-federation-ldap-mappers");
      await page.getByRole("link", { name: "groups", exact: true }).click();
      await page
        .getByRole("form", { name: "Mapper details" })
        .getByRole("textbox", { name: "LDAP Groups DN" })
        .waitFor();
      await axe(page, "kc-admin-console", "user-federation-ldap-mapper");
      await page.getByRole("button", { name: "Cancel" }).click();
      await page.getByRole("tab", { name: "Mappers", selected: true }).waitFor();
      const groups = await getJson<Json[]>(api, `/admin/realms/${REALM}/users/${jbrown.id as string}/groups`);
      assert.deepEqual(groups.map((g) => g.name).sort(), ["admins", "developers"]);

      await page.getByRole("button", { name: "Actions" }).click();
      await page.getByRole("menuitem", { name: "Delete" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
      await page.getByText("The user federation provider has been deleted.").waitFor();
      assert.deepEqual(await providers(), []);
      assert.deepEqual(await getJson<Json[]>(api, `/admin/realms/${REALM}/users?briefRepresentation=true`), []);
    });
    await page.close();
  });

  it("the element on a host page: provider cards, the Kerberos form refusing a padded principal, dark theme", async () => {
    const created = await api(`/admin/realms/${REALM}/components`, {
      method: "POST",
      body: {
        name: "corp-ldap",
        providerId: "ldap",
        providerType: "org.keycloak.storage.UserStorageProvider",
        config: { editMode: ["READ_ONLY"], connectionUrl: [ldap.url], vendor: ["other"] },
      },
    });
    assert.equal(created.status, 201);
    for (const theme of ["light", "dark"] as const) {
      const { page } = await newPage(browser, theme === "dark" ? { colorScheme: "dark" } : {});
      page.setDefaultTimeout(TIMEOUT);
      await withFailureShot(page, `user-federation-element-${theme}`, async () => {
        const query = new URLSearchParams({ realm: REALM, ...(theme === "dark" ? { theme } : {}) });
        await page.goto(`${server.baseUrl}/demo/test-elements/user-federation.html?${query}`);
        await page.getByRole("link", { name: "corp-ldap" }).waitFor();
        await page.getByText("Never synchronised").waitFor();
        await axe(page, "kc-user-federation-admin", `user-federation-element-cards-${theme}`);
        await page.getByRole("button", { name: "Add new provider" }).click();
        await page.getByRole("menuitem", { name: "Kerberos" }).click();
        const form = page.getByRole("form", { name: "Kerberos" });
        await page.getByText("Flows affected: browser.").waitFor();
        await form.getByRole("textbox", { name: "UI display name" }).fill("kerberos");
        await form.getByRole("textbox", { name: "Kerberos realm" }).fill("EXAMPLE.ORG");
        await form.getByRole("textbox", { name: "Server principal" }).fill(" HTTP/host.example.org@EXAMPLE.ORG");
        await page.getByText("The server principal cannot start or end with a space.").waitFor();
        // Save says what is missing: the Key tab, never typed in, gets Keycloak's message.
        const save = page.getByRole("button", { name: "Save", exact: true });
        await save.click();
        await form.getByText("You must enter a key tab").waitFor();
        await form.getByRole("textbox", { name: "Key tab" }).fill("/etc/krb5.keytab");
        await form.getByText("You must enter a key tab").waitFor({ state: "detached" });
        await save.click();
        await page.getByText("The server principal cannot start or end with a space.").waitFor();
        await axe(page, "kc-user-federation-admin", `user-federation-element-kerberos-${theme}`);
        assert.equal((await providers()).filter((p) => p.providerId === "kerberos").length, 0, "nothing saved");
      });
      await page.close();
    }
  });

  it(MAPPERS_TEST, async () => {
    // Only this test's provider in the realm: Keycloak's duplicate-email check asks every provider, and the element
    // test's half-configured one (no Users DN) fails it with a NullPointerException, answered as 400 "Could not
    // update user!" instead of the read-only refusal this test expects.
    for (const provider of await providers()) {
      const removed = await api(`/admin/realms/${REALM}/components/${provider.id as string}`, { method: "DELETE" });
      assert.equal(removed.status, 204, `remove ${provider.name as string}`);
    }
    const id = await createLdapProvider(REALM, "directory", {
      editMode: ["READ_ONLY"],
      usersDn: [ldap.usersDn],
      importEnabled: ["true"],
    });
    const app = await api(`/admin/realms/${REALM}/clients`, {
      method: "POST",
      body: { clientId: "app", publicClient: true, redirectUris: [`${server.baseUrl}/health/ready`] },
    });
    assert.equal(app.status, 201);
    const mappersOf = () =>
      getJson<Json[]>(
        api,
        `/admin/realms/${REALM}/components?parent=${id}&type=org.keycloak.storage.ldap.mappers.LDAPStorageMapper`,
      );

    const { page } = await newPage(browser, { colorScheme: "dark" });
    page.setDefaultTimeout(TIMEOUT);
    await withFailureShot(page, "user-federation-mappers", async () => {
      await page.goto(`${server.baseUrl}/admin/master/console/#/${REALM}/user-federation/ldap/${id}/mappers`);
      await signIn(page, { username: "admin", password: "admin" });
      await page.locator("kc-admin-console").evaluate((element) => element.setAttribute("theme", "dark"));
      const list = page.getByRole("grid", { name: "Mappers" }).or(page.getByRole("table", { name: "Mappers" }));
      await list.getByRole("link", { name: "username" }).waitFor();
      await axe(page, "kc-admin-console", "user-federation-mappers-dark");

      // Add a user attribute mapper: its fields come from the type's properties in server info.
      await page.getByRole("link", { name: "Add mapper" }).click();
      const form = page.getByRole("form", { name: "Mapper details" });
      await form.getByRole("textbox", { name: "Name" }).fill("department");
      await form.getByRole("combobox", { name: "Mapper type" }).fill("user-attribute");
      await page.getByRole("option", { name: "user-attribute-ldap-mapper", exact: true }).click();
      // Keycloak 26.7's User Model Attribute is a picker of the realm's profile attributes that takes a typed name too.
      await typeProfileAttribute(page, "User Model Attribute", "department");
      // Keycloak 26.7's server info marks the LDAP attribute required: no save without it (the server refuses one too,
      // "Missing configuration for LDAP Attribute", in tests/server/user-federation-ldap.test.ts).
      assert.equal(await form.getByRole("button", { name: "Save" }).isDisabled(), true);
      assert.equal(await form.getByRole("combobox", { name: "User Model Attribute" }).inputValue(), "department");
      await form.getByRole("textbox", { name: "LDAP Attribute" }).fill("ou");
      await axe(page, "kc-admin-console", "user-federation-mapper-new-dark");
      await form.getByRole("button", { name: "Save" }).click();
      await page.getByText("Mapping successfully created").waitFor();
      await page.getByRole("heading", { name: "department" }).waitFor();
      let department = (await mappersOf()).find((m) => m.name === "department")!;
      assert.deepEqual((department.config as Json)["ldap.attribute"], ["ou"]);
      assert.ok(page.url().endsWith(`/ldap/${id}/mappers/${department.id as string}`), page.url());

      // Edit it on its page, then delete it from the page's menu.
      await form.getByRole("textbox", { name: "LDAP Attribute" }).fill("departmentNumber");
      await form.getByRole("button", { name: "Save" }).click();
      await page.getByText("Mapping successfully updated").waitFor();
      department = (await mappersOf()).find((m) => m.name === "department")!;
      assert.deepEqual((department.config as Json)["ldap.attribute"], ["departmentNumber"]);
      await page.getByRole("button", { name: "Actions" }).click();
      await page.getByRole("menuitem", { name: "Delete" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
      await page.getByText("Mapping successfully deleted").waitFor();
      await list.getByRole("link", { name: "username" }).waitFor();
      assert.equal((await mappersOf()).filter((m) => m.name === "department").length, 0);

      // A role mapper added on the page syncs the directory's roles with the counts.
      await page.getByRole("link", { name: "Add mapper" }).click();
      await form.getByRole("textbox", { name: "Name" }).fill("roles");
      await form.getByRole("combobox", { name: "Mapper type" }).fill("role");
      await page.getByRole("option", { name: "role-ldap-mapper", exact: true }).click();
      await form.getByRole("textbox", { name: "LDAP Roles DN" }).fill(`ou=Roles,${SUFFIX}`);
      assert.equal(await form.getByRole("textbox", { name: "Role Object Classes" }).inputValue(), "groupOfNames");
      await form.getByRole("button", { name: "Save" }).click();
      await page.getByText("Mapping successfully created").waitFor();
      await page.getByRole("heading", { name: "roles" }).waitFor();
      await page.getByRole("button", { name: "Actions" }).click();
      await page.getByRole("menuitem", { name: "Sync LDAP roles to Keycloak" }).click();
      await page.getByText("Data successfully synced 2 imported roles, 0 roles already exists in Keycloak").waitFor();
      await page.getByRole("button", { name: "Cancel" }).click();
      await page.getByRole("button", { name: "Sync LDAP roles to Keycloak" }).click();
      await page.getByText("roles: 0 imported roles, 2 roles already exists in Keycloak").waitFor();
      assert.equal((await api(`/admin/realms/${REALM}/roles/auditor`)).status, 200);

      // The users list searches the directory: an LDAP user is found (and imported) by a prefix.
      await page.goto(`${server.baseUrl}/admin/master/console/#/${REALM}/users`);
      const search = page.getByPlaceholder("Search user").first();
      await search.fill("bwil");
      await search.press("Enter");
      const users = page.getByRole("grid", { name: "Users" });
      await users.getByRole("link", { name: "bwilson" }).click();
      // READ_ONLY: the email is read-only and the server refuses a changed one with Keycloak's message.
      const email = page.getByRole("textbox", { name: "Email" });
      await email.waitFor();
      assert.equal(await email.isEditable(), false, "the directory's email is read-only");
      await axe(page, "kc-admin-console", "user-federation-readonly-user-dark");
      const [bwilson] = await getJson<Json[]>(api, `/admin/realms/${REALM}/users?username=bwilson&exact=true`);
      assert.equal(bwilson!.federationLink, id);
      const refused = await api(`/admin/realms/${REALM}/users/${bwilson!.id as string}`, {
        method: "PUT",
        body: { ...bwilson, email: "other@example.org" },
      });
      assert.equal(refused.status, 400);
      assert.equal(((await refused.json()) as Json).errorMessage, "error-user-attribute-read-only");
      const roles = await getJson<Json[]>(
        api,
        `/admin/realms/${REALM}/users/${bwilson!.id as string}/role-mappings/realm`,
      );
      assert.ok(
        roles.some((r) => r.name === "auditor"),
        "the role mapper granted the LDAP role",
      );
    });

    // bwilson signs in to an application of the realm with the directory's password.
    const { page: login } = await newPage(browser);
    login.setDefaultTimeout(TIMEOUT);
    await withFailureShot(login, "user-federation-ldap-sign-in", async () => {
      const query = new URLSearchParams({
        client_id: "app",
        redirect_uri: `${server.baseUrl}/health/ready`,
        response_type: "code",
        scope: "openid",
      });
      await login.goto(`${server.baseUrl}/realms/${REALM}/protocol/openid-connect/auth?${query}`);
      await signIn(login, { username: "bwilson", password: "bwilson-pass" });
      await login.waitForURL((url) => url.pathname === "/health/ready");
    });
    await login.close();

    // Remove imported users, sync again, then unlink them, from the provider's menu.
    await withFailureShot(page, "user-federation-unlink", async () => {
      await page.goto(`${server.baseUrl}/admin/master/console/#/${REALM}/user-federation/ldap/${id}/settings`);
      const all = () => getJson<Json[]>(api, `/admin/realms/${REALM}/users?max=100`);
      const linked = async () => (await all()).filter((u) => u.federationLink === id);
      const imported = await linked();
      assert.ok(imported.length > 0);
      await page.getByRole("button", { name: "Actions" }).click();
      await page.getByRole("menuitem", { name: "Remove imported" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Remove imported" }).click();
      await page.getByText("Imported users have been removed.").waitFor();
      // Each stored copy is gone (listing the users would import the directory's again, as Keycloak does).
      for (const user of imported)
        assert.equal(
          (await api(`/admin/realms/${REALM}/users/${user.id as string}`)).status,
          404,
          String(user.username),
        );
      await page.getByRole("button", { name: "Actions" }).click();
      await page.getByRole("menuitem", { name: "Sync all users" }).click();
      await page.getByText("Last sync: 3 added, 0 updated, 0 removed, 0 failed").waitFor();
      await page.getByRole("button", { name: "Actions" }).click();
      await page.getByRole("menuitem", { name: "Unlink users" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Unlink users" }).click();
      await page.getByText("Unlink of users finished successfully.").waitFor();
      assert.equal((await linked()).length, 0);
      assert.deepEqual(
        (await all()).map((u) => u.username).sort(),
        ["bwilson", "jbrown", "rsmith"],
        "unlinked users stay as local users",
      );
    });
    await page.close();
  });

  it("with Import users off the console lists, opens and edits the directory's users without storing them", async () => {
    const realm = "fed-no-import";
    await freshRealm({ realm, enabled: true });
    const id = await createLdapProvider(realm, "proxy", {
      editMode: ["WRITABLE"],
      usersDn: [ldap.usersDn],
      importEnabled: ["false"],
    });
    const { page } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    await withFailureShot(page, "user-federation-no-import", async () => {
      await page.goto(`${server.baseUrl}/admin/master/console/#/${realm}/user-federation/ldap/${id}/settings`);
      await signIn(page, { username: "admin", password: "admin" });
      await page.getByRole("button", { name: "Actions" }).click();
      // Nothing is imported, so there is nothing to sync (Keycloak ignores such a sync).
      assert.equal(await page.getByRole("menuitem", { name: "Sync all users" }).isDisabled(), true);
      await page.keyboard.press("Escape");

      await page.goto(`${server.baseUrl}/admin/master/console/#/${realm}/users`);
      const search = page.getByPlaceholder("Search user").first();
      await search.fill("rsm");
      await search.press("Enter");
      await page.getByRole("grid", { name: "Users" }).getByRole("link", { name: "rsmith" }).click();
      const email = page.getByRole("textbox", { name: "Email" });
      await email.waitFor();
      assert.equal(await email.inputValue(), "rsmith@example.org");
      assert.ok(page.url().includes(encodeURIComponent(`f:${id}:rsmith`)) || page.url().includes(`f:${id}:rsmith`));
      await email.fill("robert.smith@example.org");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await page.getByText("The user has been saved").waitFor();
      assert.equal((await ldap.read(ldap.personDn("rsmith")))!.mail, "robert.smith@example.org");
      await axe(page, "kc-admin-console", "user-federation-no-import-user");
    });
    await page.close();
    const restore = await getJson<Json>(api, `/admin/realms/${realm}/users/f:${id}:rsmith`);
    assert.equal(
      (
        await api(`/admin/realms/${realm}/users/f:${id}:rsmith`, {
          method: "PUT",
          body: { ...restore, email: "rsmith@example.org" },
        })
      ).status,
      204,
    );
    assert.equal((await api(`/admin/realms/${realm}/components/${id}`, { method: "DELETE" })).status, 204);
    assert.deepEqual(
      await getJson<Json[]>(api, `/admin/realms/${realm}/users?briefRepresentation=true`),
      [],
      "no user of the directory was stored",
    );
  });

  it(REGISTRATION_TEST, async () => {
    const realm = "fed-register";
    await freshRealm({ realm, enabled: true, registrationAllowed: true });

    await createLdapProvider(realm, "refusing", {
      editMode: ["WRITABLE"],
      syncRegistrations: ["true"],
      // No such entry: the directory refuses every new user under it.
      usersDn: [`ou=Nowhere,${SUFFIX}`],
    });
    const { page } = await newPage(browser, { colorScheme: "dark" });
    page.setDefaultTimeout(TIMEOUT);
    await withFailureShot(page, "user-federation-registration-refused", async () => {
      await page.goto(`${server.baseUrl}/realms/${realm}/account`);
      await page.getByRole("link", { name: "Register" }).click();
      await page.getByRole("heading", { name: "Register" }).waitFor();
      await page.getByLabel("Username").fill("river.song");
      await page.getByLabel("Email").fill("river@example.com");
      await page.getByLabel("First name").fill("River");
      await page.getByLabel("Last name").fill("Song");
      await page.getByRole("textbox", { name: "Password", exact: true }).fill("Spoilers-1234");
      await page.getByLabel("Confirm password").fill("Spoilers-1234");
      await page.getByRole("button", { name: "Register" }).click();
      // Keycloak 26.7.3's answer (seen on it): its error page, 400.
      await page.getByRole("heading", { name: "We are sorry..." }).waitFor();
      await page.getByText("Unexpected error when handling authentication request to identity provider.").waitFor();
      await screenshot(page, "user-federation-registration-refused-dark");
    });
    await page.close();
    assert.deepEqual(await getJson<Json[]>(api, `/admin/realms/${realm}/users?search=river`), [], "no user created");
  });
});
