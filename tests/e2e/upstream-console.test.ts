import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { adminFetch, adminToken, startTestServer, type TestServer } from "../support/server.ts";
import { launchBrowser, newPage, signIn } from "../support/browser.ts";
import { ensureUpstreamBuild, serveUpstreamConsole, type UpstreamConsole } from "../../bench/upstream-harness.ts";
import { root } from "../../bench/bundle-size.ts";

/**
 * Keycloak's own console (npm @keycloak/keycloak-admin-ui 26.7.4, built once into bench/upstream-console/dist, which
 * git ignores) served same-origin in front of the embedded server: for each area it opens the list, one item and
 * its tabs, and saves one change where the area has a form. Any answer of 400 or more, console error, crash screen
 * or raw message key fails the screen.
 */
const TIMEOUT = 20_000;
const REALM = "demo";

interface Trouble {
  screen: string;
  what: string;
}

/**
 * Requests Keycloak refuses the same way: the email tab looks the signed-in administrator (of master) up among the
 * current realm's users, which answers 404 in Keycloak too.
 */
let adminUserId = "";
const expectedRefusal = (path: string) => adminUserId !== "" && path === `/admin/realms/${REALM}/users/${adminUserId}`;

/** A text node that is a message key, not its English text: one camelCase token such as `realmSettings`. */
const RAW_KEY = /^[a-z]+(?:[A-Z][a-z0-9]+){1,}$/;

describe("Keycloak's console 26.7.4 against the embedded server", () => {
  let server: TestServer;
  let upstream: UpstreamConsole;
  let browser: Browser;
  let page: Page;
  let screen = "sign-in";
  const troubles: Trouble[] = [];
  const visited: string[] = [];

  before(async () => {
    ensureUpstreamBuild();
    server = await startTestServer();
    const api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
    const [admin] = (await (await api("/admin/realms/master/users?username=admin&exact=true")).json()) as {
      id: string;
    }[];
    adminUserId = admin!.id;
    upstream = await serveUpstreamConsole(server.baseUrl);
    browser = await launchBrowser();
    ({ page } = await newPage(browser));
    page.setDefaultTimeout(TIMEOUT);
    page.on("response", (response) => {
      const url = new URL(response.url());
      if (url.origin !== upstream.origin || response.status() < 400) return;
      if (expectedRefusal(url.pathname)) return;
      troubles.push({
        screen,
        what: `${response.status()} ${response.request().method()} ${url.pathname}${url.search}`,
      });
    });
    page.on("console", (message) => {
      // Chromium logs every refused request as a console error; those are judged by their responses above.
      if (message.type() === "error" && !message.text().startsWith("Failed to load resource"))
        troubles.push({ screen, what: `console: ${message.text().slice(0, 300)}` });
    });
    page.on("pageerror", (error) => troubles.push({ screen, what: `page error: ${error.message.slice(0, 300)}` }));
    await page.goto(`${upstream.origin}/admin/master/console/#/${REALM}`);
    await signIn(page, { username: "admin", password: "admin" });
    await page.getByRole("navigation").first().waitFor();
  });

  after(async () => {
    console.log(`Keycloak's console: ${visited.length} screens inspected`);
    await browser?.close();
    await upstream?.stop();
    await server?.dispose();
  });

  /** Waits for the page to settle, then records crash screens and raw message keys on it. */
  async function inspect(name: string): Promise<void> {
    visited.push(name);
    await page.waitForLoadState("networkidle").catch(() => undefined);
    await page
      .locator(".pf-v5-c-spinner, [role=progressbar]")
      .first()
      .waitFor({ state: "hidden", timeout: 5_000 })
      .catch(() => undefined);
    const crashed = await page.getByText(/something went wrong|somethingWentWrong/i).count();
    if (crashed) troubles.push({ screen: name, what: "crash screen" });
    // The console's own words: headings, labels, buttons, tabs, column heads, alerts (data such as attribute
    // names may be camelCase).
    const keys = await page.evaluate((pattern) => {
      const found = new Set<string>();
      const own =
        "h1,h2,h3,h4,label,legend,button,[role=tab],th,.pf-v5-c-alert__title,.pf-v5-c-empty-state__title-text";
      for (const element of document.querySelectorAll(own)) {
        const text = (element as HTMLElement).innerText?.trim() ?? "";
        if (new RegExp(pattern).test(text)) found.add(text);
      }
      return [...found];
    }, RAW_KEY.source);
    for (const key of keys) troubles.push({ screen: name, what: `raw message key: ${key}` });
  }

  async function open(name: string, hash: string): Promise<void> {
    screen = name;
    await page.goto(`${upstream.origin}/admin/master/console/#/${REALM}/${hash}`);
    await page
      .locator("main table tbody tr, main .pf-v5-c-empty-state, main form, main [role=tabpanel], main .pf-v5-c-card")
      .first()
      .waitFor()
      .catch(() => troubles.push({ screen: name, what: "no table, form or empty state within the timeout" }));
    await inspect(name);
  }

  /** Opens the first item link of the list's table, then each of the item's tabs. */
  async function openFirstItem(name: string, skipTabs: string[] = []): Promise<void> {
    screen = `${name}: item`;
    const link = page.locator("main table tbody tr td a").first();
    await link.waitFor();
    await link.click();
    await page.waitForLoadState("networkidle").catch(() => undefined);
    await inspect(screen);
    const tabs = page.getByRole("tab");
    const count = await tabs.count();
    for (let index = 0; index < count; index++) {
      const tab = tabs.nth(index);
      const label = (await tab.innerText()).trim();
      if (!label || skipTabs.includes(label) || !(await tab.isVisible())) continue;
      screen = `${name}: item tab ${label}`;
      await tab.click();
      await inspect(screen);
    }
  }

  const report = (prefix: string) =>
    troubles
      .filter((t) => t.screen.startsWith(prefix))
      .map((t) => `${t.screen} — ${t.what}`)
      .join("\n");

  it("realm settings: every tab opens and the general tab saves", async () => {
    for (const tab of [
      "general",
      "login",
      "email",
      "themes",
      "keys",
      "events",
      "localization",
      "security-defenses",
      "sessions",
      "tokens",
      "client-policies",
      "user-profile",
      "user-registration",
    ])
      await open(`realm settings ${tab}`, `realm-settings/${tab}`);
    await open("realm settings save", "realm-settings/general");
    await page.locator('input[name="displayName"]').fill("Demo realm (upstream)");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText(/realm successfully updated/i).waitFor();
    await page.screenshot({ path: join(root, "screenshots/upstream-console-realm-settings.png") });
    assert.equal(report("realm settings"), "");
  });

  it("clients: list, one client and its tabs, save", async () => {
    await open("clients", "clients");
    await openFirstItem("clients", ["Sessions"]);
    screen = "clients: save";
    await page.getByRole("tab", { name: "Settings", exact: true }).click();
    await page
      .locator('input[name="description"], textarea[name="description"]')
      .first()
      .fill("Saved by Keycloak's console");
    await page.getByRole("button", { name: "Save", exact: true }).first().click();
    await page
      .getByText(/client successfully updated/i)
      .first()
      .waitFor();
    assert.equal(report("clients"), "");
  });

  it("users: list, one user and its tabs, save", async () => {
    await open("users", "users");
    await openFirstItem("users");
    screen = "users: save";
    await page.getByRole("tab", { name: "Details", exact: true }).click();
    await page.locator('input[name="firstName"]').fill("Saved");
    await page.getByRole("button", { name: "Save", exact: true }).first().click();
    await page
      .getByText(/the user has been saved/i)
      .first()
      .waitFor();
    assert.equal(report("users"), "");
  });

  for (const [area, hash] of [
    ["client scopes", "client-scopes"],
    ["realm roles", "roles"],
    ["groups", "groups"],
    ["identity providers", "identity-providers"],
    ["organizations", "organizations"],
  ] as const)
    it(`${area}: list and one item`, async () => {
      await open(area, hash);
      // The list may still be loading: give its first row a bounded wait (identity providers may have none).
      await page
        .locator("main table tbody tr td a")
        .first()
        .waitFor({ timeout: 10_000 })
        .catch(() => undefined);
      if ((await page.locator("main table tbody tr td a").count()) > 0) await openFirstItem(area);
      else if (area !== "identity providers") troubles.push({ screen: area, what: "no item to open" });
      assert.equal(report(area), "");
    });

  for (const [area, hash] of [
    ["sessions", "sessions"],
    ["events", "events"],
    ["user federation", "user-federation"],
    ["authentication flows", "authentication"],
    ["authentication required actions", "authentication/required-actions"],
    ["authentication policies", "authentication/policies"],
  ] as const)
    it(`${area}: opens`, async () => {
      await open(area, hash);
      assert.equal(report(area), "");
    });
});
