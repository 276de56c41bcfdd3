import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { adminFetch, adminToken, type TestServer } from "../support/server.ts";
import { startTarget } from "../support/target.ts";
import { launchBrowser, newPage, signIn, STEP_TIMEOUT } from "../support/browser.ts";
import { markAdminCliAsConsoleClient, screenshot, waitForTable } from "./organizations-support.ts";
import { seriousAxeViolations } from "../support/axe.ts";

const TIMEOUT = STEP_TIMEOUT;
const USERS_API = /\/admin\/realms\/demo\/users(\/|\?|$)/;

/**
 * Issue 5: as helpdesk (query-users, view-users, query-groups in realm demo) the users screens
 * show no create, edit or delete control, and no call that needs manage-users is ever made.
 */
describe("helpdesk: view and query only", () => {
  let server: TestServer;
  let browser: Browser;

  before(async () => {
    server = await startTarget({ demoPages: true });
    browser = await launchBrowser();
    await markAdminCliAsConsoleClient(adminFetch(server.baseUrl, await adminToken(server.baseUrl)), "demo");
  });

  after(async () => {
    await browser?.close();
    await server?.dispose();
  });

  /** Every admin call the page makes, as "METHOD path". */
  function recordAdminCalls(page: Page): string[] {
    const calls: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith("/admin/")) calls.push(`${request.method()} ${url.pathname}`);
    });
    return calls;
  }

  /** The list and one user's tabs, looking for any control that would change something. */
  async function checkReadOnlyUsers(page: Page, host: string, area: string, shots: string) {
    const list = page.getByRole("grid", { name: "Users" });
    await waitForTable(list);
    await list.getByRole("link", { name: "alice.anderson" }).waitFor();
    assert.equal(await page.getByRole("button", { name: "Create user" }).count(), 0, "no 'Create user'");
    assert.equal(await page.getByRole("button", { name: "Delete" }).count(), 0, "no bulk 'Delete'");
    assert.equal(await list.getByRole("checkbox").count(), 0, "no row selection");
    const kebabs = list.getByRole("button", { name: /^Actions/ });
    if ((await kebabs.count()) > 0) {
      await kebabs.first().click();
      assert.equal(await page.getByRole("menuitem", { name: "Delete" }).count(), 0, "no kebab 'Delete'");
      await page.keyboard.press("Escape");
    }
    assert.deepEqual(await seriousAxeViolations(page, host, area), [], "read-only list");
    await screenshot(page, `${shots}-list`);

    await list.getByRole("link", { name: "alice.anderson" }).click();
    await page.getByRole("heading", { level: 1, name: "alice.anderson" }).waitFor();
    const enabled = page.getByRole("switch", { name: "Enabled" });
    if ((await enabled.count()) > 0) assert.equal(await enabled.isDisabled(), true, "the Enabled switch is disabled");
    for (const tab of ["Attributes", "Groups", "Role mapping", "Sessions"]) {
      const tabControl = page.getByRole("tab", { name: tab });
      if ((await tabControl.count()) === 0) continue;
      await tabControl.click();
      await page.waitForTimeout(300);
      for (const name of [
        "Save",
        "Delete",
        "Delete user",
        "Join Group",
        "Leave",
        "Assign role",
        "Unassign",
        "Sign out",
        "Reset password",
        "Add an entry",
      ]) {
        const control = page.getByRole("button", { name, exact: true });
        const shown = await control.count();
        if (shown > 0)
          assert.equal(await control.first().isDisabled(), true, `'${name}' on ${tab} must be absent or disabled`);
      }
    }
    assert.deepEqual(await seriousAxeViolations(page, host, area), [], "read-only details");
    await screenshot(page, `${shots}-details`);
  }

  function assertNoManageUsersCall(calls: string[]) {
    const changes = calls.filter(
      (call) => !call.startsWith("GET ") && USERS_API.test(call.slice(call.indexOf(" ") + 1)),
    );
    assert.deepEqual(changes, [], "no POST/PUT/DELETE to /admin/realms/demo/users…");
    const manageOnly = calls.filter((call) =>
      /\/users\/[^/]+\/(credentials|impersonation|reset-password|execute-actions-email|logout)/.test(call),
    );
    assert.deepEqual(manageOnly, [], "no read that needs manage-users");
  }

  it("as <kc-users-admin realm=demo> with helpdesk's token", async () => {
    const { page } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    const calls = recordAdminCalls(page);
    await page.goto(`${server.baseUrl}/demo/test-elements/helpdesk.html`);
    await checkReadOnlyUsers(page, "kc-users-admin", ".kc-element-root", "helpdesk-element");
    assertNoManageUsersCall(calls);
    assert.ok(
      calls.some((call) => call.startsWith("GET /admin/realms/demo/users")),
      "the users were listed",
    );
    await page.close();
  });

  it("in the full console, signed in as helpdesk through the login page", async () => {
    const { page } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    const calls = recordAdminCalls(page);
    await page.goto(`${server.baseUrl}/admin/demo/console/`);
    await signIn(page, { username: "helpdesk", password: "helpdesk" });
    await page.getByTestId("dashboard-title").waitFor();
    await page.evaluate(() => (location.hash = "#/demo/users"));
    await checkReadOnlyUsers(page, "kc-admin-console", "main", "helpdesk-console");
    assertNoManageUsersCall(calls);
    await page.close();
  });
});
