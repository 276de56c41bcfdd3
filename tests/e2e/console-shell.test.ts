import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { adminFetch, adminToken, type TestServer } from "../support/server.ts";
import { startTarget } from "../support/target.ts";
import { launchBrowser, newPage, signIn, STEP_TIMEOUT } from "../support/browser.ts";
import { seriousAxeViolations } from "../support/axe.ts";

const TIMEOUT = STEP_TIMEOUT;

// The shell around the areas, as the master admin: the realm list and create-realm form, the realm
// selector with its recently used realms, and the user menu's clear-caches item.
describe("console shell", () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let api: ReturnType<typeof adminFetch>;

  before(async () => {
    server = await startTarget();
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

  it("opens a second tab of a signed-in administrator in place: no sign-in redirect, the users list shows", async () => {
    const tab = await page.context().newPage();
    tab.setDefaultTimeout(TIMEOUT);
    const pageLoads: string[] = [];
    tab.on("request", (request) => {
      if (request.isNavigationRequest() && request.frame() === tab.mainFrame()) pageLoads.push(request.url());
    });
    await tab.goto(`${server.baseUrl}/admin/master/console/#/master/users`);
    await tab.getByRole("link", { name: "admin", exact: true }).waitFor();
    // The session check ran in a hidden frame: the tab itself loaded once and never went to the authorization endpoint.
    assert.deepEqual(pageLoads, [`${server.baseUrl}/admin/master/console/`]);
    await tab.close();
  });

  it("creates a realm from the realm list; a duplicate shows the server's message and keeps the name", async () => {
    await page.getByRole("link", { name: "Manage realms" }).click();
    await page.getByRole("heading", { name: "Realms", level: 1, exact: true }).waitFor();
    assert.deepEqual(await seriousAxeViolations(page, "kc-admin-console", "main"), []);
    await page.getByRole("button", { name: "Create realm" }).click();
    await page.getByLabel("Realm name").fill("shell-e2e");
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await page.getByText("Realm created successfully").waitFor();
    await page.getByTestId("dashboard-title").waitFor();
    assert.match(page.url(), /#\/shell-e2e$/);
    assert.equal((await api("/admin/realms/shell-e2e")).status, 200);

    await page.goto(`${server.baseUrl}/admin/master/console/#/master/realms`);
    await page.getByRole("button", { name: "Create realm" }).click();
    await page.getByLabel("Realm name").fill("shell-e2e");
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await page.getByText(/Could not create realm .+/).waitFor();
    assert.equal(await page.getByLabel("Realm name").inputValue(), "shell-e2e");
  });

  it("switches realms with the selector and lists the recently used ones first", async () => {
    await page.goto(`${server.baseUrl}/admin/master/console/#/master`);
    await page.getByTestId("dashboard-title").waitFor();
    const selector = page.getByRole("button", { name: /, select a realm$/ });
    await selector.click();
    await page.getByRole("menuitem", { name: "Demo" }).last().click();
    await page.waitForURL(/#\/demo$/);
    await page.getByTestId("dashboard-title").getByText("Welcome to Demo").waitFor();

    await selector.click();
    const recent = page.getByRole("menu", { name: "Recently used" });
    await recent.getByRole("menuitem").first().waitFor();
    const master = (await (await api("/admin/realms/master")).json()) as { displayName?: string };
    // Newest first, the current realm left out: master (just left), then shell-e2e (created before).
    assert.deepEqual(
      (await recent.getByRole("menuitem").allInnerTexts()).map((text) => text.trim()),
      [master.displayName || "master", "shell-e2e"],
    );
    await page
      .getByRole("searchbox", { name: "Search realms" })
      .or(page.getByRole("textbox", { name: "Search realms" }))
      .first()
      .fill("shell");
    await page.getByRole("menu", { name: "All realms" }).getByRole("menuitem", { name: "shell-e2e" }).click();
    await page.waitForURL(/#\/shell-e2e$/);
  });

  it("names the user menu and the realm selector starting with their visible text (WCAG 2.5.3)", async () => {
    await page.goto(`${server.baseUrl}/admin/master/console/#/demo`);
    await page.getByTestId("dashboard-title").getByText("Welcome to Demo").waitFor();
    await page.getByRole("button", { name: "admin, user menu", exact: true }).waitFor();
    await page.getByRole("button", { name: "Demo, select a realm", exact: true }).waitFor();
    // The whole console (masthead and navigation too), with label-content-name-mismatch on.
    assert.deepEqual(await seriousAxeViolations(page, "kc-admin-console"), [], "dashboard and shell");
    await page.getByTestId("user-menu-toggle").click();
    await page.getByRole("menuitem", { name: "Sign out" }).waitFor();
    assert.deepEqual(await seriousAxeViolations(page, "kc-admin-console"), [], "open user menu");
    await page.keyboard.press("Escape");
  });

  it("clears the caches from the user menu in master only", async () => {
    await page.getByTestId("user-menu-toggle").click();
    assert.equal(await page.getByRole("menuitem", { name: "Clear Caches" }).count(), 0, "not outside master");
    await page.keyboard.press("Escape");
    await page.goto(`${server.baseUrl}/admin/master/console/#/master`);
    await page.getByTestId("dashboard-title").waitFor();
    await page.getByTestId("user-menu-toggle").click();
    await page.getByRole("menuitem", { name: "Clear Caches" }).click();
    await page.getByText("Cache cleared successfully").waitFor();
    // The toast lives in the console's shadow root, styled, not on the host page's body.
    const toast = await page.locator("kc-admin-console").evaluate((host) => {
      const alert = host.shadowRoot?.querySelector<HTMLElement>('[data-testid="alerts"] .pf-v6-c-alert');
      return {
        inShadowRoot: Boolean(alert),
        position: alert ? getComputedStyle(alert.closest(".pf-v6-c-alert-group")!).position : "",
        onBody: document.body.querySelector(".pf-v6-c-alert-group") !== null,
      };
    });
    assert.deepEqual(toast, { inShadowRoot: true, position: "fixed", onBody: false });
  });

  it("tells on the events screens that saving events is off, and not elsewhere", async () => {
    // A new realm (created above) saves no events.
    const config = (await (await api("/admin/realms/shell-e2e/events/config")).json()) as {
      eventsEnabled?: boolean;
      adminEventsEnabled?: boolean;
    };
    assert.ok(
      !config.eventsEnabled || !config.adminEventsEnabled,
      "the realm saves every kind of event: nothing to tell",
    );
    await page.goto(`${server.baseUrl}/admin/master/console/#/shell-e2e/events`);
    await page.getByTestId("events-off-banner").waitFor();
    await page.goto(`${server.baseUrl}/admin/master/console/#/shell-e2e/info`);
    await page.getByTestId("server-version").waitFor();
    assert.equal(await page.getByTestId("events-off-banner").count(), 0);
  });

  it("warns a temporary administrator", async () => {
    // Keycloak marks its bootstrap administrator with this attribute; an unmanaged one, so let the realm keep it.
    const profile = (await (await api("/admin/realms/master/users/profile")).json()) as Record<string, unknown>;
    assert.equal(
      (
        await api("/admin/realms/master/users/profile", {
          method: "PUT",
          body: { ...profile, unmanagedAttributePolicy: "ENABLED" },
        })
      ).status,
      200,
    );
    const created = await api("/admin/realms/master/users", {
      method: "POST",
      body: {
        username: "temp-admin",
        enabled: true,
        attributes: { is_temporary_admin: ["true"] },
        credentials: [{ type: "password", value: "Temp-admin-1", temporary: false }],
      },
    });
    assert.equal(created.status, 201, await created.text());
    const id = created.headers.get("location")!.split("/").at(-1)!;
    const admin = await (await api("/admin/realms/master/roles/admin")).json();
    assert.equal(
      (await api(`/admin/realms/master/users/${id}/role-mappings/realm`, { method: "POST", body: [admin] })).status,
      204,
    );
    const { page: tempPage } = await newPage(browser);
    tempPage.setDefaultTimeout(TIMEOUT);
    await tempPage.goto(`${server.baseUrl}/admin/master/console/`);
    await signIn(tempPage, { username: "temp-admin", password: "Temp-admin-1" });
    await tempPage.getByTestId("dashboard-title").waitFor();
    await tempPage
      .getByTestId("temporary-admin-banner")
      .getByText(/temporary admin user/)
      .waitFor();
    assert.equal(await page.getByTestId("temporary-admin-banner").count(), 0, "not for a permanent administrator");
    await tempPage.close();
  });
});
