import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import { adminFetch, adminToken, type TestServer } from "../support/server.ts";
import { startTarget } from "../support/target.ts";
import { launchBrowser, newPage, signIn, STEP_TIMEOUT } from "../support/browser.ts";
import { markAdminCliAsConsoleClient, screenshot, waitForTable, withFailureShot } from "./organizations-support.ts";
import { seriousAxeViolations } from "../support/axe.ts";

const TIMEOUT = STEP_TIMEOUT;
const CLIENTS = "/admin/realms/demo/clients";
const HOST = "kc-admin-console";
const INNER = "main";

interface ClientRep {
  id: string;
  clientId: string;
  publicClient?: boolean;
  directAccessGrantsEnabled?: boolean;
  redirectUris?: string[];
  attributes?: Record<string, string>;
}

describe("clients screens", () => {
  let server: TestServer;
  let browser: Browser;
  let api: ReturnType<typeof adminFetch>;

  before(async () => {
    server = await startTarget({ demoPages: true });
    browser = await launchBrowser();
    api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
    await markAdminCliAsConsoleClient(api, "master");
  });

  after(async () => {
    await browser?.close();
    await server?.dispose();
  });

  const findClient = async (clientId: string): Promise<ClientRep | undefined> => {
    const list = (await (await api(`${CLIENTS}?clientId=${encodeURIComponent(clientId)}`)).json()) as ClientRep[];
    return list[0];
  };

  const rowOf = (page: Page, clientId: string) =>
    page.getByRole("grid", { name: "Clients list" }).getByRole("row").filter({ hasText: clientId });

  /** Searches the list and waits for the server's answer to that search (the unfiltered rows may still show before it). */
  async function searchList(page: Page, text: string) {
    const answered = page.waitForResponse(
      (response) =>
        /\/clients\/?\?/.test(response.url()) && new URL(response.url()).searchParams.get("clientId") === text,
    );
    await page.getByRole("textbox", { name: "Search" }).fill(text);
    await page.getByRole("textbox", { name: "Search" }).press("Enter");
    await answered;
  }

  it("creates, edits, exports and deletes a client in the full console", async () => {
    const { page } = await newPage(browser, { acceptDownloads: true });
    page.setDefaultTimeout(TIMEOUT);
    const clientId = "e2e-ledger";
    await withFailureShot(page, "clients-console", async () => {
      await page.goto(`${server.baseUrl}/admin/master/console/`);
      await signIn(page, { username: "admin", password: "admin" });
      await page.getByTestId("dashboard-title").waitFor();
      await page.goto(`${server.baseUrl}/admin/master/console/#/demo/clients`);
      await waitForTable(page.getByRole("grid", { name: "Clients list" }));
      await rowOf(page, "account-console").waitFor();
      assert.deepEqual(await seriousAxeViolations(page, HOST, INNER), [], "clients list");
      await screenshot(page, "clients-list");

      // The wizard: general settings, capability config, login settings.
      await page.getByRole("button", { name: "Create client" }).first().click();
      await page.getByRole("heading", { level: 1, name: "Create client" }).waitFor();
      await page.getByRole("button", { name: "Next" }).click();
      await page.getByText("Required field").waitFor();
      await page.getByRole("textbox", { name: "Client ID", exact: true }).fill(clientId);
      await page.getByRole("textbox", { name: "Name", exact: true }).fill("Ledger");
      assert.deepEqual(await seriousAxeViolations(page, HOST, INNER), [], "wizard, general settings");
      await screenshot(page, "clients-wizard-general");
      await page.getByRole("button", { name: "Next" }).click();
      await page.getByRole("switch", { name: "Client authentication" }).focus();
      await page.keyboard.press("Space");
      await page.getByRole("checkbox", { name: "Direct access grants" }).check();
      assert.deepEqual(await seriousAxeViolations(page, HOST, INNER), [], "wizard, capability config");
      await screenshot(page, "clients-wizard-capability");
      await page.getByRole("button", { name: "Next" }).click();
      await page.getByRole("textbox", { name: "Valid redirect URIs 1" }).fill("https://ledger.example.com/*");
      assert.deepEqual(await seriousAxeViolations(page, HOST, INNER), [], "wizard, login settings");
      await screenshot(page, "clients-wizard-login");
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("Client created successfully").waitFor();
      await page.getByRole("heading", { level: 1, name: clientId }).waitFor();
      const created = await findClient(clientId);
      assert.ok(created, "client created");
      assert.equal(created.publicClient, false);
      assert.equal(created.directAccessGrantsEnabled, true);
      assert.deepEqual(created.redirectUris, ["https://ledger.example.com/*"]);

      // Settings: an illegal redirect URI gets the server's message on the field and stays as typed.
      await page.getByRole("button", { name: "Add another value" }).first().click();
      await page.getByRole("textbox", { name: "Valid redirect URIs 2" }).fill("javascript:alert(1)");
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("A redirect URI uses an illegal scheme").first().waitFor();
      assert.equal(
        await page.getByRole("textbox", { name: "Valid redirect URIs 2" }).inputValue(),
        "javascript:alert(1)",
      );
      await screenshot(page, "clients-settings-error");
      await page.getByRole("textbox", { name: "Valid redirect URIs 2" }).fill("https://ledger.example.com/callback");
      // Capability config has the DPoP switch (the DPOP feature is on on both servers).
      const dpop = page.getByRole("switch", { name: "Require DPoP bound tokens" });
      assert.equal(await dpop.isChecked(), false, "DPoP is off for a new client");
      await dpop.focus();
      await page.keyboard.press("Space");
      // "Require PKCE" (Keycloak 26.7) asks for S256 when switched on; "PKCE Method" shows only then.
      const pkce = page.getByRole("switch", { name: "Require PKCE" });
      assert.equal(await pkce.isChecked(), false, "PKCE is not required for a new client");
      assert.equal(await page.getByText("PKCE Method", { exact: true }).count(), 0, "no method while not required");
      await pkce.focus();
      await page.keyboard.press("Space");
      await page.getByText("PKCE Method", { exact: true }).waitFor();
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("Client successfully updated").waitFor();
      const saved = await findClient(clientId);
      assert.deepEqual(saved?.redirectUris, ["https://ledger.example.com/*", "https://ledger.example.com/callback"]);
      assert.equal(saved?.attributes?.["dpop.bound.access.tokens"], "true", "DPoP required");
      assert.equal(saved?.attributes?.["pkce.code.challenge.method"], "S256", "PKCE required with S256");
      await page.reload();
      await page.getByRole("heading", { level: 1, name: clientId }).waitFor();
      assert.equal(
        await page.getByRole("textbox", { name: "Valid redirect URIs 2" }).inputValue(),
        "https://ledger.example.com/callback",
      );
      assert.equal(await dpop.isChecked(), true, "the switch shows the saved value");
      assert.equal(await pkce.isChecked(), true, "Require PKCE shows the saved method");
      assert.deepEqual(await seriousAxeViolations(page, HOST, INNER), [], "settings tab");
      await screenshot(page, "clients-settings");

      // A duplicate client ID: the server's message, the wizard keeps what was typed.
      await page.goto(`${server.baseUrl}/admin/master/console/#/demo/clients/add-client`);
      await page.getByRole("textbox", { name: "Client ID", exact: true }).fill(clientId);
      await page.getByRole("button", { name: "Next" }).click();
      await page.getByRole("button", { name: "Next" }).click();
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText(`Client ${clientId} already exists`).first().waitFor();
      assert.equal(await page.getByRole("textbox", { name: "Client ID", exact: true }).inputValue(), clientId);
      await screenshot(page, "clients-wizard-duplicate");

      // The list finds it by search; export downloads its JSON; delete asks first.
      await page.goto(`${server.baseUrl}/admin/master/console/#/demo/clients`);
      const leave = page.getByRole("button", { name: "Leave" });
      if (await leave.isVisible().catch(() => false)) await leave.click();
      await waitForTable(page.getByRole("grid", { name: "Clients list" }));
      await searchList(page, "ledg");
      await rowOf(page, clientId).waitFor();
      assert.equal(await page.getByRole("grid", { name: "Clients list" }).locator("tbody tr").count(), 1);
      await rowOf(page, clientId)
        .getByRole("button", { name: /^Actions/ })
        .click();
      const downloading = page.waitForEvent("download");
      await page.getByRole("menuitem", { name: "Export" }).click();
      const download = await downloading;
      assert.equal(download.suggestedFilename(), `${clientId}.json`);
      const exported = JSON.parse(await readFile((await download.path())!, "utf8")) as Partial<ClientRep>;
      assert.equal(exported.clientId, clientId);
      assert.equal(exported.id, undefined, "an export has no id");

      await rowOf(page, clientId)
        .getByRole("button", { name: /^Actions/ })
        .click();
      await page.getByRole("menuitem", { name: "Delete" }).click();
      const dialog = page.getByRole("dialog", { name: `Delete ${clientId} ?` });
      await dialog.waitFor();
      await dialog.getByRole("button", { name: "Delete" }).click();
      await page.getByText("The client has been deleted").waitFor();
      await rowOf(page, clientId).waitFor({ state: "detached" });
      assert.equal(await findClient(clientId), undefined, "client deleted");
    });
  });

  it("shows the list in <kc-clients-admin> on a host page", async () => {
    const { page } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    await withFailureShot(page, "clients-element", async () => {
      await page.goto(`${server.baseUrl}/demo/test-elements/clients.html`);
      await rowOf(page, "account-console").waitFor();
      assert.deepEqual(await seriousAxeViolations(page, "kc-clients-admin"), [], "element list");
      await screenshot(page, "clients-element");
    });
  });
});
