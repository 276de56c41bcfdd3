import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { adminFetch, adminToken, startTestServer, type TestServer } from "../support/server.ts";
import { launchBrowser, newPage, signIn } from "../support/browser.ts";
import { seriousAxeViolations } from "../support/axe.ts";

const TIMEOUT = 20_000;

// The shell around the areas, as the master admin: the realm list and create-realm form, the realm
// selector with its recently used realms, and the user menu's clear-caches item.
describe("console shell", () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let api: ReturnType<typeof adminFetch>;

  before(async () => {
    server = await startTestServer();
    api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
    browser = await launchBrowser();
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

  it("creates a realm from the realm list; a duplicate shows the server's message and keeps the name", async () => {
    await page.getByRole("link", { name: "Manage realms" }).click();
    await page.getByRole("heading", { name: "Realms", level: 1 }).waitFor();
    assert.deepEqual(await seriousAxeViolations(page, "kc-admin-console", "main"), []);
    await page.getByRole("button", { name: "Create realm" }).click();
    await page.getByLabel("Realm name").fill("shell-e2e");
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await page.getByText("Realm shell-e2e was created.").waitFor();
    await page.getByTestId("dashboard-title").waitFor();
    assert.match(page.url(), /#\/shell-e2e$/);
    assert.equal((await api("/admin/realms/shell-e2e")).status, 200);

    await page.goto(`${server.baseUrl}/admin/master/console/#/master/realms`);
    await page.getByRole("button", { name: "Create realm" }).click();
    await page.getByLabel("Realm name").fill("shell-e2e");
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await page.getByText(/The realm could not be created: .+/).waitFor();
    assert.equal(await page.getByLabel("Realm name").inputValue(), "shell-e2e");
  });

  it("switches realms with the selector and lists the recently used ones first", async () => {
    await page.goto(`${server.baseUrl}/admin/master/console/#/master`);
    await page.getByTestId("dashboard-title").waitFor();
    const selector = page.getByRole("button", { name: "Select a realm" });
    await selector.click();
    await page.getByRole("menuitem", { name: "Demo" }).last().click();
    await page.waitForURL(/#\/demo$/);
    await page.getByTestId("dashboard-title").getByText("Welcome to Demo").waitFor();

    await selector.click();
    const recent = page.getByRole("menu", { name: "Recently used" });
    await recent.getByRole("menuitem").first().waitFor();
    const master = (await (await api("/admin/realms/master")).json()) as { displayName?: string };
    // Newest first, the current realm left out: master (just left), then shell-e2e (created before).
    assert.deepEqual((await recent.getByRole("menuitem").allInnerTexts()).map((text) => text.trim()), [master.displayName || "master", "shell-e2e"]);
    await page.getByRole("searchbox", { name: "Search realms" }).or(page.getByRole("textbox", { name: "Search realms" })).first().fill("shell");
    await page.getByRole("menu", { name: "All realms" }).getByRole("menuitem", { name: "shell-e2e" }).click();
    await page.waitForURL(/#\/shell-e2e$/);
  });

  it("clears the caches from the user menu in master only", async () => {
    await page.getByTestId("user-menu-toggle").click();
    assert.equal(await page.getByRole("menuitem", { name: "Clear all caches" }).count(), 0, "not outside master");
    await page.keyboard.press("Escape");
    await page.goto(`${server.baseUrl}/admin/master/console/#/master`);
    await page.getByTestId("dashboard-title").waitFor();
    await page.getByTestId("user-menu-toggle").click();
    await page.getByRole("menuitem", { name: "Clear all caches" }).click();
    await page.getByText("The caches were cleared.").waitFor();
  });
});
