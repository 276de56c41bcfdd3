import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { adminToken, type TestServer } from "../support/server.ts";
import { startTarget } from "../support/target.ts";
import { launchBrowser, newPage, signIn, STEP_TIMEOUT } from "../support/browser.ts";

const TIMEOUT = STEP_TIMEOUT;

describe("console as the master admin", () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  /** Content-Security-Policy refusals and uncaught errors seen on the console page. */
  const problems: string[] = [];

  before(async () => {
    server = await startTarget();
    browser = await launchBrowser();
    ({ page } = await newPage(browser));
    page.setDefaultTimeout(TIMEOUT);
    page.on("console", (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    if (process.env.E2E_DEBUG)
      page.on("framenavigated", (frame) => frame === page.mainFrame() && console.log("navigated:", frame.url()));
  });

  after(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it("signs in through the login page and shows the dashboard", async () => {
    const consolePage = await page.goto(`${server.baseUrl}/admin/master/console/`);
    const policy = (await consolePage!.allHeaders())["content-security-policy"] ?? "";
    for (const rule of ["default-src 'self'", "script-src 'self'", "style-src 'self'"])
      assert.ok(policy.includes(rule), `${rule} in ${policy}`);
    await signIn(page, { username: "admin", password: "admin" });
    await page.getByTestId("dashboard-title").waitFor();
    assert.match(await page.getByTestId("dashboard-title").innerText(), /^Welcome to /);
    assert.match(page.url(), /\/admin\/master\/console\/#\/master$/);
    await page.getByRole("link", { name: "Manage realms" }).waitFor();
    await page.getByRole("link", { name: "Users" }).waitFor();
    await page.getByRole("link", { name: "Clients" }).waitFor();
  });

  it("shows server info on the info tab", async () => {
    await page.getByRole("tab", { name: "Server info" }).click();
    await page.getByTestId("server-version").waitFor();
    assert.match(page.url(), /#\/master\/info$/);
  });

  it("shows 'Page Not Found' for an unknown route", async () => {
    await page.goto(`${server.baseUrl}/admin/master/console/#/master/no/such/page`);
    await page.getByText("Page Not Found").waitFor();
  });

  it("names the screens in the breadcrumbs, never their ids, and mirrors them right to left", async () => {
    const token = await adminToken(server.baseUrl);
    const [alice] = (await (
      await fetch(`${server.baseUrl}/admin/realms/demo/users?username=alice.anderson&exact=true`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { id: string }[];
    await page.goto(`${server.baseUrl}/admin/master/console/#/demo/users/${alice.id}/settings`);
    const crumbs = page.getByRole("navigation", { name: "Breadcrumbs" });
    await crumbs.getByText("User details").waitFor();
    assert.deepEqual(
      (await crumbs.getByRole("listitem").allInnerTexts()).map((text) => text.trim()),
      ["Users", "User details"],
    );
    const divider = crumbs.locator(".pf-v6-c-breadcrumb__item-divider").first();
    assert.equal(await divider.evaluate((element) => getComputedStyle(element).scale), "none");
    const consoleElement = page.locator("kc-admin-console");
    await consoleElement.evaluate((element) => element.setAttribute("locale", "he"));
    await page.waitForFunction(() => document.querySelector("kc-admin-console")?.getAttribute("dir") === "rtl");
    assert.equal(
      await divider.evaluate((element) => getComputedStyle(element).scale),
      "-1 1",
      "PatternFly's right-to-left rules apply inside the shadow root",
    );
    await consoleElement.evaluate((element) => element.setAttribute("locale", "en"));
    await crumbs.getByRole("link", { name: "Users" }).click();
    await page.getByRole("grid", { name: "Users" }).waitFor();
    assert.match(page.url(), /#\/demo\/users$/);
  });

  it("flips dir for a right-to-left locale", async () => {
    const consoleElement = page.locator("kc-admin-console");
    assert.equal(await consoleElement.getAttribute("dir"), "ltr");
    await consoleElement.evaluate((element) => element.setAttribute("locale", "he"));
    await page.waitForFunction(() => document.querySelector("kc-admin-console")?.getAttribute("dir") === "rtl");
    await consoleElement.evaluate((element) => element.setAttribute("locale", "en"));
    await page.waitForFunction(() => document.querySelector("kc-admin-console")?.getAttribute("dir") === "ltr");
  });

  it("keeps the help mode across a reload", async () => {
    await page.goto(`${server.baseUrl}/admin/master/console/#/master`);
    await page.getByTestId("help-menu-toggle").click();
    const helpSwitch = page.getByRole("switch", { name: "Enable help mode" });
    assert.equal(await helpSwitch.isChecked(), true);
    await page.getByTestId("help-mode-item").click();
    assert.equal(await page.evaluate(() => localStorage.getItem("helpEnabled")), "false");
    await page.reload();
    await page.getByTestId("help-menu-toggle").click();
    assert.equal(await page.getByRole("switch", { name: "Enable help mode" }).isChecked(), false);
    await page.keyboard.press("Escape");
  });

  it("signs out back to the login page", async () => {
    await page.getByTestId("user-menu-toggle").click();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await page.getByLabel("Username or email").waitFor();
    await page.getByRole("button", { name: "Sign In" }).waitFor();
  });

  it("notices a sign-out in another tab and goes back to the login page", async () => {
    await signIn(page, { username: "admin", password: "admin" });
    await page.getByTestId("dashboard-title").waitFor();
    const other = await page.context().newPage();
    other.setDefaultTimeout(TIMEOUT);
    await other.goto(`${server.baseUrl}/admin/master/console/#/master/users`);
    await other.getByTestId("user-menu-toggle").click();
    await other.getByRole("menuitem", { name: "Sign out" }).click();
    await other.getByLabel("Username or email").waitFor();
    // The session frame is asked every 5 seconds.
    await page.getByLabel("Username or email").waitFor({ timeout: 12_000 });
    await other.close();
  });

  it("shows the sign-in failure screen for an error in the address, and 'try again' loads the console without it", async () => {
    const { page: failed } = await newPage(browser);
    failed.setDefaultTimeout(TIMEOUT);
    await failed.goto(
      `${server.baseUrl}/admin/master/console/?error=access_denied&error_description=Account%20is%20disabled#/master/users`,
    );
    const dialog = failed.getByRole("alertdialog", { name: "Something went wrong" });
    await dialog.getByText("Account is disabled").waitFor();
    await dialog.getByRole("button", { name: "Try again" }).click();
    await failed.getByLabel("Username or email").waitFor();
    const back = new URL(new URL(failed.url()).searchParams.get("redirect_uri") ?? "");
    assert.equal(
      `${back.origin}${back.pathname}${back.search}`,
      `${server.baseUrl}/admin/master/console/`,
      "the sign-in starts again from the console's address, without the error",
    );
    await failed.close();
  });

  it("ran under the strict Content-Security-Policy without a refusal or an uncaught error", () => {
    assert.deepEqual(problems, []);
  });
});
