import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { Browser, Frame, Page } from "playwright-core";
import { freePort, startTestServer, type TestServer } from "../support/server.ts";
import { launchBrowser, newPage } from "../support/browser.ts";

const TIMEOUT = 20_000;
const framingPage = (src: string) =>
  `<!doctype html><html lang="en"><head><title>framer</title></head><body><iframe id="target" title="console" src="${src}"></iframe></body></html>`;

/** Issue 8: the console page refuses to be framed by another origin, with Keycloak's browser security headers. */
describe("console page framing and headers", () => {
  let server: TestServer;
  let other: Server;
  let otherOrigin: string;
  let browser: Browser;

  before(async () => {
    server = await startTestServer({ args: ["--seed-demo", "false"] });
    const port = await freePort();
    otherOrigin = `http://localhost:${port}`;
    other = createServer((_req, res) =>
      res.writeHead(200, { "content-type": "text/html" }).end(framingPage(`${server.baseUrl}/admin/master/console/`)),
    );
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
});
