import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { Browser, Frame, Page } from "playwright-core";
import { adminFetch, adminToken, freePort, startTestServer, type TestServer } from "../support/server.ts";
import { launchBrowser, newPage, STEP_TIMEOUT } from "../support/browser.ts";

const TIMEOUT = STEP_TIMEOUT;
const framingPage = (src: string) =>
  `<!doctype html><html lang="en"><head><title>framer</title></head><body><iframe id="target" title="console" src="${src}"></iframe></body></html>`;

/** Issue 8: the console page refuses to be framed by another origin, with Keycloak's browser security headers. */
describe("console page framing and headers", () => {
  let server: TestServer;
  let other: Server;
  let otherOrigin: string;
  /** The other origin frames whatever its `?src=` names. */
  const framedByOther = (src: string) => `${otherOrigin}/?src=${encodeURIComponent(src)}`;
  let browser: Browser;

  before(async () => {
    server = await startTestServer({ args: ["--seed-demo", "false"] });
    const port = await freePort();
    otherOrigin = `http://localhost:${port}`;
    other = createServer((req, res) => {
      const src = new URL(req.url ?? "/", otherOrigin).searchParams.get("src");
      res
        .writeHead(200, { "content-type": "text/html" })
        .end(framingPage(src ?? `${server.baseUrl}/admin/master/console/`));
    });
    await new Promise<void>((ok) => other.listen(port, "127.0.0.1", ok));
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await new Promise((ok) => other?.close(ok));
    await server?.dispose();
  });

  /** The iframe's frame once its navigation has settled (loaded or refused). */
  async function consoleFrame(page: Page): Promise<Frame> {
    const handle = await page.locator("#target").elementHandle();
    const frame = await handle!.contentFrame();
    await frame!.waitForLoadState("domcontentloaded");
    return frame!;
  }

  it("sends X-Frame-Options, frame-ancestors, nosniff, Referrer-Policy and X-Robots-Tag", async () => {
    const res = await fetch(`${server.baseUrl}/admin/master/console/`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("x-frame-options"), "SAMEORIGIN");
    assert.match(res.headers.get("content-security-policy") ?? "", /(^|; )frame-ancestors 'self'(;|$)/);
    assert.match(res.headers.get("content-security-policy") ?? "", /(^|; )script-src 'self'(;|$)/);
    assert.equal(res.headers.get("x-content-type-options"), "nosniff");
    assert.equal(res.headers.get("referrer-policy"), "no-referrer");
    assert.equal(res.headers.get("x-robots-tag"), "none");
  });

  it("Chromium refuses to show it in a frame of another origin", async () => {
    const { page } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    const refusals: string[] = [];
    page.on("console", (message) => {
      if (/frame-ancestors|Refused to (display|frame)/i.test(message.text())) refusals.push(message.text());
    });
    await page.goto(`${otherOrigin}/`);
    const frame = await consoleFrame(page);
    assert.equal(await frame.locator("#environment").count(), 0, "the console's document did not load in the frame");
    assert.ok(refusals.length > 0 || !frame.url().startsWith(server.baseUrl), `refused: ${frame.url()}`);
    await page.close();
  });

  it("a page of its own origin may still frame it", async () => {
    const { page } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    // A host page served at the server's own origin (fulfilled by the browser; the console itself is real).
    await page.route(`${server.baseUrl}/same-origin-framer.html`, (route) =>
      route.fulfill({ contentType: "text/html", body: framingPage("/admin/master/console/") }),
    );
    await page.goto(`${server.baseUrl}/same-origin-framer.html`);
    const frame = await consoleFrame(page);
    // The console loads, then (nobody being signed in) its sign-in takes the frame on to the login page.
    await frame
      .locator("#environment")
      .or(frame.getByLabel("Username or email"))
      .first()
      .waitFor({ state: "attached" });
    await page.close();
  });
  /** A realm's login page (the account console's authorization request). */
  const loginPage = (realm: string) =>
    `${server.baseUrl}/realms/${realm}/protocol/openid-connect/auth?${new URLSearchParams({
      client_id: "account-console",
      redirect_uri: `${server.baseUrl}/realms/${realm}/account/`,
      response_type: "code",
      scope: "openid",
      code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
      code_challenge_method: "S256",
    })}`;

  /** Whether the login form showed inside the framing page's iframe. */
  async function loginShownInFrame(page: Page, framer: string): Promise<boolean> {
    await page.goto(framer);
    const frame = await consoleFrame(page);
    return (await frame.getByLabel("Username or email").count()) > 0;
  }

  it("Chromium refuses a realm's login page in a frame of another origin, and shows it in one of its own", async () => {
    const { page } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    assert.equal(await loginShownInFrame(page, framedByOther(loginPage("master"))), false, "another origin");
    // The same page framed at the server's own origin loads: the refusal above is the headers' doing.
    await page.route(`${server.baseUrl}/same-origin-login-framer.html`, (route) =>
      route.fulfill({ contentType: "text/html", body: framingPage(loginPage("master")) }),
    );
    assert.equal(await loginShownInFrame(page, `${server.baseUrl}/same-origin-login-framer.html`), true, "own origin");
    await page.close();
  });

  it("a realm whose X-Frame-Options is DENY serves DENY and its login page is framed by nobody", async () => {
    const api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
    const created = await api("/admin/realms", {
      method: "POST",
      body: {
        realm: "unframed",
        enabled: true,
        browserSecurityHeaders: {
          xFrameOptions: "DENY",
          contentSecurityPolicy: "frame-src 'self'; frame-ancestors 'none'; object-src 'none';",
        },
      },
    });
    assert.equal(created.status, 201, await created.text());
    const res = await fetch(loginPage("unframed"));
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("x-frame-options"), "DENY");
    assert.match(res.headers.get("content-security-policy") ?? "", /frame-ancestors 'none'/);
    const { page } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    await page.route(`${server.baseUrl}/same-origin-unframed-framer.html`, (route) =>
      route.fulfill({ contentType: "text/html", body: framingPage(loginPage("unframed")) }),
    );
    assert.equal(await loginShownInFrame(page, `${server.baseUrl}/same-origin-unframed-framer.html`), false);
    assert.equal(await loginShownInFrame(page, framedByOther(loginPage("unframed"))), false);
    await page.close();
  });
});
