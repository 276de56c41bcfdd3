/**
 * The events screens of the `scale` realm (500,000 user events, 100,000 admin events over 30 days) in the full
 * console signed in as the master admin: the user events' first page, a search by type + user + date range (an
 * address, as a bookmarked search opens), the admin events' first page — each from the table's request's response
 * to its rows — and the overview chart of 7 days from the last of its page reads to the chart drawn.
 * Then a CSV export of 100,000 events streamed to a file (the File System Access API's writable, backed here by the
 * origin-private file system): its throughput and the page's JS heap sampled while it runs.
 */
import type { Page } from "playwright-core";
import { adminFetch, adminToken } from "../tests/support/server.ts";
import { SCALE_REALM } from "./scale-server.ts";
import { type Samples, record, timeRows } from "./rows-shown.ts";
import { openRoute, signedInConsole } from "./scale-client-screens.ts";

const CONSOLE_HOST = "kc-admin-console";
/** The table asks one row more than its page size (10) to know whether there is a next page. */
const TABLE_REQUEST = "&max=11";
const DAY_MS = 24 * 3600 * 1000;
const day = (time: number) => new Date(time).toISOString().slice(0, 10);

type Api = ReturnType<typeof adminFetch>;

function oneRequest(label: string, requests: number) {
  if (requests > 1) throw new Error(`${label}: ${requests} table requests for one page`);
}

async function json<T>(api: Api, path: string): Promise<T> {
  const res = await api(`/admin/realms/${SCALE_REALM}${path}`);
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
}

const usernameOf = async (api: Api, id: string) => (await json<{ username: string }>(api, `/users/${id}`)).username;

/** Resolves when the overview's counts line is shown; the newest overview read's response end and that moment. */
const OVERVIEW_DRAWN = `window.kcBenchOverviewDrawn = () => new Promise((resolve) => {
  const check = () => {
    const root = document.querySelector("${CONSOLE_HOST}")?.shadowRoot;
    const drawn = root?.querySelector(".kc-events-overview-chart svg rect, .kc-events-overview-chart svg path[role=presentation]");
    const small = root?.querySelector(".kc-events-overview small");
    if (!drawn || !small) return requestAnimationFrame(check);
    const shownAt = performance.now();
    const reads = performance.getEntriesByType("resource").filter((e) => /max=100[01]/.test(e.name));
    resolve({ shownAt, lastRead: Math.max(...reads.map((e) => e.responseEnd)), firstStart: Math.min(...reads.map((e) => e.startTime)), reads: reads.length });
  };
  requestAnimationFrame(check);
});`;

declare global {
  interface Window {
    kcBenchOverviewDrawn?: () => Promise<{ shownAt: number; lastRead: number; firstStart: number; reads: number }>;
  }
}

export async function eventsScreens(page: Page, baseUrl: string, samples: Samples, count: number) {
  const api = adminFetch(baseUrl, await adminToken(baseUrl));
  await page.addInitScript({ content: OVERVIEW_DRAWN });
  await signedInConsole(page, baseUrl);
  console.log("  events: measuring");
  const now = Date.now();
  for (let i = 0; i < count; i++) {
    await openRoute(page, baseUrl, "realm-settings");
    const [newest] = await json<{ userId: string }[]>(api, "/events?first=0&max=1");
    const first = await timeRows(page, CONSOLE_HOST, await usernameOf(api, newest!.userId), TABLE_REQUEST, () =>
      openRoute(page, baseUrl, "events/user-events"),
    );
    oneRequest("events: user events first page", first.requests);
    record(samples, "events: user events first page", first.ms);

    // A user with a LOGIN event i days back, searched by username, type and a 3-day range around it.
    const at = now - (i + 2) * DAY_MS;
    const range = `dateFrom=${day(at - DAY_MS)}&dateTo=${day(at + DAY_MS)}`;
    const [hit] = await json<{ userId: string }[]>(
      api,
      `/events?type=LOGIN&dateFrom=${day(at)}&dateTo=${day(at)}&first=0&max=1`,
    );
    const username = await usernameOf(api, hit!.userId);
    const found = await timeRows(page, CONSOLE_HOST, username, TABLE_REQUEST, () =>
      openRoute(page, baseUrl, `events/user-events?type=LOGIN&user=${username}&${range}`),
    );
    oneRequest("events: search type + user + dates", found.requests);
    record(samples, "events: search type + user + dates", found.ms);

    const [admin] = await json<{ resourcePath: string }[]>(api, "/admin-events?first=0&max=1");
    const adminFirst = await timeRows(page, CONSOLE_HOST, admin!.resourcePath, TABLE_REQUEST, () =>
      openRoute(page, baseUrl, "events/admin-events"),
    );
    oneRequest("events: admin events first page", adminFirst.requests);
    record(samples, "events: admin events first page", adminFirst.ms);

    // The overview of 7 days, each round another (a search already read would come from the query cache, read
    // nothing and make the measure meaningless); reads are capped at 10,000 events.
    await page.evaluate(() => performance.clearResourceTimings());
    const drawn = page.evaluate(() => window.kcBenchOverviewDrawn!());
    const end = now - i * DAY_MS;
    await openRoute(page, baseUrl, `events/user-events?dateFrom=${day(end - 7 * DAY_MS)}&dateTo=${day(end)}`);
    const timing = await drawn;
    record(samples, "events: 7-day overview drawn after its reads", timing.shownAt - timing.lastRead);
    console.log(
      `  7-day overview: ${timing.reads} reads, first request to chart drawn ${Math.round(timing.shownAt - timing.firstStart)} ms`,
    );
  }
}

/** Stands in the origin-private file system for the file the administrator would pick; counts the bytes written. */
const PICKER = `(() => {
  Object.defineProperty(Navigator.prototype, "webdriver", { get: () => false });
  window.kcBenchExportBytes = 0;
  window.showSaveFilePicker = async ({ suggestedName }) => {
    const dir = await navigator.storage.getDirectory();
    const handle = await dir.getFileHandle(suggestedName, { create: true });
    return {
      async createWritable() {
        const file = await handle.createWritable();
        return {
          write: async (chunk) => { window.kcBenchExportBytes += chunk.length; await file.write(chunk); },
          close: () => file.close(),
          abort: () => file.abort(),
        };
      },
    };
  };
})();`;

export interface ExportMeasure {
  events: number;
  seconds: number;
  heapStartMb: number;
  heapMaxMb: number;
  heapEndMb: number;
  bytes: number;
}

/** A CSV export of the user events of the days that hold about `target` events, streamed to a picked file. */
export async function exportThroughput(page: Page, baseUrl: string, target: number): Promise<ExportMeasure> {
  const api = adminFetch(baseUrl, await adminToken(baseUrl));
  const now = Date.now();
  // The seed spreads 500,000 events evenly over 30 days: the days from `from` hold about `target`.
  const from = day(now - Math.round((target / 500_000) * 30 * DAY_MS));
  const matching = await json<unknown[]>(api, `/events?dateFrom=${from}&first=${target - 1}&max=1`);
  if (matching.length === 0) throw new Error(`fewer than ${target} events since ${from}`);
  await page.addInitScript({ content: PICKER });
  await signedInConsole(page, baseUrl);
  await openRoute(page, baseUrl, `events/user-events?dateFrom=${from}`);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable");
  const heap = async () => {
    await cdp.send("HeapProfiler.collectGarbage").catch(() => undefined);
    const { metrics } = await cdp.send("Performance.getMetrics");
    return (metrics.find((m) => m.name === "JSHeapUsedSize")?.value ?? 0) / 1e6;
  };
  await page.getByRole("button", { name: "Export CSV" }).waitFor();
  const heapStartMb = await heap();
  let heapMaxMb = heapStartMb;
  const started = performance.now();
  await page.getByRole("button", { name: "Export CSV" }).click();
  const done = page.getByText(/Exported [\d,]+ events/).first();
  let finished = false;
  const watch = done.waitFor({ timeout: 30 * 60_000 }).then(() => (finished = true));
  while (!finished) {
    heapMaxMb = Math.max(heapMaxMb, await heap());
    await Promise.race([watch, new Promise((r) => setTimeout(r, 1_000))]);
  }
  const seconds = (performance.now() - started) / 1000;
  const text = (await done.textContent()) ?? "";
  const events = Number(/([\d,]+)/.exec(text)?.[1]?.replace(/,/g, "") ?? 0);
  const bytes = await page.evaluate(() => (window as unknown as { kcBenchExportBytes: number }).kcBenchExportBytes);
  return { events, seconds, heapStartMb, heapMaxMb, heapEndMb: await heap(), bytes };
}

const EXPORT_EVENTS = Number(process.env.BENCH_EXPORT_EVENTS ?? 100_000);

/** Prints the export's throughput and heap; true when the heap stayed flat (grew by less than 50 MB). */
export async function benchEventsExport(baseUrl: string): Promise<boolean> {
  const { launchBrowser, newPage } = await import("../tests/support/browser.ts");
  const browser = await launchBrowser();
  try {
    const { page } = await newPage(browser);
    page.setDefaultTimeout(60_000);
    const m = await exportThroughput(page, baseUrl, EXPORT_EVENTS);
    const flat = m.heapMaxMb - m.heapStartMb < 50;
    console.log(
      `CSV export of ${m.events} user events: ${m.seconds.toFixed(1)} s, ${Math.round(m.events / m.seconds)} events/s, ` +
        `${(m.bytes / 1e6).toFixed(1)} MB written`,
    );
    console.log(
      `page JS heap during the export: ${m.heapStartMb.toFixed(1)} MB before, ${m.heapMaxMb.toFixed(1)} MB at most, ` +
        `${m.heapEndMb.toFixed(1)} MB after   ${flat ? "flat" : "GROWS"}`,
    );
    return flat && m.events >= EXPORT_EVENTS;
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { runAlone } = await import("./scale-server.ts");
  await runAlone(benchEventsExport);
}
