import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Browser, Locator, Page } from "playwright-core";
import { adminFetch, adminToken, type TestServer } from "../support/server.ts";
import { startTarget } from "../support/target.ts";
import { launchBrowser, newPage, signIn, STEP_TIMEOUT } from "../support/browser.ts";
import { markAdminCliAsConsoleClient, screenshot, waitForTable, withFailureShot } from "./organizations-support.ts";
import { seriousAxeViolations } from "../support/axe.ts";

const TIMEOUT = STEP_TIMEOUT;
const HOST = "kc-admin-console";
const INNER = "main";
const CLIENTS = "/admin/realms/demo/clients";

interface Rep {
  id: string;
  name?: string;
  clientId?: string;
  attributes?: Record<string, string[]>;
}

describe("client roles and importing a client", () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let api: ReturnType<typeof adminFetch>;
  let clientUuid = "";

  const console = (hash: string) => `${server.baseUrl}/admin/master/console/#/demo/${hash}`;
  const rowWith = (scope: Locator | Page, text: string) => scope.getByRole("row").filter({ hasText: text });
  const noSeriousViolations = async (what: string) =>
    assert.deepEqual(await seriousAxeViolations(page, HOST, INNER), [], what);

  before(async () => {
    server = await startTarget({ demoPages: true });
    browser = await launchBrowser();
    api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
    await markAdminCliAsConsoleClient(api, "master");
    assert.equal((await api(CLIENTS, { method: "POST", body: { clientId: "e2e-roles-app" } })).status, 201);
    const [app] = (await (await api(`${CLIENTS}?clientId=e2e-roles-app`)).json()) as Rep[];
    clientUuid = app!.id;
    const realmRole = { name: "e2e-auditor", description: "Reads the books" };
    assert.equal((await api("/admin/realms/demo/roles", { method: "POST", body: realmRole })).status, 201);
    ({ page } = await newPage(browser));
    page.setDefaultTimeout(TIMEOUT);
    await page.goto(`${server.baseUrl}/admin/master/console/`);
    await signIn(page, { username: "admin", password: "admin" });
    await page.getByTestId("dashboard-title").waitFor();
  });

  after(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it("adds a client role, saves its attributes and makes it a composite of a realm role", async () => {
    await withFailureShot(page, "client-roles", async () => {
      await page.goto(console(`clients/${clientUuid}/roles`));
      await page.getByRole("heading", { level: 1, name: "e2e-roles-app" }).waitFor();
      await page.getByText("No roles for this client").waitFor();
      await noSeriousViolations("client roles tab (empty)");
      await screenshot(page, "client-roles-empty");

      await page.getByRole("button", { name: "Create role" }).first().click();
      await page.getByRole("heading", { level: 1, name: "Create role" }).waitFor();
      await page.getByRole("textbox", { name: "Role name" }).fill("approver");
      await page.getByRole("textbox", { name: "Description" }).fill("Approves invoices");
      await noSeriousViolations("create client role");
      await screenshot(page, "client-role-create");
      await page.getByRole("button", { name: "Create", exact: true }).click();
      await page.getByText("Role created").first().waitFor();
      await page.getByRole("heading", { level: 1, name: "approver" }).waitFor();
      const role = (await (await api(`${CLIENTS}/${clientUuid}/roles/approver`)).json()) as Rep;
      assert.match(page.url(), new RegExp(`/clients/${clientUuid}/roles/${role.id}/details$`));
      await noSeriousViolations("client role details");
      await screenshot(page, "client-role-details");

      // Attributes: a key-value row saved to the server.
      await page.getByRole("tab", { name: "Attributes" }).click();
      const key = page.getByRole("textbox", { name: "Key 1" });
      await key.fill("approval-limit");
      await page.getByRole("textbox", { name: "Value 1" }).fill("5000");
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("The role has been saved").first().waitFor();
      const saved = (await (await api(`/admin/realms/demo/roles-by-id/${role.id}`)).json()) as Rep;
      assert.deepEqual(saved.attributes, { "approval-limit": ["5000"] });
      await noSeriousViolations("client role attributes");
      await screenshot(page, "client-role-attributes");

      // Associated roles: the realm role becomes part of the client role.
      await page.getByRole("tab", { name: "Associated roles" }).click();
      await page.getByText("No associated roles").waitFor();
      await page.getByRole("button", { name: "Add associated roles" }).first().click();
      const dialog = page.getByRole("dialog");
      const search = dialog.getByPlaceholder("Search role by name");
      await search.fill("e2e-auditor");
      await search.press("Enter");
      await rowWith(dialog, "e2e-auditor").getByRole("checkbox").check();
      await noSeriousViolations("add associated roles dialog");
      await screenshot(page, "client-role-add-associated");
      await dialog.getByRole("button", { name: "Add", exact: true }).click();
      await page.getByText("Associated roles have been added").first().waitFor();
      await rowWith(page.getByRole("grid", { name: "Associated roles" }), "e2e-auditor").waitFor();
      const composites = (await (await api(`/admin/realms/demo/roles-by-id/${role.id}/composites`)).json()) as Rep[];
      assert.deepEqual(
        composites.map((composite) => composite.name),
        ["e2e-auditor"],
      );
      await noSeriousViolations("client role associated roles");
      await screenshot(page, "client-role-associated");

      await page.getByRole("tab", { name: "Users in role" }).click();
      await page.getByText("No direct users").waitFor();
      await noSeriousViolations("client role users");
      await screenshot(page, "client-role-users");

      // A duplicate name: the server's message, the form keeps what was typed.
      await page.goto(console(`clients/${clientUuid}/roles/new`));
      await page.getByRole("textbox", { name: "Role name" }).fill("approver");
      await page.getByRole("button", { name: "Create", exact: true }).click();
      await page.getByText("Role with name approver already exists").first().waitFor();
      assert.equal(await page.getByRole("textbox", { name: "Role name" }).inputValue(), "approver");
      await screenshot(page, "client-role-duplicate");

      // The list shows the role as composite.
      await page.goto(console(`clients/${clientUuid}/roles`));
      await waitForTable(page.getByRole("grid", { name: "Client roles" }));
      await rowWith(page.getByRole("grid", { name: "Client roles" }), "approver")
        .getByText("True")
        .waitFor();
      await noSeriousViolations("client roles tab");
      await screenshot(page, "client-roles-list");
    });
  });

  it("imports a client from a JSON file and opens it", async () => {
    await withFailureShot(page, "import-client", async () => {
      await page.goto(console("clients/import-client"));
      await page.getByRole("heading", { level: 1, name: "Import client" }).waitFor();
      await noSeriousViolations("import client (empty)");
      const resource = {
        clientId: "e2e-imported",
        name: "Imported ledger",
        description: "From a file",
        protocol: "openid-connect",
        publicClient: true,
        redirectUris: ["https://imported.example.com/*"],
      };
      await page.locator('input[type="file"]').setInputFiles({
        name: "e2e-imported.json",
        mimeType: "application/json",
        buffer: Buffer.from(JSON.stringify(resource, null, 2)),
      });
      await page.getByRole("textbox", { name: "Client ID", exact: true }).waitFor();
      await assertValue("Client ID", "e2e-imported");
      await assertValue("Name", "Imported ledger");
      await noSeriousViolations("import client (file read)");
      await screenshot(page, "client-import");
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("Client imported successfully").first().waitFor();
      await page.getByRole("heading", { level: 1, name: "e2e-imported" }).waitFor();
      const [imported] = (await (await api(`${CLIENTS}?clientId=e2e-imported`)).json()) as (Rep & {
        redirectUris?: string[];
      })[];
      assert.deepEqual(imported?.redirectUris, ["https://imported.example.com/*"]);

      // The same file again: the server's 409 message, the form keeps the file's values.
      await page.goto(console("clients/import-client"));
      await page.locator('input[type="file"]').setInputFiles({
        name: "e2e-imported.json",
        mimeType: "application/json",
        buffer: Buffer.from(JSON.stringify(resource)),
      });
      await assertValue("Client ID", "e2e-imported");
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("Client e2e-imported already exists").first().waitFor();
      await assertValue("Client ID", "e2e-imported");
      await screenshot(page, "client-import-duplicate");
    });
  });

  async function assertValue(label: string, expected: string) {
    const field = page.getByRole("textbox", { name: label, exact: true });
    await page.waitForFunction(([element, value]) => (element as HTMLInputElement).value === value, [
      await field.elementHandle(),
      expected,
    ] as const);
  }
});
