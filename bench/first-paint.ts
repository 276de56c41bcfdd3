/**
 * Time from navigation start to the dashboard heading being visible, in headless Chromium
 * against the embedded server: the standalone console (after signing in once, each reload runs
 * the check-sso round trip) and the portal demo page (host token provider, no sign-in).
 *
 *   node --import tsx bench/first-paint.ts
 */
import type { Page } from "playwright-core";
import { startTestServer } from "../tests/support/server.ts";
import { launchBrowser, newPage, signIn } from "../tests/support/browser.ts";

export const RELOADS = Number(process.env.BENCH_RELOADS ?? 5);
const TIMEOUT = 30_000;

export interface FirstPaint {
  label: string;
  samples: number[];
  /** Paths below /elements/ the page fetched on its first load (scripts and assets). */
  elementFiles: string[];
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

declare global {
  interface Window {
    kcDashboardPaintedAt?: number;
  }
}

/**
 * In every document of the page: a check on each animation frame (just before painting) that
 * records, as wall-clock time, when the dashboard heading is first laid out in the console's
 * shadow root. Wall-clock, because the console's sign-in check may pass through redirects.
 */
function recordDashboardPaint() {
  const check = () => {
    const heading = document.querySelector("kc-admin-console")?.shadowRoot?.querySelector('[data-testid="dashboard-title"]');
    if (heading && heading.getBoundingClientRect().height > 0) window.kcDashboardPaintedAt = performance.timeOrigin + performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

/** Waits (across navigations) until the dashboard has been painted; returns the wall-clock time. */
async function dashboardPaintedAt(page: Page): Promise<number> {
  const deadline = Date.now() + TIMEOUT;
  while (Date.now() < deadline) {
    const paintedAt = await page.evaluate(() => window.kcDashboardPaintedAt).catch(() => undefined);
    if (paintedAt) return paintedAt;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await page.screenshot({ path: "screenshots/bench-first-paint-timeout.png" }).catch(() => undefined);
  throw new Error(`dashboard not painted within ${TIMEOUT} ms at ${page.url()}`);
}

async function measurePage(page: Page, label: string, url: string, prepare?: () => Promise<void>): Promise<FirstPaint> {
  const elementFiles = new Set<string>();
  const onRequest = (request: { url(): string }) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith("/elements/")) elementFiles.add(path.slice("/elements/".length));
  };
  page.on("request", onRequest);
  await page.goto(url);
  await prepare?.();
  await dashboardPaintedAt(page);
  page.off("request", onRequest);
  const samples: number[] = [];
  for (let i = 0; i < RELOADS; i++) {
    const started = Date.now();
    await page.reload({ waitUntil: "commit" });
    samples.push((await dashboardPaintedAt(page)) - started);
  }
  return { label, samples, elementFiles: [...elementFiles] };
}

/** Starts a server and a browser, measures both pages, and stops them again. */
export async function measureFirstPaint(): Promise<FirstPaint[]> {
  const server = await startTestServer();
  const browser = await launchBrowser();
  try {
    const { page } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    await page.addInitScript(recordDashboardPaint);
    const console = await measurePage(page, "dashboard first paint", `${server.baseUrl}/admin/master/console/`, () =>
      signIn(page, { username: "admin", password: "admin" }),
    );
    const portal = await measurePage(page, "portal dashboard first paint", `${server.baseUrl}/demo/portal/index.html`);
    return [console, portal];
  } finally {
    await browser.close();
    await server.dispose();
  }
}

export const firstPaintLine = ({ label, samples }: FirstPaint) =>
  `${label}: median ${Math.round(median(samples))} ms (n=${samples.length}; ${samples.map(Math.round).join(", ")})`;

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const result of await measureFirstPaint()) console.log(firstPaintLine(result));
}
