import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { adminFetch, adminToken, startTestServer, type TestServer } from "../support/server.ts";
import { FULL_ACCESS_TOKENS, updateAdminCli } from "../support/admin-api.ts";
import { launchBrowser, newPage } from "../support/browser.ts";
import { markAdminCliAsConsoleClient, screenshot, waitForTable } from "./organizations-support.ts";
import { repoRoot, serveFolder, type StaticSite } from "./hosts-support.ts";

const CDN_PATH = "/kc/1.2.3/";

/**
 * dist/ copied as is to a static host under a versioned folder of another origin (as on a CDN), and a page of a third
 * origin with a strict CSP that loads the loader from there: chunks, fonts and styles resolve next to the loader.
 */
describe("the build served from any static path and origin", () => {
  let server: TestServer;
  let cdn: StaticSite;
  let site: StaticSite;
  let browser: Browser;
  const emptyDir = mkdtempSync(join(tmpdir(), "kc-static-page-"));

  before(async () => {
    server = await startTestServer();
    const api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
    await markAdminCliAsConsoleClient(api, "master");
    const pages: Record<string, string | { type: string; body: string }> = {};
    cdn = await serveFolder(join(repoRoot, "dist"), { prefix: CDN_PATH, cors: true });
    const loaderUrl = `${cdn.url}${CDN_PATH}loader.js`;
    const csp = [
      "default-src 'self'",
      `script-src 'self' ${cdn.url}`,
      "style-src 'self'",
      `font-src ${cdn.url}`,
      `connect-src 'self' ${server.baseUrl} ${cdn.url}`,
      "img-src 'self' data:",
      "object-src 'none'",
    ].join("; ");
    site = await serveFolder(emptyDir, { headers: { "content-security-policy": csp }, pages });
    // The page's backend hands out a token whose allowed origins include the page (admin-cli's, fetched by the test):
    // a full one, with the roles the element reads when who-am-I refuses admin-cli (its tokens are lightweight at first).
    await updateAdminCli(api, "master", { webOrigins: [site.url], attributes: FULL_ACCESS_TOKENS });
    const token = await adminToken(server.baseUrl);
    Object.assign(pages, {
      "/": `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Intranet page</title>
    <link rel="stylesheet" href="/page.css" />
    <script src="/token.js"></script>
    <script type="module" src="${loaderUrl}"></script>
  </head>
  <body>
    <h1>Intranet</h1>
    <kc-users-admin realm="demo" server-url="${server.baseUrl}" token-provider="intranetToken"></kc-users-admin>
  </body>
</html>`,
      // What a page may style from outside: the element's box, ::part(root) and PatternFly's tokens on the element.
      "/page.css": {
        type: "text/css",
        body: `kc-users-admin::part(root) { outline: 2px solid rgb(200, 0, 100); }
kc-users-admin { --pf-t--global--color--brand--default: rgb(11, 110, 79); }`,
      },
      "/token.js": { type: "text/javascript", body: `window.intranetToken = () => ${JSON.stringify(token)};` },
    });
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await cdn?.close();
    await site?.close();
    await server?.dispose();
    rmSync(emptyDir, { recursive: true, force: true });
  });

  it("loads the loader, its chunks and fonts from the nested path and shows rows under a strict CSP", async () => {
    const { context, page } = await newPage(browser);
    page.setDefaultTimeout(20_000);
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(`${message.text()} (${message.location().url})`);
    });
    page.on("pageerror", (error) => problems.push(error.message));
    const cdnRequests: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.origin === cdn.url) cdnRequests.push(url.pathname);
    });
    try {
      await page.goto(`${site.url}/`);
      await waitForTable(page.locator("kc-users-admin").getByRole("grid", { name: "Users" })).catch((error: Error) => {
        throw new Error(`${error.message}\nconsole: ${problems.join("\n")}\nstatic host: ${cdnRequests.join(", ")}`);
      });
      await page.evaluate(() => document.fonts.ready);
      await screenshot(page, "static-hosting-users");
      const element = page.locator("kc-users-admin");
      const outline = await element.evaluate(
        (node) => getComputedStyle(node.shadowRoot!.querySelector("[part='root']")!).outlineColor,
      );
      assert.equal(outline, "rgb(200, 0, 100)", "the page's ::part(root) rule applies");
      const createButton = element.getByRole("button", { name: "Create user" });
      assert.equal(
        await createButton.evaluate((button) => getComputedStyle(button).backgroundColor),
        "rgb(11, 110, 79)",
        "a PatternFly token set on the element reaches its primary button",
      );
      const fontsLoaded = await page.evaluate(
        () => [...document.fonts].filter((font) => font.status === "loaded").length,
      );
      assert.ok(fontsLoaded > 0, "PatternFly's fonts came from the static host");
      assert.ok(
        cdnRequests.some((path) => path.startsWith(`${CDN_PATH}chunks/`)),
        "chunks came from the static host",
      );
      assert.deepEqual(
        cdnRequests.filter((path) => !path.startsWith(CDN_PATH)),
        [],
        "every file was asked for under the loader's folder",
      );
      assert.deepEqual(cdn.missing, [], "every file asked for exists");
      assert.deepEqual(
        site.missing.filter((path) => path !== "/favicon.ico"),
        [],
        "nothing was asked of the page's own origin",
      );
      assert.deepEqual(
        problems.filter((text) => !text.endsWith("/favicon.ico)")),
        [],
        "no console errors, no CSP violation",
      );
    } finally {
      await context.close();
    }
  });
});
