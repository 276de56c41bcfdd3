import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Browser, Page } from "playwright-core";
import { adminFetch, adminToken, freePort, startTestServer, type TestServer } from "../support/server.ts";
import { launchBrowser, newPage, signIn } from "../support/browser.ts";

const root = resolve(import.meta.dirname, "../..");
const CLIENT_ID = "keycloak-js-test";

/** Serves the test page, its script and keycloak-js as ES modules from another origin than the server. */
function startAppServer(port: number, config: object): Promise<Server> {
  const files: Record<string, [string, string]> = {
    "/": [resolve(import.meta.dirname, "fixtures/keycloak-js-app.html"), "text/html"],
    "/keycloak-js-app.js": [resolve(import.meta.dirname, "fixtures/keycloak-js-app.js"), "text/javascript"],
    "/keycloak.js": [resolve(root, "node_modules/keycloak-js/lib/keycloak.js"), "text/javascript"],
  };
  const app = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    if (path === "/config.json")
      return res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(config));
    const file = files[path];
    if (!file) return res.writeHead(404).end();
    res.writeHead(200, { "content-type": file[1], "cache-control": "no-store" }).end(readFileSync(file[0]));
  });
  return new Promise((ok) => app.listen(port, "127.0.0.1", () => ok(app)));
}

describe("keycloak-js 26 against the server", () => {
  let server: TestServer;
  let app: Server;
  let browser: Browser;
  let page: Page;
  let appUrl: string;

  before(async () => {
    server = await startTestServer();
    const port = await freePort();
    appUrl = `http://127.0.0.1:${port}/`;
    const admin = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
    const created = await admin("/admin/realms/demo/clients", {
      method: "POST",
      body: {
        clientId: CLIENT_ID,
        publicClient: true,
        standardFlowEnabled: true,
        redirectUris: [`${appUrl}*`],
        webOrigins: ["+"],
        attributes: { "pkce.code.challenge.method": "S256", "post.logout.redirect.uris": "+" },
      },
    });
    assert.equal(created.status, 201, await created.text());
    app = await startAppServer(port, { url: server.baseUrl, realm: "demo", clientId: CLIENT_ID });
    browser = await launchBrowser();
    ({ page } = await newPage(browser));
    page.setDefaultTimeout(20_000);
  });

  after(async () => {
    await browser?.close();
    await new Promise((ok) => app?.close(ok));
    await server?.dispose();
  });

  const status = () => page.locator("#status");
  /** Starts a keycloak-js call that navigates away, without waiting for it inside the page. */
  const startNavigation = (action: "login" | "logout") =>
    page.evaluate((name) => {
      const app = (window as unknown as { app: Record<string, () => void> }).app;
      setTimeout(() => app[name]!(), 0);
    }, action);

  it("starts anonymous with check-sso", async () => {
    await page.goto(appUrl);
    await page.waitForFunction(() => document.getElementById("status")?.textContent !== "starting");
    assert.equal(await status().textContent(), "anonymous");
  });

  it("signs in through the login page and comes back authenticated", async () => {
    await startNavigation("login");
    await signIn(page, { username: "helpdesk", password: "helpdesk" });
    await page.waitForURL((url) => url.toString().startsWith(appUrl));
    await page.waitForFunction(() => document.getElementById("status")?.textContent !== "starting");
    assert.equal(await status().textContent(), "authenticated");
    assert.equal(await page.locator("#user").textContent(), "helpdesk");
    assert.doesNotMatch(page.url(), /code=/);
  });

  it("refreshes the token and calls the admin API across origins", async () => {
    const changed = await page.evaluate(() =>
      (window as unknown as { app: { refresh(): Promise<boolean> } }).app.refresh(),
    );
    assert.equal(changed, true);
    const answer = await page.evaluate(() =>
      (window as unknown as { app: { callApi(p: string): Promise<string> } }).app.callApi(
        "/admin/realms/demo/users?max=1",
      ),
    );
    assert.match(answer, /^200 \[/);
  });

  it("keeps the session through the login iframe checks", async () => {
    await page.waitForTimeout(2500);
    assert.equal(
      await page.evaluate(
        () => (window as unknown as { app: { keycloak: { authenticated: boolean } } }).app.keycloak.authenticated,
      ),
      true,
    );
  });

  it("logs out and is anonymous again", async () => {
    await startNavigation("logout");
    await page.waitForURL((url) => url.toString().startsWith(appUrl));
    await page.waitForFunction(() => document.getElementById("status")?.textContent !== "starting");
    assert.equal(await status().textContent(), "anonymous");
    await startNavigation("login");
    await page.getByLabel("Username or email").waitFor();
  });
});
