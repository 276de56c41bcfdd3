import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import type { Browser, Page } from "playwright-core";
import { startTestServer, type TestServer } from "../support/server.ts";
import { launchBrowser, newPage, STEP_TIMEOUT } from "../support/browser.ts";
import { signInToPortal } from "../support/portal.ts";

const TIMEOUT = STEP_TIMEOUT;
const SCREENSHOTS = resolve(import.meta.dirname, "../../screenshots");
const LOGIN_ENDPOINT = /\/protocol\/openid-connect\/auth/;

/** A fresh page that records CSP violations, page errors and every sign-in request. */
async function watchedPage(browser: Browser) {
  const { page } = await newPage(browser);
  page.setDefaultTimeout(TIMEOUT);
  const problems: string[] = [];
  const signInRequests: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("request", (request) => {
    if (LOGIN_ENDPOINT.test(request.url())) signInRequests.push(request.url());
  });
  return { page, problems, signInRequests };
}

/** A computed style property of the first element matching `selector` inside the console's shadow root. */
function shadowStyle(page: Page, selector: string, property: string): Promise<string> {
  return page.locator("kc-admin-console").evaluate(
    (host, [innerSelector, name]) => {
      const element = host.shadowRoot?.querySelector(innerSelector);
      if (!element) throw new Error(`no ${innerSelector} in the shadow root`);
      return getComputedStyle(element).getPropertyValue(name);
    },
    [selector, property] as const,
  );
}

describe("demo pages", () => {
  let server: TestServer;
  let browser: Browser;

  before(async () => {
    server = await startTestServer({ args: ["--demo-pages"] });
    browser = await launchBrowser();
    mkdirSync(SCREENSHOTS, { recursive: true });
  });

  after(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it("answers no portal token without a portal session", async () => {
    assert.equal((await fetch(`${server.baseUrl}/demo/api/portal-token`)).status, 401);
  });

  it("serves the host's PatternFly CSS and nothing else of the package", async () => {
    assert.equal((await fetch(`${server.baseUrl}/demo/vendor/patternfly.css`)).status, 200);
    assert.equal((await fetch(`${server.baseUrl}/demo/vendor/package.json`)).status, 404);
  });

  it("portal: shows realm demo with the portal's token only, and logs kc- events", async () => {
    const { page, problems, signInRequests } = await watchedPage(browser);
    await signInToPortal(page, server.baseUrl, "/demo/portal/index.html");
    await page.getByTestId("dashboard-title").waitFor();
    assert.equal(await page.getByTestId("dashboard-title").innerText(), "Welcome to Demo");
    assert.match(page.url(), /\/demo\/portal\/index\.html$/);
    assert.deepEqual(signInRequests, []);
    assert.equal(await page.getByLabel("Username or email").count(), 0);

    await page.locator("#event-log li", { hasText: "kc-navigate" }).first().waitFor();
    assert.match(await page.locator("#event-log").innerText(), /kc-navigate[\s\S]*"path":"\/demo"/);
    const usersPanel = page.locator("#users-admin-panel");
    await usersPanel.locator("kc-users-admin, #users-admin-status:has-text('not in this build')").first().waitFor();
    if (await usersPanel.locator("kc-users-admin").count()) {
      await usersPanel
        .getByRole("grid", { name: "Users" })
        .getByText("alice.anderson", { exact: true })
        .first()
        .waitFor();
    }
    assert.deepEqual(problems, []);
    await page.screenshot({ path: `${SCREENSHOTS}/demo-portal-light.png`, fullPage: true });
    await page.locator("#portal-console").evaluate((element) => element.setAttribute("theme", "dark"));
    await page.waitForFunction(() => {
      const pageElement = document.querySelector("#portal-console")?.shadowRoot?.querySelector(".pf-v6-c-page");
      return (
        pageElement &&
        getComputedStyle(pageElement).backgroundColor !== "rgb(255, 255, 255)" &&
        getComputedStyle(pageElement).color === "rgb(255, 255, 255)"
      );
    });
    await page.screenshot({ path: `${SCREENSHOTS}/demo-portal-dark.png`, fullPage: true });
    await page.close();
  });

  it("hostile host: sizes, overlays and the dark theme stay the element's own", async () => {
    const { page, problems } = await watchedPage(browser);
    await signInToPortal(page, server.baseUrl, "/demo/hostile/index.html");
    await page.getByTestId("dashboard-title").waitFor();
    assert.equal(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize), "10px");

    const toggle = page.getByTestId("user-menu-toggle");
    const buttonFontSize = parseFloat(await toggle.evaluate((element) => getComputedStyle(element).fontSize));
    assert.ok(buttonFontSize >= 14, `button font-size ${buttonFontSize}px under html { font-size: 62.5% }`);
    const titleFontSize = parseFloat(
      await page.getByTestId("dashboard-title").evaluate((element) => getComputedStyle(element).fontSize),
    );
    assert.ok(titleFontSize >= 20, `title font-size ${titleFontSize}px`);
    await page.screenshot({ path: `${SCREENSHOTS}/demo-hostile-light.png`, fullPage: true });

    const bodyChildrenBefore = await page.evaluate(() => document.body.children.length);
    await toggle.click();
    await page.getByRole("menuitem", { name: "Sign out" }).waitFor();
    const overlayOnBody = await page.evaluate(
      () =>
        document.body.querySelectorAll(
          '[role="menu"], .pf-v6-c-menu, .pf-v6-c-popover, .pf-v6-c-tooltip, .pf-v6-c-backdrop',
        ).length,
    );
    assert.equal(overlayOnBody, 0, "an overlay was rendered in the host document");
    assert.equal(await page.evaluate(() => document.body.children.length), bodyChildrenBefore);
    const menuInShadowRoot = await page
      .locator("kc-admin-console")
      .evaluate((host) => Boolean(host.shadowRoot?.querySelector('[role="menu"]')));
    assert.ok(menuInShadowRoot, "the menu is not inside the element's shadow root");
    // PatternFly fades menus in; wait for the end so the screenshot shows the menu.
    await page.waitForFunction(() => {
      const menu = document.querySelector("kc-admin-console")?.shadowRoot?.querySelector('[role="menu"]');
      return menu && getComputedStyle(menu.closest(".pf-v6-c-menu") ?? menu).opacity === "1";
    });
    await page.screenshot({ path: `${SCREENSHOTS}/demo-hostile-menu.png`, fullPage: true });
    await page.keyboard.press("Escape");
    await page.getByRole("menuitem", { name: "Sign out" }).waitFor({ state: "detached" });

    const lightBackground = await shadowStyle(page, ".pf-v6-c-page", "background-color");
    const lightText = await page.getByTestId("dashboard-title").evaluate((element) => getComputedStyle(element).color);
    await page.locator("#theme-toggle").click();
    await page.waitForFunction(() => document.documentElement.classList.contains("pf-v6-theme-dark"));
    await page.waitForFunction((before) => {
      const element = document.querySelector("kc-admin-console")?.shadowRoot?.querySelector(".pf-v6-c-page");
      return element && getComputedStyle(element).backgroundColor !== before;
    }, lightBackground);
    const darkText = await page.getByTestId("dashboard-title").evaluate((element) => getComputedStyle(element).color);
    assert.notEqual(darkText, lightText, "the title colour did not follow the dark theme");
    await page.screenshot({ path: `${SCREENSHOTS}/demo-hostile-dark.png`, fullPage: true });

    await page.locator("#theme-toggle").click();
    await page.waitForFunction((before) => {
      const element = document.querySelector("kc-admin-console")?.shadowRoot?.querySelector(".pf-v6-c-page");
      return element && getComputedStyle(element).backgroundColor === before;
    }, lightBackground);
    assert.deepEqual(problems, []);
    await page.close();
  });

  it("hostile host: body text follows the host's dark class (theme=inherit)", {}, async () => {
    const { page } = await watchedPage(browser);
    await signInToPortal(page, server.baseUrl, "/demo/hostile/index.html");
    await page.getByTestId("dashboard-title").waitFor();
    await page.locator("#theme-toggle").click();
    await page.waitForTimeout(1_000);
    const text = await shadowStyle(page, ".pf-v6-c-page__main-section p", "color");
    const pageColour = await shadowStyle(page, ".pf-v6-c-page", "color");
    await page.close();
    assert.equal(text, pageColour, "paragraph text keeps the light theme's colour on the dark page");
  });

  it("hostile host: inherited text properties of the host do not reach the element", {}, async () => {
    const { page } = await watchedPage(browser);
    await signInToPortal(page, server.baseUrl, "/demo/hostile/index.html");
    await page.getByTestId("dashboard-title").waitFor();
    const letterSpacing = await shadowStyle(page, ".pf-v6-c-page__main-section p", "letter-spacing");
    await page.close();
    assert.equal(letterSpacing, "normal");
  });

  it("intranet: the loader script and a global token function render the console", async () => {
    const { page, problems, signInRequests } = await watchedPage(browser);
    await signInToPortal(page, server.baseUrl, "/demo/intranet/index.html");
    await page.getByTestId("dashboard-title").waitFor();
    assert.equal(await page.getByTestId("dashboard-title").innerText(), "Welcome to Demo");
    // No ID token comes with a host's token: the user menu names the account from who-am-I.
    assert.equal((await page.getByTestId("user-menu-toggle").innerText()).trim(), "service-account-portal");
    assert.deepEqual(signInRequests, []);
    assert.deepEqual(problems, []);
    await page.close();
  });

  it("index: links every demo page", async () => {
    const { page } = await watchedPage(browser);
    await page.goto(`${server.baseUrl}/demo/index.html`);
    const links = await page
      .locator("a")
      .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href")));
    assert.deepEqual(links, [
      "/admin/master/console/",
      "/demo/portal/index.html",
      "/demo/hostile/index.html",
      "/demo/intranet/index.html",
      "/demo/catalogue/index.html",
    ]);
    for (const href of links.slice(0, 4)) assert.equal((await fetch(`${server.baseUrl}${href}`)).status, 200, href!);
    await page.close();
  });
});
