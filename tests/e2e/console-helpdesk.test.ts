import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { type TestServer } from "../support/server.ts";
import { startTarget } from "../support/target.ts";
import { launchBrowser, newPage, signIn, STEP_TIMEOUT } from "../support/browser.ts";

const TIMEOUT = STEP_TIMEOUT;

describe("console as the demo realm's helpdesk user", () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;

  before(async () => {
    server = await startTarget();
    browser = await launchBrowser();
    ({ page } = await newPage(browser));
    page.setDefaultTimeout(TIMEOUT);
  });

  after(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it("sees only the areas its access allows", async () => {
    await page.goto(`${server.baseUrl}/admin/demo/console/`);
    await signIn(page, { username: "helpdesk", password: "helpdesk" });
    await page.getByTestId("dashboard-title").waitFor();
    const nav = page.getByRole("navigation", { name: "Console navigation" });
    await nav.getByRole("link", { name: "Users" }).waitFor();
    await nav.getByRole("link", { name: "Groups" }).waitFor();
    for (const hidden of [
      "Clients",
      "Client scopes",
      "Realm roles",
      "Realm settings",
      "Authentication",
      "Identity providers",
      "User federation",
      "Events",
      "Manage realms",
    ]) {
      assert.equal(await nav.getByRole("link", { name: hidden, exact: true }).count(), 0, `${hidden} should be hidden`);
    }
  });

  it("shows the forbidden message with the needed permission on a deep link", async () => {
    await page.goto(`${server.baseUrl}/admin/demo/console/#/demo/clients`);
    const forbidden = page.getByTestId("forbidden");
    await forbidden.waitFor();
    assert.match(await forbidden.innerText(), /query-clients/);
    assert.equal(await page.getByRole("grid", { name: "Clients list" }).count(), 0, "no clients list");
  });

  it("gets the forbidden page, not the list, at the client scopes address", async () => {
    await page.goto(`${server.baseUrl}/admin/demo/console/#/demo/client-scopes`);
    // The clients address before showed the same page: wait for the one naming this area's permission.
    await page.getByTestId("forbidden").filter({ hasText: "view-clients" }).waitFor();
    assert.equal(await page.getByRole("grid", { name: "Client scopes" }).count(), 0, "no client scopes list");
  });

  it("shows 'Page Not Found' for an unknown route", async () => {
    await page.goto(`${server.baseUrl}/admin/demo/console/#/demo/nothing-here/at/all`);
    await page.getByText("Page Not Found").waitFor();
  });
});
