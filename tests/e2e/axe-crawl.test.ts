import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { startTestServer, type TestServer } from "../support/server.ts";
import { launchBrowser, newPage, signIn, STEP_TIMEOUT } from "../support/browser.ts";
import { seriousAxeViolations } from "../support/axe.ts";
import { screenshot } from "./organizations-support.ts";

/**
 * Every screen the console's navigation reaches in the demo realm, with one detail screen of each list and its
 * tabs, checked by axe in the light theme and again after switching the element to dark at run time. A new area
 * joins by being in the navigation; a placeholder screen is checked as it is.
 */
const TIMEOUT = STEP_TIMEOUT;
const HOST = "kc-admin-console";
const REALM = "demo";

describe("all screens pass axe in light and dark", () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  const failures: string[] = [];
  const checked: string[] = [];

  before(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
    ({ page } = await newPage(browser));
    page.setDefaultTimeout(TIMEOUT);
    await page.goto(`${server.baseUrl}/admin/master/console/#/${REALM}`);
    await signIn(page, { username: "admin", password: "admin" });
    await page.locator(`${HOST} main`).waitFor();
  });

  after(async () => {
    console.log(`axe crawl: ${checked.length} screens, each in light and dark`);
    await browser?.close();
    await server?.dispose();
  });

  const setTheme = async (theme: "light" | "dark") => {
    await page.evaluate(({ host, theme }) => document.querySelector(host)!.setAttribute("theme", theme), {
      host: HOST,
      theme,
    });
    await page.waitForFunction(
      ({ host, dark }) =>
        document
          .querySelector(host)
          ?.shadowRoot?.querySelector(".kc-element-root")
          ?.classList.contains("pf-v6-theme-dark") === dark,
      { host: HOST, dark: theme === "dark" },
    );
  };

  /** Waits until the screen has stopped loading: no spinner or skeleton left in main. */
  async function settle(): Promise<void> {
    await page.waitForLoadState("networkidle").catch(() => undefined);
    await page
      .locator(`${HOST} main .pf-v6-c-spinner, ${HOST} main .pf-v6-c-skeleton`)
      .first()
      .waitFor({ state: "detached", timeout: 10_000 })
      .catch(() => undefined);
  }

  async function check(name: string): Promise<void> {
    await settle();
    checked.push(name);
    for (const theme of ["light", "dark"] as const) {
      await setTheme(theme);
      const violations = await seriousAxeViolations(page, HOST, "main");
      for (const violation of violations) failures.push(`${name} (${theme}): ${violation}`);
      if (violations.length) await screenshot(page, `axe-crawl-${name.replace(/\W+/g, "-")}-${theme}`);
    }
    await setTheme("light");
  }

  /** The tabs of the screen in main, each checked once. */
  async function checkTabs(name: string): Promise<void> {
    const tabs = page.locator(`${HOST} main [role=tab]`);
    const labels = (await tabs.allInnerTexts()).map((label) => label.trim()).filter(Boolean);
    for (const label of [...new Set(labels)]) {
      const tab = page.locator(`${HOST} main [role=tab]`, { hasText: label }).first();
      if (!(await tab.isVisible()) || (await tab.isDisabled())) continue;
      // A tab scrolled out of PatternFly's overflowing tab bar is reached with the keyboard-free scroll first.
      await tab.scrollIntoViewIfNeeded().catch(() => undefined);
      const refused = await tab
        .click({ timeout: 5_000 })
        .then((): string | undefined => undefined)
        .catch((error: Error) => error.message);
      if (refused !== undefined) {
        // A tab a user cannot click is a failure of the screen (a tab bar squeezed away under a tall tab was one).
        failures.push(`${name}: the tab ${label} cannot be clicked: ${refused.split("\n")[0]}`);
        continue;
      }
      await check(`${name} › ${label}`);
    }
  }

  it("crawls the navigation, one item of each list and its tabs", async () => {
    const links = page.locator(`${HOST} nav a[href*="#/${REALM}/"]`);
    await links.first().waitFor();
    const targets = [...new Set(await links.evaluateAll((all) => all.map((a) => (a as HTMLAnchorElement).href)))];
    assert.ok(targets.length >= 8, `the navigation lists the areas (${targets.length})`);
    for (const target of targets) {
      const area = decodeURIComponent(new URL(target).hash.replace(`#/${REALM}/`, "")) || "home";
      await page.goto(target);
      await check(area);
      await checkTabs(area);
      await page.goto(target);
      await settle();
      const item = page.locator(`${HOST} main table tbody tr td a`).first();
      if (!(await item.isVisible().catch(() => false))) continue;
      await item.click();
      await check(`${area} › item`);
      await checkTabs(`${area} › item`);
    }
    assert.deepEqual(failures, []);
  });
});
