import { after, before, describe, it, type TestContext } from "node:test";
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { adminFetch, adminToken, type TestServer } from "../support/server.ts";
import { startTarget } from "../support/target.ts";
import { launchBrowser, newPage, signIn } from "../support/browser.ts";
import { screenshot, waitForTable } from "./organizations-support.ts";
import {
  HOSTS,
  buildHost,
  forgetHostBuild,
  hostBuildKey,
  hostBuiltFrom,
  installHost,
  lockHostsPreparation,
  markHostBuilt,
  packPackage,
  serveFolder,
  type HostApp,
  type StaticSite,
} from "./hosts-support.ts";

const TIMEOUT = 30_000;
const HOST_CLIENT = "host-app";
const EDITED_USER = "host-edit-me";

/** What each host's own stylesheet (demo/hosts/<name>/src/host.css) sets. */
const HOST_STYLES = {
  bodyBackground: "rgb(250, 244, 232)",
  bodyFont: "Georgia, serif",
  headingColor: "rgb(128, 32, 32)",
  buttonBackground: "rgb(20, 60, 120)",
};

interface HostStyles {
  bodyBackground: string;
  bodyFont: string;
  headingColor: string;
  buttonBackground: string;
  adoptedSheets: number;
  sheets: number;
}

function hostStyles(page: Page): Promise<HostStyles> {
  return page.evaluate(() => {
    const body = getComputedStyle(document.body);
    return {
      bodyBackground: body.backgroundColor,
      bodyFont: body.fontFamily,
      headingColor: getComputedStyle(document.querySelector("h1")!).color,
      buttonBackground: getComputedStyle(document.querySelector(".host-button")!).backgroundColor,
      adoptedSheets: document.adoptedStyleSheets.length,
      sheets: document.styleSheets.length,
    };
  });
}

describe("the packed package in React, Vue and Angular hosts", { timeout: 15 * 60_000 }, () => {
  let server: TestServer;
  let hostClientId: string | undefined;
  let browser: Browser;
  const sites = new Map<string, StaticSite>();
  const prepared = new Map<string, Promise<void>>();

  before(async () => {
    server = await startTarget();
    const unlock = await lockHostsPreparation();
    const packedPackage = await packPackage().catch((error) => {
      unlock();
      throw error;
    });
    const api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
    // Each host is served from its own origin; they sign in through one public client that may use the console API.
    const origins: string[] = [];
    for (const host of HOSTS) {
      const site = await serveFolder(host.outDir);
      sites.set(host.name, site);
      origins.push(site.url);
    }
    const created = await api("/admin/realms/master/clients", {
      method: "POST",
      body: {
        clientId: HOST_CLIENT,
        publicClient: true,
        standardFlowEnabled: true,
        redirectUris: origins.map((origin) => `${origin}/*`),
        webOrigins: origins,
        attributes: { "security.admin.console": "true", "pkce.code.challenge.method": "S256" },
      },
    });
    assert.equal(created.status, 201, await created.text());
    hostClientId = created.headers.get("location")!.split("/").at(-1)!;
    const user = await api("/admin/realms/demo/users", {
      method: "POST",
      body: { username: EDITED_USER, enabled: true, firstName: "Hosted", lastName: "Person" },
    });
    assert.equal(user.status, 201, await user.text());
    // Installs fetch in parallel; builds take the CPU one at a time, each started once its install is done.
    let buildQueue = Promise.resolve();
    for (const host of HOSTS) {
      const key = hostBuildKey(host, packedPackage);
      if (hostBuiltFrom(host, key)) {
        console.log(`# ${host.name} host: already built from this package and these host files`);
        prepared.set(host.name, Promise.resolve());
        continue;
      }
      forgetHostBuild(host);
      const installed = installHost(host);
      const built = installed.then((installMs) => {
        const next = buildQueue.then(async () => {
          const buildMs = await buildHost(host);
          markHostBuilt(host, key);
          console.log(
            `# ${host.name} host: npm ci ${(installMs / 1000).toFixed(1)} s, build ${(buildMs / 1000).toFixed(1)} s`,
          );
        });
        buildQueue = next.catch(() => undefined);
        return next;
      });
      prepared.set(host.name, built);
      built.catch(() => undefined);
    }
    void Promise.allSettled(prepared.values()).then(unlock);
    browser = await launchBrowser();
  });

  after(async () => {
    await Promise.allSettled(prepared.values());
    await browser?.close();
    for (const site of sites.values()) await site.close();
    // a real Keycloak outlives the file (and keeps master): the host client goes
    if (server && hostClientId) {
      const api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
      await api(`/admin/realms/master/clients/${hostClientId}`, { method: "DELETE" });
    }
    await server?.dispose();
  });

  async function exercise(t: TestContext, host: HostApp) {
    await prepared.get(host.name);
    const site = sites.get(host.name)!;
    const { context, page } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    const consoleErrors: string[] = [];
    page.on("console", (message) => {
      const text = `${message.text()} (${message.location().url})`;
      // The browser's own favicon request is no page's doing.
      if (message.type() === "error" && !text.endsWith("/favicon.ico)")) consoleErrors.push(text);
    });
    page.on("pageerror", (error) => consoleErrors.push(error.message));
    const failedResponses: string[] = [];
    page.on("response", (response) => {
      if (response.status() >= 400 && !response.url().endsWith("/favicon.ico"))
        failedResponses.push(`${response.status()} ${response.url()}`);
    });
    try {
      await page.goto(`${site.url}/?server=${encodeURIComponent(server.baseUrl)}`);
      await signIn(page, { username: "admin", password: "admin" });
      await page.waitForURL((url) => url.origin === site.url);

      const element = page.locator("kc-users-admin");
      const users = element.getByRole("grid", { name: "Users" });
      await waitForTable(users);
      await screenshot(page, `hosts-${host.name}-users`);

      const styles = await hostStyles(page);
      assert.deepEqual(
        { ...styles, adoptedSheets: undefined, sheets: undefined },
        { ...HOST_STYLES, adoptedSheets: undefined, sheets: undefined },
        "the host's own styles are as its stylesheet says",
      );
      assert.equal(styles.adoptedSheets, 0, "no sheet adopted by the host's document");
      const outline = await element.evaluate(
        (node) => getComputedStyle(node.shadowRoot!.querySelector("[part='root']")!).outlineColor,
      );
      assert.equal(outline, "rgb(0, 128, 96)", "the styles property set by the framework is applied inside");

      await element
        .getByRole("searchbox")
        .or(element.getByPlaceholder(/Search/))
        .first()
        .fill(EDITED_USER);
      await element
        .getByRole("searchbox")
        .or(element.getByPlaceholder(/Search/))
        .first()
        .press("Enter");
      await users.getByRole("link", { name: EDITED_USER }).click();
      await element.getByRole("heading", { level: 1, name: EDITED_USER }).waitFor();
      await element.getByLabel("Last name", { exact: true }).fill(`Edited in ${host.name}`);
      await element.getByRole("button", { name: "Save" }).click();
      await element.getByText("The user has been saved").waitFor();
      await page
        .getByRole("status")
        .filter({ hasText: `kc-user-updated ${EDITED_USER}` })
        .waitFor();

      await page.getByRole("button", { name: "Hide users" }).click();
      await element.waitFor({ state: "detached" });
      await page.getByRole("button", { name: "Show users" }).click();
      await waitForTable(users);
      assert.equal(await element.count(), 1, "one element after remounting");

      assert.deepEqual(
        await hostStyles(page),
        styles,
        "the host's styles are unchanged after the element came and went",
      );
      await screenshot(page, `hosts-${host.name}-remounted`);
      assert.deepEqual(
        { consoleErrors, failedResponses },
        { consoleErrors: [], failedResponses: [] },
        "no console errors",
      );
      assert.deepEqual(
        site.missing.filter((path) => path !== "/favicon.ico"),
        [],
        "every file the page asked for exists",
      );
      t.diagnostic(`${host.name}: rows, edit, kc-user-updated in the framework, remount`);
    } finally {
      await context.close();
    }
  }

  for (const host of HOSTS) {
    it(`${host.name}: the element signs in through the page's keycloak-js, edits a user, and remounts`, (t) =>
      exercise(t, host));
  }

  it("the edits reached the server", async () => {
    const api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
    const [user] = (await (await api(`/admin/realms/demo/users?username=${EDITED_USER}&exact=true`)).json()) as {
      lastName: string;
    }[];
    assert.equal(user!.lastName, `Edited in ${HOSTS.at(-1)!.name}`);
  });
});
