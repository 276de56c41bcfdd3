/**
 * Time from navigation start to the dashboard heading being visible, in headless Chromium
 * against the embedded server: the standalone console (after signing in once, each new navigation
 * runs the check-sso round trip) and the portal demo page (host token provider, no sign-in).
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
  /** Navigation start → dashboard painted, ms. */
  samples: number[];
  /** The same, from the start of the document that painted it (leaves out sign-in redirects). */
  inDocument: number[];
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
    kcDashboardPaintedInDocument?: number;
  }
}

/**
 * In every document of the page: a check on each animation frame (just before painting) that
 * records, as wall-clock time, when the dashboard heading is first laid out in the console's
 * shadow root. Wall-clock, because the console's sign-in check may pass through redirects.
 */
const RECORD_DASHBOARD_PAINT = `(() => {
  const check = () => {
    const heading = document.querySelector("kc-admin-console")?.shadowRoot?.querySelector('[data-testid="dashboard-title"]');
    if (heading && heading.getBoundingClientRect().height > 0) {
      window.kcDashboardPaintedInDocument = performance.now();
      window.kcDashboardPaintedAt = performance.timeOrigin + performance.now();
    } else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

interface Painted {
  /** Wall-clock time of the paint. */
  at: number;
  /** Milliseconds since the start of the document that painted (after any sign-in redirects). */
  inDocument: number;
}

/** Waits (across navigations) until the dashboard has been painted. */
async function dashboardPainted(page: Page): Promise<Painted> {
  const deadline = Date.now() + TIMEOUT;
  while (Date.now() < deadline) {
    const painted = await page
      .evaluate(() =>
        window.kcDashboardPaintedAt
          ? { at: window.kcDashboardPaintedAt, inDocument: window.kcDashboardPaintedInDocument! }
          : undefined,
      )
      .catch(() => undefined);
    if (painted) return painted;
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
  await dashboardPainted(page);
  page.off("request", onRequest);
  const samples: number[] = [];
  const inDocument: number[] = [];
  for (let i = 0; i < RELOADS; i++) {
    const started = Date.now();
    // A fresh navigation to the same address (not a reload, which keeps the console's #/realm route).
    await page.goto(url, { waitUntil: "commit" });
    const painted = await dashboardPainted(page);
    samples.push(painted.at - started);
    inDocument.push(painted.inDocument);
  }
  return { label, samples, inDocument, elementFiles: [...elementFiles] };
}

/** Starts a server and a browser, measures both pages, and stops them again. */
export async function measureFirstPaint(): Promise<FirstPaint[]> {
  const server = await startTestServer({ args: ["--demo-pages"] });
  const browser = await launchBrowser();
  try {
    const { page } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    // A string: tsx would wrap the function's inner closure in a helper the page does not have.
    await page.addInitScript({ content: RECORD_DASHBOARD_PAINT });
    const console = await measurePage(page, "dashboard first paint", `${server.baseUrl}/admin/master/console/`, () =>
      signIn(page, { username: "admin", password: "admin" }),
    );
    // The portal's backend hands out its token only to a signed-in portal session.
    await page.request.post(`${server.baseUrl}/demo/api/portal-session`, {
      data: { username: "helpdesk", password: "helpdesk" },
    });
    const portal = await measurePage(page, "portal dashboard first paint", `${server.baseUrl}/demo/portal/index.html`);
    return [console, portal];
  } finally {
    await browser.close();
    await server.dispose();
  }
}

export const firstPaintLine = ({ label, samples, inDocument }: FirstPaint) =>
  `${label}: median ${Math.round(median(samples))} ms (n=${samples.length}; ${samples.map(Math.round).join(", ")})` +
  `; from the painting document's start: median ${Math.round(median(inDocument))} ms`;

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const result of await measureFirstPaint()) console.log(firstPaintLine(result));
}
