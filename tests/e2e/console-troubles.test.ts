import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, newPage } from "../support/browser.ts";
import { watchTroubles, type Trouble } from "../support/console-troubles.ts";

/**
 * The upstream-console suite fails only if its trouble collector hears what goes wrong: a real HTTP server whose page
 * calls one endpoint answering 200, one answering 500 and one (expected) 404, logs a console error and throws.
 */
const PAGE = `<!doctype html><title>troubles</title><script>
  const go = async () => {
    await fetch("/ok");
    await fetch("/broken?x=1", { method: "POST" });
    await fetch("/expected-missing");
    console.error("the screen broke");
    document.title = "done";
    setTimeout(() => { throw new Error("uncaught on purpose"); });
  };
  go();
</script>`;

describe("the console trouble collector", () => {
  let server: Server;
  let origin = "";
  let browser: Browser;
  let page: Page;

  before(async () => {
    server = createServer((request, response) => {
      const path = new URL(request.url!, "http://x").pathname;
      if (path === "/") response.writeHead(200, { "content-type": "text/html" }).end(PAGE);
      else if (path === "/ok") response.writeHead(200).end("{}");
      else if (path === "/broken") response.writeHead(500).end("boom");
      else response.writeHead(404).end();
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchBrowser();
    ({ page } = await newPage(browser));
  });

  after(async () => {
    await browser?.close();
    await new Promise((done) => server?.close(done));
  });

  it("reports the 500 answer, the console error and the uncaught error, not the 200 or the expected 404", async () => {
    const troubles: Trouble[] = watchTroubles(page, {
      origin,
      screen: () => "test page",
      expected: (path) => path === "/expected-missing" || path === "/favicon.ico",
    });
    const thrown = page.waitForEvent("pageerror");
    await page.goto(`${origin}/`);
    await thrown;
    assert.deepEqual(
      // Network, console and page events reach the test on separate channels: their order is not asserted.
      troubles.map((trouble) => trouble.what).sort(),
      ["500 POST /broken?x=1", "console: the screen broke", "page error: uncaught on purpose"].sort(),
    );
    assert.ok(troubles.every((trouble) => trouble.screen === "test page"));
  });
});
