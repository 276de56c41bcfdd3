import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Browser } from "playwright-core";
import { freePort, startTestServer, type TestServer } from "../support/server.ts";
import { launchBrowser, newPage, signIn, STEP_TIMEOUT } from "../support/browser.ts";
import { startReverseProxy, type ReverseProxy } from "../support/reverse-proxy.ts";

const TIMEOUT = STEP_TIMEOUT;

/**
 * Issue 8: the console behind a same-origin reverse proxy signs in with keycloak-js and no change to
 * the security-admin-console client (its redirect URIs are relative: /admin/master/console/*).
 */
describe("the console behind a reverse proxy", () => {
  let forwarding: TestServer;
  let plain: TestServer;
  let xforwarded: ReverseProxy;
  let preserving: ReverseProxy;
  let ignored: ReverseProxy;
  let browser: Browser;

  before(async () => {
    [forwarding, plain] = await Promise.all([
      startTestServer({ args: ["--proxy-headers", "xforwarded"] }),
      startTestServer(),
    ]);
    xforwarded = await startReverseProxy(forwarding.baseUrl, await freePort(), "xforwarded");
    preserving = await startReverseProxy(plain.baseUrl, await freePort(), "preserve-host");
    ignored = await startReverseProxy(plain.baseUrl, await freePort(), "xforwarded");
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await Promise.all([xforwarded, preserving, ignored].map((proxy) => proxy?.close()));
    await Promise.all([forwarding?.dispose(), plain?.dispose()]);
  });

  /** Signs in to the master console at `origin`; every request the page makes must stay on that origin. */
  async function consoleSignIn(origin: string) {
    const { page } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    const elsewhere: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.protocol.startsWith("http") && url.origin !== origin) elsewhere.push(request.url());
    });
    const signInPages: string[] = [];
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame() && frame.url().includes("/protocol/openid-connect/auth"))
        signInPages.push(frame.url());
    });
    await page.goto(`${origin}/admin/master/console/`);
    await signIn(page, { username: "admin", password: "admin" });
    await page.getByTestId("dashboard-title").waitFor();
    assert.equal(new URL(page.url()).origin, origin);
    assert.equal(signInPages.length, 1, "one trip through the login page, no loop");
    assert.deepEqual(elsewhere, [], "nothing goes around the proxy");
    await page.close();
  }

  it("with --proxy-headers xforwarded and a proxy that rewrites Host", async () => {
    await consoleSignIn(xforwarded.url);
  });

  it("without any flag, when the proxy keeps the browser's Host", async () => {
    await consoleSignIn(preserving.url);
  });

  it("without --proxy-headers the X-Forwarded-* headers are ignored", async () => {
    const metadata = (await (await fetch(`${ignored.url}/realms/master/.well-known/openid-configuration`)).json()) as {
      issuer: string;
    };
    assert.equal(metadata.issuer, `${plain.baseUrl}/realms/master`);
    const page = await (await fetch(`${ignored.url}/admin/master/console/`)).text();
    assert.match(page, new RegExp(`"serverBaseUrl":"${plain.baseUrl}"`));
  });
});
