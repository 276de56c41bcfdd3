import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { adminFetch, adminToken, type TestServer } from "../support/server.ts";
import { startTarget } from "../support/target.ts";
import { launchBrowser, newPage, signIn, STEP_TIMEOUT } from "../support/browser.ts";
import { seriousAxeViolations } from "../support/axe.ts";
import { markAdminCliAsConsoleClient, screenshot, withFailureShot } from "./organizations-support.ts";

const TIMEOUT = STEP_TIMEOUT;
const REALM = "/admin/realms/demo";

interface PermissionRep {
  id: string;
  name: string;
  description?: string;
  resourceType?: string;
  decisionStrategy?: string;
}

describe("permissions screens (admin permissions v2)", () => {
  let server: TestServer;
  let browser: Browser;
  let api: ReturnType<typeof adminFetch>;
  let authz: string;
  let customersId: string;

  const json = async <T>(path: string, init?: { method?: string; body?: unknown }): Promise<T> => {
    const response = await api(path, init);
    assert.ok(response.ok, `${init?.method ?? "GET"} ${path}: ${response.status} ${await response.clone().text()}`);
    return (await response.json()) as T;
  };
  const findPermission = async (name: string) =>
    (await json<PermissionRep[]>(`${authz}/permission?name=${encodeURIComponent(name)}`)).find(
      (permission) => permission.name === name,
    );

  before(async () => {
    server = await startTarget({ demoPages: true });
    browser = await launchBrowser();
    api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
    await markAdminCliAsConsoleClient(api, "master");
    const realm = await json<Record<string, unknown>>(REALM);
    const update = await api(REALM, { method: "PUT", body: { ...realm, adminPermissionsEnabled: true } });
    assert.equal(update.status, 204, await update.text());
    const [client] = await json<{ id: string }[]>(`${REALM}/clients?clientId=admin-permissions`);
    authz = `${REALM}/clients/${client!.id}/authz/resource-server`;
    for (const name of ["Permission customers", "Permission support"]) {
      const created = await api(`${REALM}/groups`, { method: "POST", body: { name } });
      assert.equal(created.status, 201, await created.text());
    }
    const groups = await json<{ id: string; name: string }[]>(`${REALM}/groups?search=Permission`);
    customersId = groups.find((group) => group.name === "Permission customers")!.id;
    const supportId = groups.find((group) => group.name === "Permission support")!.id;
    await json(`${authz}/policy/group`, {
      method: "POST",
      body: { name: "Support team policy", groups: [{ id: supportId, extendChildren: false }] },
    });
  });

  after(async () => {
    await browser?.close();
    await server?.dispose();
  });

  /** Creates a Groups permission on one group with the policy, through the form. */
  async function createThroughForm(page: Page, host: string, name: string) {
    await page.getByRole("button", { name: "Create permission" }).click();
    await page.getByRole("menuitem", { name: "Groups" }).click();
    await page.getByRole("heading", { name: "Create permission" }).waitFor();
    await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
    await page.getByRole("textbox", { name: "Description" }).fill("Support may handle customers");
    await page.getByRole("radio", { name: "Specific Groups" }).check();
    await page.getByRole("combobox", { name: "Groups" }).fill("Permission cust");
    await page.getByText("/Permission customers", { exact: true }).click();
    await page.keyboard.press("Escape");
    await page.getByRole("combobox", { name: "Groups", expanded: false }).waitFor();
    await page.getByRole("checkbox", { name: "view-members", exact: true }).check();
    await page.getByRole("checkbox", { name: "manage-members", exact: true }).check();
    await page.getByRole("combobox", { name: "Policies" }).fill("Support");
    await page.getByText("Support team policy", { exact: true }).click();
    await page.keyboard.press("Escape");
    await page.getByRole("combobox", { name: "Policies", expanded: false }).waitFor();
    // Admin permissions take no other decision strategy: the form shows Unanimous and offers nothing else.
    assert.equal(await page.getByRole("textbox", { name: "Decision strategy" }).inputValue(), "Unanimous");
    assert.equal(await page.getByRole("radio", { name: "Affirmative" }).count(), 0);
    assert.deepEqual(await seriousAxeViolations(page, host), [], "create form");
    await screenshot(page, "permissions-create");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Successfully created the permission").waitFor();
    await page.getByRole("heading", { name: "Permission details" }).waitFor();
  }

  it("in the console: the menu entry, create a Groups permission, find it, edit it, delete it", async () => {
    const { page } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    await withFailureShot(page, "permissions-console", async () => {
      await page.goto(`${server.baseUrl}/admin/master/console/`);
      await signIn(page, { username: "admin", password: "admin" });
      await page.getByTestId("dashboard-title").waitFor();
      await page.evaluate(() => (location.hash = "#/demo/realm-settings"));
      await page.getByRole("navigation").getByRole("link", { name: "Permissions", exact: true }).click();
      await page.getByRole("tab", { name: "Permissions", selected: true }).waitFor();
      await page.getByText("No permissions").waitFor();
      assert.deepEqual(await seriousAxeViolations(page, "kc-admin-console"), [], "empty list");

      await createThroughForm(page, "kc-admin-console", "Support manages customers");
      const created = await findPermission("Support manages customers");
      assert.ok(created, "permission stored");
      const typed = await json<PermissionRep>(`${authz}/permission/scope/${created.id}`);
      assert.equal(typed.resourceType, "Groups");
      assert.equal(typed.decisionStrategy, "UNANIMOUS");
      const scopes = await json<{ name: string }[]>(`${authz}/policy/${created.id}/scopes`);
      assert.deepEqual(scopes.map((scope) => scope.name).sort(), ["manage-members", "view-members"]);
      const resources = await json<{ name: string }[]>(`${authz}/policy/${created.id}/resources`);
      assert.deepEqual(
        resources.map((resource) => resource.name),
        [customersId],
      );
      const policies = await json<{ name: string }[]>(`${authz}/policy/${created.id}/associatedPolicies`);
      assert.deepEqual(
        policies.map((policy) => policy.name),
        ["Support team policy"],
      );
      // The edit form shows what was stored, the group by its path.
      assert.ok(await page.getByRole("checkbox", { name: "view-members", exact: true }).isChecked());
      await page.getByText("/Permission customers").waitFor();

      await page.getByRole("button", { name: "Cancel" }).click();
      const list = page.getByRole("grid", { name: "Permissions" });
      await list.getByRole("link", { name: "Support manages customers" }).waitFor();
      assert.deepEqual(await seriousAxeViolations(page, "kc-admin-console"), [], "list");
      await screenshot(page, "permissions-list");

      await page.getByRole("button", { name: /^Resource type/ }).click();
      await page.getByRole("option", { name: "Users" }).click();
      await page.getByText("No permissions").waitFor();
      await page.getByRole("button", { name: /^Resource type/ }).click();
      await page.getByRole("option", { name: "Groups" }).click();
      await list.getByRole("link", { name: "Support manages customers" }).waitFor();

      await list.getByRole("link", { name: "Support manages customers" }).click();
      await page.getByRole("textbox", { name: "Description" }).fill("Customers are handled by support");
      await page.getByRole("checkbox", { name: "manage-members", exact: true }).uncheck();
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("Successfully updated the permission").waitFor();
      assert.equal(
        (await findPermission("Support manages customers"))?.description,
        "Customers are handled by support",
      );
      const scopesAfter = await json<{ name: string }[]>(`${authz}/policy/${created.id}/scopes`);
      assert.deepEqual(
        scopesAfter.map((scope) => scope.name),
        ["view-members"],
      );

      await page.getByRole("button", { name: "Delete" }).click();
      await page
        .getByRole("dialog", { name: "Permanently delete permission?" })
        .getByRole("button", { name: "Delete" })
        .click();
      await page.getByText("Successfully deleted permission").waitFor();
      await page.getByText("No permissions").waitFor();
      assert.equal(await findPermission("Support manages customers"), undefined);
    });
    await page.close();
  });

  it("as <kc-permissions-admin> in the dark theme: list, form and delete from the row menu", async () => {
    const { page } = await newPage(browser, { colorScheme: "dark" });
    page.setDefaultTimeout(TIMEOUT);
    await withFailureShot(page, "permissions-element-dark", async () => {
      await page.goto(`${server.baseUrl}/demo/test-elements/permissions.html?theme=dark`);
      await page.getByText("No permissions").waitFor();
      await createThroughForm(page, "kc-permissions-admin", "Dark theme permission");
      assert.ok(await findPermission("Dark theme permission"));
      assert.deepEqual(await seriousAxeViolations(page, "kc-permissions-admin"), [], "dark edit form");
      await screenshot(page, "permissions-element-dark-form");
      await page.getByRole("button", { name: "Cancel" }).click();
      const list = page.getByRole("grid", { name: "Permissions" });
      await list.getByRole("link", { name: "Dark theme permission" }).waitFor();
      await page.getByRole("searchbox").or(page.getByPlaceholder("Search for permission")).first().fill("nothing");
      await page.keyboard.press("Enter");
      await list.getByRole("link", { name: "Dark theme permission" }).waitFor({ state: "detached" });
      await page.getByPlaceholder("Search for permission").fill("Dark");
      await page.keyboard.press("Enter");
      await list.getByRole("link", { name: "Dark theme permission" }).waitFor();
      assert.deepEqual(await seriousAxeViolations(page, "kc-permissions-admin"), [], "dark list");
      await screenshot(page, "permissions-element-dark-list");
      await page.getByRole("button", { name: "Actions 1" }).click();
      await page.getByRole("menuitem", { name: "Delete" }).click();
      await page
        .getByRole("dialog", { name: "Permanently delete permission?" })
        .getByRole("button", { name: "Delete" })
        .click();
      await page.getByText("Successfully deleted permission").waitFor();
      assert.equal(await findPermission("Dark theme permission"), undefined);
    });
    await page.close();
  });
});
