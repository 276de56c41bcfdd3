import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import type { Browser } from "playwright-core";
import { startTestServer, type TestServer } from "../support/server.ts";
import { launchBrowser, newPage, signIn } from "../support/browser.ts";
import { screenshot, waitForTable } from "./organizations-support.ts";
import { repoRoot } from "./hosts-support.ts";
import { THEME_NAME } from "../../build/theme/admin-theme.ts";
import { renderTemplate } from "../../build/theme/freemarker-subset.ts";
import { readZip } from "../../build/theme/zip.ts";
import { buildThemeArchive } from "../../scripts/build-theme.ts";

const RESOURCE_VERSION = "9q8w7";
const CONTENT_TYPES: Record<string, string> = { js: "text/javascript", woff2: "font/woff2", json: "application/json" };

/**
 * No Keycloak runs here, so the browser plays Keycloak's part for what the theme changes: the console page at
 * /admin/master/console/ is the archive's index.ftl rendered with the variables Keycloak 26 passes, and
 * /resources/{version}/admin/kc-elements/… are the archive's resources. Everything else (sign-in, admin API,
 * who-am-I, message bundles) is the embedded server.
 */
describe("the Keycloak admin theme archive", () => {
  let server: TestServer;
  let browser: Browser;
  let files: Map<string, Buffer>;

  before(async () => {
    server = await startTestServer();
    files = readZip(readFileSync(buildThemeArchive(repoRoot)));
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it("boots the console from the rendered index.ftl: sign in, then the users of realm demo", async () => {
    const template = files.get(`theme/${THEME_NAME}/admin/index.ftl`)!.toString();
    const resourceUrl = `/resources/${RESOURCE_VERSION}/admin/${THEME_NAME}`;
    const page26 = renderTemplate(template, {
      serverBaseUrl: server.baseUrl,
      adminBaseUrl: server.baseUrl,
      authUrl: server.baseUrl,
      authServerUrl: `${server.baseUrl}/`,
      loginRealm: "master",
      clientId: "security-admin-console",
      resourceUrl,
      resourceCommonUrl: `/resources/${RESOURCE_VERSION}/common/keycloak`,
      consoleBaseUrl: "/admin/master/console/",
      masterRealm: "master",
      resourceVersion: RESOURCE_VERSION,
      properties: {},
    });
    const { context, page } = await newPage(browser);
    page.setDefaultTimeout(20_000);
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    const served: string[] = [];
    await context.route(
      (url) => url.origin === server.baseUrl && url.pathname === "/admin/master/console/",
      (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: page26 }),
    );
    await context.route(
      (url) => url.origin === server.baseUrl && url.pathname.startsWith(`${resourceUrl}/`),
      (route) => {
        const name = new URL(route.request().url()).pathname.slice(resourceUrl.length + 1);
        const body = files.get(`theme/${THEME_NAME}/admin/resources/${name}`);
        if (!body) return route.fulfill({ status: 404, body: "Not Found" });
        served.push(name);
        const type = CONTENT_TYPES[name.split(".").at(-1)!] ?? "application/octet-stream";
        return route.fulfill({ status: 200, contentType: type, body });
      },
    );
    try {
      await page.goto(`${server.baseUrl}/admin/master/console/#/demo/users`);
      await signIn(page, { username: "admin", password: "admin" });
      await waitForTable(page.getByRole("grid", { name: "Users" }));
      await screenshot(page, "keycloak-theme-users");
      assert.ok(
        served.some((name) => name.startsWith("console/")),
        "the console's script came from the theme",
      );
      assert.ok(
        served.some((name) => name.startsWith("chunks/")),
        "its chunks came from the theme",
      );
      assert.deepEqual(problems, [], "no page errors");
    } finally {
      await context.close();
    }
  });
});
