/**
 * Bytes on the wire (headers included, as Chromium counts them) for the standalone console's users screen:
 * signing in and waiting for the first user row in a fresh browser, then the same screen in a new tab of that
 * browser (its session and HTTP cache kept). Split by what was fetched: /elements/, the admin API, the rest.
 *
 *   node --import tsx bench/first-load-bytes.ts             (starts its own server on dist/)
 *   BENCH_BASE_URL=http://127.0.0.1:8180 node --import tsx bench/first-load-bytes.ts
 */
import type { BrowserContext, Page } from "playwright-core";
import { startTestServer } from "../tests/support/server.ts";
import { launchBrowser, newPage, signIn } from "../tests/support/browser.ts";

const TIMEOUT = 30_000;

interface Load {
  total: number;
  elements: number;
  adminApi: number;
  other: number;
  requests: number;
  notModified: number;
  fromCache: number;
  /** From the sign-in click (first load) or the navigation (new tab) to the first user row, ms. */
  ms: number;
}

/** Counts every response's encoded length through the DevTools protocol until `done` resolves. */
async function countBytes(context: BrowserContext, page: Page, done: () => Promise<number>): Promise<Load> {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  const urls = new Map<string, string>();
  const load: Load = { total: 0, elements: 0, adminApi: 0, other: 0, requests: 0, notModified: 0, fromCache: 0, ms: 0 };
  cdp.on("Network.responseReceived", ({ requestId, response }) => {
    urls.set(requestId, response.url);
    if (response.status === 304) load.notModified++;
    if (response.fromDiskCache || response.fromPrefetchCache) load.fromCache++;
  });
  cdp.on("Network.requestServedFromCache", () => load.fromCache++);
  cdp.on("Network.loadingFinished", ({ requestId, encodedDataLength }) => {
    const path = new URL(urls.get(requestId) ?? "http://x/").pathname;
    load.requests++;
    load.total += encodedDataLength;
    if (path.startsWith("/elements/")) load.elements += encodedDataLength;
    else if (path.startsWith("/admin/") && !path.includes("/console")) load.adminApi += encodedDataLength;
    else load.other += encodedDataLength;
  });
  load.ms = await done();
  await cdp.detach();
  return load;
}

const firstUserRow = (page: Page) => page.locator("kc-admin-console").locator("tbody tr").first().waitFor();

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const describe = (label: string, load: Load) =>
  `${label}: ${load.ms} ms, ${kb(load.total)} in ${load.requests} responses (elements ${kb(load.elements)}, admin API ` +
  `${kb(load.adminApi)}, other ${kb(load.other)}); ${load.notModified} answered 304, ${load.fromCache} from cache`;

async function main() {
  const own = process.env.BENCH_BASE_URL ? undefined : await startTestServer();
  const baseUrl = process.env.BENCH_BASE_URL ?? own!.baseUrl;
  const browser = await launchBrowser();
  try {
    const { context, page } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    const url = `${baseUrl}/admin/master/console/#/master/users`;
    const first = await countBytes(context, page, async () => {
      await page.goto(url);
      const started = Date.now();
      await signIn(page, { username: "admin", password: "admin" });
      await firstUserRow(page);
      return Date.now() - started;
    });
    console.log(describe("first load with sign-in", first));
    const tab = await context.newPage();
    tab.setDefaultTimeout(TIMEOUT);
    const again = await countBytes(context, tab, async () => {
      const started = Date.now();
      await tab.goto(url);
      await firstUserRow(tab);
      return Date.now() - started;
    });
    console.log(describe("new tab, same browser session", again));
  } finally {
    await browser.close();
    await own?.dispose();
  }
}

await main();
