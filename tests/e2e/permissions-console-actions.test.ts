import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Browser, Locator, Page } from "playwright-core";
import { adminFetch, adminToken } from "../support/server.ts";
import { onRealKeycloak, startTarget, type Target } from "../support/target.ts";
import { launchBrowser, newPage, signIn, STEP_TIMEOUT } from "../support/browser.ts";
import { eventually } from "../support/eventually.ts";
import { screenshot, waitForTable, withFailureShot } from "./organizations-support.ts";

const TIMEOUT = STEP_TIMEOUT;
const REALM = "/admin/realms/demo";

/**
 * The console shows an administrator whose only grants are admin permissions v2 the actions the server allows and
 * hides those it refuses: per object from the `access` the lists carry, per type (Create …) from who-am-I, which
 * the embedded server extends with v2's type-level grants (Keycloak's does not: upstream #48085).
 */
describe("the console honours admin permissions v2 for the signed-in administrator", () => {
  let server: Target;
  let browser: Browser;
  let page: Page;
  let api: ReturnType<typeof adminFetch>;

  const json = async <T>(path: string, init?: { method?: string; body?: unknown }): Promise<T> => {
    const response = await api(path, init);
    assert.ok(response.ok, `${init?.method ?? "GET"} ${path}: ${response.status} ${await response.clone().text()}`);
    return (await response.json()) as T;
  };
  const created = async (path: string, body: unknown) =>
    assert.equal((await api(path, { method: "POST", body })).status, 201, `POST ${path}`);

  before(async () => {
    server = await startTarget({ demoPages: true });
    browser = await launchBrowser();
    api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
    const realm = await json<Record<string, unknown>>(REALM);
    assert.equal((await api(REALM, { method: "PUT", body: { ...realm, adminPermissionsEnabled: true } })).status, 204);
    for (const name of ["Help desk", "Key customers", "Partners"]) await created(`${REALM}/groups`, { name });
    for (const clientId of ["support-portal", "billing-portal"]) await created(`${REALM}/clients`, { clientId });
    await created(`${REALM}/users`, { username: "desk-customer", enabled: true });
    await created(`${REALM}/users`, {
      username: "desk-dana",
      enabled: true,
      groups: ["/Help desk"],
      email: "desk-dana@example.com",
      firstName: "Dana",
      lastName: "Desk",
      credentials: [{ type: "password", value: "desk-dana-pw", temporary: false }],
    });
    const [dana] = await json<{ id: string }[]>(`${REALM}/users?username=desk-dana&exact=true`);
    const [management] = await json<{ id: string }[]>(`${REALM}/clients?clientId=realm-management`);
    const queryRoles = await Promise.all(
      ["query-users", "query-groups", "query-clients"].map((name) =>
        json<unknown>(`${REALM}/clients/${management!.id}/roles/${name}`),
      ),
    );
    const mapped = await api(`${REALM}/users/${dana!.id}/role-mappings/clients/${management!.id}`, {
      method: "POST",
      body: queryRoles,
    });
    assert.equal(mapped.status, 204);

    const [permissionsClient] = await json<{ id: string }[]>(`${REALM}/clients?clientId=admin-permissions`);
    const authz = `${REALM}/clients/${permissionsClient!.id}/authz/resource-server`;
    const groups = await json<{ id: string; name: string }[]>(`${REALM}/groups?briefRepresentation=true`);
    const groupId = (name: string) => groups.find((group) => group.name === name)!.id;
    const [supportPortal] = await json<{ id: string }[]>(`${REALM}/clients?clientId=support-portal`);
    const policy = await json<{ id: string }>(`${authz}/policy/group`, {
      method: "POST",
      body: { name: "Help desk members", groups: [{ id: groupId("Help desk"), extendChildren: false }] },
    });
    const grant = (name: string, resourceType: string, resources: string[], scopes: string[]) =>
      json(`${authz}/permission/scope`, {
        method: "POST",
        body: { name, resourceType, resources, scopes, policies: [policy.id] },
      });
    await grant("Help desk manages every user", "Users", [], ["view", "manage"]);
    await grant("Help desk sees every group", "Groups", [], ["view", "view-members"]);
    await grant("Help desk manages key customers", "Groups", [groupId("Key customers")], ["manage"]);
    await grant("Help desk sees every client", "Clients", [], ["view"]);
    await grant("Help desk manages the support portal", "Clients", [supportPortal!.id], ["manage"]);
    // Roles: two of each kind, of which Help desk may map one.
    const [billingPortal] = await json<{ id: string }[]>(`${REALM}/clients?clientId=billing-portal`);
    for (const name of ["invoice-reader", "invoice-admin"])
      await created(`${REALM}/clients/${billingPortal!.id}/roles`, { name });
    for (const name of ["desk-helper", "desk-admin"]) await created(`${REALM}/roles`, { name });
    const invoiceReader = await json<{ id: string }>(`${REALM}/clients/${billingPortal!.id}/roles/invoice-reader`);
    const deskHelper = await json<{ id: string }>(`${REALM}/roles/desk-helper`);
    await grant("Help desk maps roles of every user", "Users", [], ["map-roles"]);
    await grant("Help desk assigns two roles", "Roles", [invoiceReader.id, deskHelper.id], ["map-role"]);

    ({ page } = await newPage(browser));
    page.setDefaultTimeout(TIMEOUT);
    await page.goto(`${server.baseUrl}/admin/demo/console/`);
    await signIn(page, { username: "desk-dana", password: "desk-dana-pw" });
    await page.getByTestId("dashboard-title").waitFor();
  });

  after(async () => {
    await browser?.close();
    await server?.dispose();
  });

  const openSection = async (name: string) => {
    await page.getByRole("navigation", { name: "Console navigation" }).getByRole("link", { name, exact: true }).click();
  };
  /** The names of the row's actions menu, or none when the row offers no menu. */
  const rowActions = async (row: Locator): Promise<string[]> => {
    const toggle = row.getByRole("button", { name: /^Actions \d+$/ });
    if ((await toggle.count()) === 0) return [];
    await toggle.click();
    const items = await page.getByRole("menuitem").allInnerTexts();
    await page.keyboard.press("Escape");
    await page.getByRole("menuitem").first().waitFor({ state: "hidden" });
    return items.map((item) => item.trim());
  };

  it("users: Create user from a v2 grant on all users, and each row's actions", async () => {
    await withFailureShot(page, "permissions-console-users", async () => {
      await openSection("Users");
      const list = page.getByRole("grid", { name: "Users" });
      await waitForTable(list);
      await page.getByPlaceholder("Search user", { exact: true }).fill("desk-dana");
      await page.keyboard.press("Enter");
      await list.getByRole("link", { name: "desk-dana" }).waitFor();
      await list.getByRole("link", { name: "alice.anderson" }).waitFor({ state: "detached" });
      const dana = list.getByRole("row").filter({ has: page.getByRole("link", { name: "desk-dana", exact: true }) });
      assert.deepEqual(await rowActions(dana), ["Unlock", "Delete user"], "manage on every user: the row's actions");
      const create = page.getByRole("button", { name: "Create user" });
      if (onRealKeycloak()) {
        // Keycloak's who-am-I lists realm-management roles only: a type-level v2 grant stays unseen (upstream #48085).
        assert.equal(await create.count(), 0);
        return;
      }
      await create.click();
      await page.getByRole("textbox", { name: "Username" }).fill("made-by-dana");
      await page.getByRole("button", { name: "Create", exact: true }).click();
      await page.getByText("The user has been created").first().waitFor();
      await screenshot(page, "permissions-console-user-created");
      const found = await json<unknown[]>(`${REALM}/users?username=made-by-dana&exact=true`);
      assert.equal(found.length, 1, "the server accepted what the console offered");
    });
  });

  it("assign roles: the dialog offers only the roles Help desk may map, and assigning one succeeds", async () => {
    await withFailureShot(page, "permissions-console-assign-role", async () => {
      await openSection("Users");
      const list = page.getByRole("grid", { name: "Users" });
      await waitForTable(list);
      await page.getByPlaceholder("Search user", { exact: true }).fill("desk-customer");
      await page.keyboard.press("Enter");
      await list.getByRole("link", { name: "desk-customer", exact: true }).click();
      await page.getByRole("heading", { level: 1, name: "desk-customer" }).waitFor();
      await page.getByRole("tab", { name: "Role mapping" }).click();
      await page.getByRole("button", { name: "Assign role" }).first().click();
      const box = page.getByRole("dialog", { name: "Assign roles" });
      const roles = box.getByRole("grid", { name: "Roles that can be assigned" });
      const search = async (text: string) => {
        await box.getByPlaceholder("Search by role name").fill(text);
        await box.getByPlaceholder("Search by role name").press("Enter");
      };
      await box.getByRole("button", { name: "Realm roles" }).click();
      await search("desk-");
      await eventually(
        () => roles.getByRole("row").allInnerTexts(),
        (rows) => rows.length === 2 && rows[1]!.includes("desk-helper"),
      );
      await box.getByRole("button", { name: "Client roles" }).click();
      await search("invoice");
      const rows = await eventually(
        () => roles.getByRole("row").allInnerTexts(),
        (found) => found.length === 2 && found[1]!.includes("invoice-reader"),
      );
      assert.ok(!rows.join(" ").includes("invoice-admin"), "a role Help desk may not map is not offered");
      await screenshot(page, "permissions-console-assign-role");
      await roles.getByRole("row").nth(1).getByRole("checkbox").check();
      await box.getByRole("button", { name: "Assign", exact: true }).click();
      await box.waitFor({ state: "hidden" });
      await page.getByText("Role mapping updated").first().waitFor();
      const [customer] = await json<{ id: string }[]>(`${REALM}/users?username=desk-customer&exact=true`);
      const mappings = await json<{ clientMappings?: Record<string, { mappings: { name: string }[] }> }>(
        `${REALM}/users/${customer!.id}/role-mappings`,
      );
      assert.deepEqual(
        mappings.clientMappings?.["billing-portal"]?.mappings.map((role) => role.name),
        ["invoice-reader"],
        "the server accepted what the dialog offered",
      );
    });
  });

  it("groups: no Create group, manage only on the granted group, a child group created under it", async () => {
    await withFailureShot(page, "permissions-console-groups", async () => {
      await openSection("Groups");
      const list = page.getByRole("grid", { name: "Groups" });
      await list.getByRole("link", { name: "Partners", exact: true }).waitFor();
      assert.equal(await page.getByRole("button", { name: "Create group" }).count(), 0, "no manage on all groups");
      assert.equal(await page.getByRole("checkbox", { name: /Select/ }).count(), 0, "no bulk delete");
      const row = (name: string) =>
        list.getByRole("row").filter({ has: page.getByRole("link", { name, exact: true }) });
      assert.deepEqual(await rowActions(row("Partners")), [], "nothing offered on a group only viewed");
      assert.deepEqual(await rowActions(row("Key customers")), ["Rename", "Move to", "Delete"]);
      await screenshot(page, "permissions-console-groups");

      await row("Key customers")
        .getByRole("button", { name: /^Actions \d+$/ })
        .click();
      await page.getByRole("menuitem", { name: "Rename" }).click();
      const rename = page.getByRole("dialog", { name: "Rename group" });
      await rename.getByLabel("Name").fill("Key accounts");
      await rename.getByRole("button", { name: "Save" }).click();
      await rename.waitFor({ state: "hidden" });
      await list.getByRole("link", { name: "Key accounts", exact: true }).click();
      await page.getByRole("heading", { level: 1, name: "Key accounts" }).waitFor();
      await page.getByRole("button", { name: "Create child group" }).click();
      const create = page.getByRole("dialog", { name: "Create child group" });
      await create.getByLabel("Name").fill("Tier one");
      await create.getByRole("button", { name: "Create" }).click();
      await create.waitFor({ state: "hidden" });
      await page.getByRole("grid", { name: "Groups" }).getByRole("link", { name: "Tier one", exact: true }).waitFor();
      const parents = await eventually(
        () => json<{ subGroups?: { name: string }[] }[]>(`${REALM}/groups?search=${encodeURIComponent("Tier one")}`),
        (found) => found.length === 1,
      );
      assert.deepEqual(
        parents.map((group) => group.subGroups?.map((child) => child.name)),
        [["Tier one"]],
      );
      await page.getByRole("tab", { name: "Members" }).click();
      await page.getByRole("tab", { name: "Members", selected: true }).waitFor();
      await page
        .getByText("No members")
        .or(page.getByRole("grid", { name: "Members" }))
        .first()
        .waitFor();
      assert.equal(await page.getByRole("button", { name: "Add member" }).count(), 0, "no manage-membership");
    });
  });

  it("clients: no Create client; edit, roles and delete only on the granted client, and they succeed", async () => {
    await withFailureShot(page, "permissions-console-clients", async () => {
      await openSection("Clients");
      const list = page.getByRole("grid", { name: "Clients list" });
      await waitForTable(list);
      await page.getByPlaceholder("Search for client", { exact: true }).fill("-portal");
      await page.keyboard.press("Enter");
      await list.getByRole("link", { name: "support-portal", exact: true }).waitFor();
      await list.getByRole("link", { name: "billing-portal", exact: true }).waitFor();
      assert.equal(await page.getByRole("button", { name: "Create client" }).count(), 0, "no manage on all clients");
      const row = (clientId: string) =>
        list.getByRole("row").filter({ has: page.getByRole("link", { name: clientId, exact: true }) });
      assert.deepEqual(await rowActions(row("billing-portal")), ["Export"]);
      assert.deepEqual(await rowActions(row("support-portal")), ["Export", "Delete"]);
      await screenshot(page, "permissions-console-clients");

      // A client only viewed opens read-only; the managed one saves, and offers creating its roles.
      await list.getByRole("link", { name: "billing-portal", exact: true }).click();
      await page.getByRole("heading", { level: 1, name: "billing-portal" }).waitFor();
      await page.getByRole("textbox", { name: "Description" }).waitFor();
      assert.ok(await page.getByRole("textbox", { name: "Description" }).isDisabled(), "billing-portal is read-only");
      assert.equal(await page.getByRole("button", { name: "Save" }).count(), 0, "no Save on billing-portal");
      await openSection("Clients");
      await waitForTable(list);
      await page.getByPlaceholder("Search for client", { exact: true }).fill("support-portal");
      await page.keyboard.press("Enter");
      await list.getByRole("link", { name: "billing-portal", exact: true }).waitFor({ state: "detached" });
      await list.getByRole("link", { name: "support-portal", exact: true }).click();
      await page.getByRole("heading", { level: 1, name: "support-portal" }).waitFor();
      await page.getByRole("textbox", { name: "Description" }).fill("Help desk's portal");
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("Client successfully updated").first().waitFor();
      const [saved] = await json<{ description?: string }[]>(`${REALM}/clients?clientId=support-portal`);
      assert.equal(saved?.description, "Help desk's portal");
      await page.getByRole("tab", { name: "Roles" }).click();
      await page.getByRole("button", { name: "Create role" }).first().waitFor();
      await screenshot(page, "permissions-console-client-roles");
      await openSection("Clients");
      await waitForTable(list);
      await page.getByPlaceholder("Search for client", { exact: true }).fill("support-portal");
      await page.keyboard.press("Enter");
      await list.getByRole("link", { name: "billing-portal", exact: true }).waitFor({ state: "detached" });

      await row("support-portal")
        .getByRole("button", { name: /^Actions \d+$/ })
        .click();
      await page.getByRole("menuitem", { name: "Delete" }).click();
      const confirm = page.getByRole("dialog");
      await confirm.getByRole("button", { name: "Delete" }).click();
      await confirm.waitFor({ state: "hidden" });
      await list.getByRole("link", { name: "support-portal", exact: true }).waitFor({ state: "detached" });
      assert.deepEqual(await json<unknown[]>(`${REALM}/clients?clientId=support-portal`), []);
    });
  });
});
