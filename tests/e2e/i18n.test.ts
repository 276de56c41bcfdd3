import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { Browser, Page } from "playwright-core";
import { adminToken, freePort, startTestServer, type TestServer } from "../support/server.ts";
import { launchBrowser, newPage, signIn, STEP_TIMEOUT } from "../support/browser.ts";
import { screenshot, waitForTable } from "./organizations-support.ts";

const TIMEOUT = STEP_TIMEOUT;

/** Issue 8: the console in German and in Arabic with the server's texts, realm overrides, and a host on another origin. */
describe("translations from the server", () => {
  let server: TestServer;
  let browser: Browser;
  let token: string;
  const api = async (path: string, init: { method?: string; body?: unknown; text?: string } = {}) => {
    const res = await fetch(`${server.baseUrl}/admin/realms/${path}`, {
      method: init.method ?? "GET",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": init.text !== undefined ? "text/plain" : "application/json",
      },
      body: init.text ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
    });
    assert.ok(res.ok, `${init.method ?? "GET"} ${path}: ${res.status} ${await res.clone().text()}`);
    return res.status === 204 ? undefined : res.json();
  };
  const realmText = (locale: string, key: string, text: string) =>
    api(`demo/localization/${locale}/${key}`, { method: "PUT", text });
  const nav = (page: Page) => page.getByRole("navigation", { name: "Console navigation" });

  before(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
    token = await adminToken(server.baseUrl);
    await api("demo", {
      method: "PUT",
      body: { internationalizationEnabled: true, supportedLocales: ["en", "de", "ar"], defaultLocale: "en" },
    });
    await api("master", { method: "PUT", body: { internationalizationEnabled: true, supportedLocales: ["en", "de"] } });
    const [admin] = (await api("master/users?username=admin&exact=true")) as { id: string }[];
    await api(`master/users/${admin.id}`, { method: "PUT", body: { attributes: { locale: ["de"] } } });
    await realmText("de", "groups", "Teams");
    await realmText("ar", "users", "المستخدمون");
    await realmText("ar", "realmRoles", "أدوار النطاق");
    await realmText("ar", "clearAllFilters", "مسح كل عوامل التصفية");
  });

  after(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it("shows Keycloak's German texts to an administrator whose locale is German, with the realm's overrides", async () => {
    const { page, context } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    const warnings: string[] = [];
    page.on("console", (message) => message.type() === "warning" && warnings.push(message.text()));
    await page.goto(`${server.baseUrl}/admin/master/console/#/demo/users`);
    await signIn(page, { username: "admin", password: "admin" });

    const links = nav(page);
    for (const name of ["Benutzer", "Realm-Rollen", "Unternehmen", "Teams"])
      await links.getByRole("link", { name, exact: true }).waitFor();
    assert.equal(await links.getByRole("link", { name: "Groups", exact: true }).count(), 0, "the override wins");
    const host = page.locator("kc-admin-console");
    assert.equal(await host.getAttribute("lang"), "de");
    assert.equal(await host.getAttribute("dir"), "ltr");

    // Users: the page and its search speak German; a search that finds nobody offers 'clear all filters'.
    await page.getByRole("heading", { name: "Benutzer", exact: true }).waitFor();
    await page.getByText("Benutzer in diesem Realm.").waitFor();
    const search = page.getByPlaceholder("Benutzer suchen").first();
    await search.fill("nobody-by-this-name");
    await search.press("Enter");
    await page.getByRole("button", { name: "Setze alle Filter zurück" }).waitFor();
    await screenshot(page, "i18n-de-users");

    await links.getByRole("link", { name: "Teams", exact: true }).click();
    await page.getByRole("button", { name: "Gruppe erstellen" }).first().waitFor();
    await screenshot(page, "i18n-de-groups");

    await links.getByRole("link", { name: "Realm-Rollen", exact: true }).click();
    await page.getByRole("button", { name: "Rolle erstellen" }).first().waitFor();
    await page.getByRole("columnheader", { name: "Rollenname" }).waitFor();
    await screenshot(page, "i18n-de-roles");

    await links.getByRole("link", { name: "Unternehmen", exact: true }).click();
    await waitForTable(page.getByRole("grid", { name: "Unternehmen" }));
    await screenshot(page, "i18n-de-organizations");

    // A realm text changed later shows after the next load of the bundle.
    await realmText("de", "realmRoles", "Rollen des Realms");
    await page.reload();
    await links.getByRole("link", { name: "Rollen des Realms", exact: true }).waitFor();
    assert.deepEqual(
      warnings.filter((text) => text.includes("texts")),
      [],
    );
    await context.close();
  });

  it("switches to Arabic from the language selector: right to left, the realm's Arabic texts, English elsewhere", async () => {
    const { page, context } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    await page.goto(`${server.baseUrl}/admin/master/console/#/demo/users`);
    await signIn(page, { username: "admin", password: "admin" });
    await nav(page).getByRole("link", { name: "Benutzer", exact: true }).waitFor();
    const loads: string[] = [];
    page.on("framenavigated", (frame) => frame === page.mainFrame() && loads.push(frame.url()));

    await page.getByRole("button", { name: "Deutsch, Sprache wählen" }).click();
    await page.getByRole("option", { name: "العربية" }).click();
    const links = nav(page);
    await links.getByRole("link", { name: "المستخدمون", exact: true }).waitFor();
    assert.deepEqual(loads, [], "no reload");
    const host = page.locator("kc-admin-console");
    assert.equal(await host.getAttribute("dir"), "rtl");
    assert.equal(await host.getAttribute("lang"), "ar");
    await links.getByRole("link", { name: "أدوار النطاق", exact: true }).waitFor();
    await links.getByRole("link", { name: "Groups", exact: true }).waitFor();

    // Usable right to left: search users, open the user menu.
    const search = page.getByPlaceholder("Search user", { exact: true }).first();
    await search.fill("alice");
    await search.press("Enter");
    await page.getByRole("link", { name: "alice.anderson" }).waitFor();
    await screenshot(page, "i18n-ar-users");
    await search.fill("nobody-by-this-name");
    await search.press("Enter");
    await page.getByRole("button", { name: "مسح كل عوامل التصفية" }).click();
    await page.getByRole("link", { name: "alice.anderson" }).waitFor();
    await page.getByTestId("user-menu-toggle").click();
    await page.getByRole("menuitem", { name: "Sign out" }).waitFor();
    await screenshot(page, "i18n-ar-user-menu");
    await page.keyboard.press("Escape");

    await links.getByRole("link", { name: "Groups", exact: true }).click();
    await page.getByRole("button", { name: "Create group" }).first().waitFor();
    await screenshot(page, "i18n-ar-groups");
    await links.getByRole("link", { name: "أدوار النطاق", exact: true }).click();
    await page.getByRole("columnheader", { name: "Role name" }).waitFor();
    await screenshot(page, "i18n-ar-roles");
    await links.getByRole("link", { name: "Organizations", exact: true }).click();
    await waitForTable(page.getByRole("grid", { name: "Organizations" }));
    await screenshot(page, "i18n-ar-organizations");

    // The choice is remembered for this administrator.
    await page.reload();
    await nav(page).getByRole("link", { name: "المستخدمون", exact: true }).waitFor();
    assert.equal(await page.locator("kc-admin-console").getAttribute("dir"), "rtl");
    await context.close();
  });

  describe("a host page on another origin", () => {
    let host: Server;
    let hostPort: number;

    before(async () => {
      // A master client for the host's sign-in whose web origins admit both host addresses for the admin API.
      hostPort = await freePort();
      const origins = [`http://127.0.0.1:${hostPort}`, `http://[::1]:${hostPort}`];
      await fetch(`${server.baseUrl}/admin/realms/master/clients`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({
          clientId: "embedding-host",
          publicClient: true,
          directAccessGrantsEnabled: true,
          webOrigins: origins,
          // Without it who-am-I refuses the host's token (FINDINGS: Keycloak's AdminConsole.whoAmI).
          attributes: { "security.admin.console": "true" },
        }),
      });
      const hostToken = await adminToken(server.baseUrl, "master", "admin", "admin", "embedding-host");
      host = createServer((_req, res) => {
        res.setHeader("content-type", "text/html; charset=utf-8");
        res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title>
<script>window.hostToken = () => ${JSON.stringify(hostToken)};</script>
<script type="module" src="${server.baseUrl}/elements/loader.js"></script></head>
<body><kc-users-admin server-url="${server.baseUrl}" auth-realm="master" realm="demo" locale="de"
token-provider="hostToken"></kc-users-admin></body></html>`);
      });
      // Dual stack: 127.0.0.1 is a web origin of the demo realm's clients (http://127.0.0.1:*), [::1] is not.
      await new Promise<void>((resolve) => host.listen(hostPort, "::", resolve));
    });
    after(() => new Promise<void>((resolve) => host?.close(() => resolve())));

    const openHost = async (origin: string) => {
      const { page, context } = await newPage(browser);
      page.setDefaultTimeout(TIMEOUT);
      const warnings: string[] = [];
      page.on("console", (message) => message.type() === "warning" && warnings.push(message.text()));
      const bundles: { status: number; allowOrigin: string | undefined }[] = [];
      page.on("requestfinished", async (request) => {
        if (!request.url().includes("/resources/demo/admin/")) return;
        const response = await request.response();
        bundles.push({ status: response!.status(), allowOrigin: response!.headers()["access-control-allow-origin"] });
      });
      page.on("requestfailed", (request) => {
        if (request.url().includes("/resources/demo/admin/")) bundles.push({ status: 0, allowOrigin: undefined });
      });
      await page.goto(`${origin}/`);
      const element = page.locator("kc-users-admin");
      await element.getByRole("link", { name: "alice.anderson" }).waitFor();
      // German once the bundle is in, English where it is refused.
      const search = element.getByPlaceholder(/^(Benutzer suchen|Search user)$/).first();
      await search.fill("nobody-by-this-name");
      await search.press("Enter");
      return { page, context, element, warnings, bundles };
    };

    it("loads the German texts through CORS when a client of the realm allows the origin", async () => {
      // The demo realm's portal client allows http://127.0.0.1:* (its redirect URIs, web origin '+').
      const { context, element, warnings, bundles, page } = await openHost(`http://127.0.0.1:${hostPort}`);
      await element.getByRole("button", { name: "Setze alle Filter zurück" }).waitFor();
      assert.deepEqual(bundles, [{ status: 200, allowOrigin: `http://127.0.0.1:${hostPort}` }]);
      assert.deepEqual(warnings, []);
      await screenshot(page, "i18n-host-allowed");
      await context.close();
    });

    it("falls back to English with one warning when the realm's clients refuse the origin", async () => {
      const { context, element, warnings, bundles, page } = await openHost(`http://[::1]:${hostPort}`);
      await element.getByRole("button", { name: "Clear all filters" }).waitFor();
      assert.equal(bundles.length, 1, "one read, no retries");
      assert.equal(warnings.filter((text) => text.includes("English shows instead")).length, 1, warnings.join("\n"));
      await screenshot(page, "i18n-host-refused");
      await context.close();
    });
  });
});
