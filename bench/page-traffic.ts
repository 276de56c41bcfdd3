/**
 * Two measurements for one browser tab: the bytes it receives on the wire (CDP's encodedDataLength, headers
 * included, redirects included), and the wall-clock time at which a table row naming one of the expected
 * entries is first laid out (checked on every animation frame, through open shadow roots, across navigations).
 */
import type { BrowserContext, CDPSession, Page } from "playwright-core";

const TIMEOUT = 30_000;

export interface RowTarget {
  /** Selector of the host element whose shadow root holds the table; empty: anywhere in the document. */
  host: string;
  /** A row counts once its text contains one of these (a loading or empty row never does). */
  texts: string[];
}

declare global {
  interface Window {
    kcBenchRowsAt?: (number | undefined)[];
  }
}

/** Page script (a string: tsx would wrap a function's inner closures in helpers the page lacks). */
const recordFirstRows = (targets: RowTarget[]) => `(() => {
  if (window.top !== window) return;
  const targets = ${JSON.stringify(targets)};
  const seen = (window.kcBenchRowsAt = targets.map(() => undefined));
  const rowsBelow = (node, found) => {
    found.push(...node.querySelectorAll("tbody tr"));
    for (const element of node.querySelectorAll("*")) if (element.shadowRoot) rowsBelow(element.shadowRoot, found);
    return found;
  };
  const shown = (target) => {
    const start = target.host ? document.querySelector(target.host)?.shadowRoot : document;
    if (!start) return false;
    return rowsBelow(start, []).some(
      (row) => row.getBoundingClientRect().height > 0 && target.texts.some((text) => row.textContent.includes(text)),
    );
  };
  const check = () => {
    targets.forEach((target, i) => {
      if (seen[i] === undefined && shown(target)) seen[i] = performance.timeOrigin + performance.now();
    });
    if (seen.some((at) => at === undefined)) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

export interface TabMeter {
  page: Page;
  /** Bytes received so far by this tab. */
  bytes(): number;
  /** Bytes per response so far, largest first. */
  responses(): { url: string; bytes: number }[];
  /** Waits until every target's first row has been laid out; their wall-clock times. */
  firstRows(): Promise<number[]>;
  /** Waits until no request has been open for `quietMs` (at most `withinMs`). */
  settled(quietMs?: number, withinMs?: number): Promise<void>;
}

/** Opens a tab in `context` that records its traffic and the first rows of `targets`. */
export async function meteredTab(context: BrowserContext, targets: RowTarget[]): Promise<TabMeter> {
  const page = await context.newPage();
  page.setDefaultTimeout(TIMEOUT);
  await page.addInitScript({ content: recordFirstRows(targets) });
  const cdp: CDPSession = await context.newCDPSession(page);
  let received = 0;
  const open = new Set<string>();
  const urls = new Map<string, string>();
  const finished: { url: string; bytes: number }[] = [];
  let lastActivity = Date.now();
  cdp.on("Network.requestWillBeSent", (event) => {
    if (event.redirectResponse) {
      received += event.redirectResponse.encodedDataLength;
      finished.push({ url: event.redirectResponse.url, bytes: event.redirectResponse.encodedDataLength });
    }
    open.add(event.requestId);
    urls.set(event.requestId, event.request.url);
    lastActivity = Date.now();
  });
  cdp.on("Network.loadingFinished", (event) => {
    received += event.encodedDataLength;
    finished.push({ url: urls.get(event.requestId) ?? "?", bytes: event.encodedDataLength });
    open.delete(event.requestId);
    lastActivity = Date.now();
  });
  cdp.on("Network.loadingFailed", (event) => {
    open.delete(event.requestId);
    lastActivity = Date.now();
  });
  await cdp.send("Network.enable");

  const firstRows = async () => {
    const deadline = Date.now() + TIMEOUT;
    while (Date.now() < deadline) {
      const times = await page.evaluate(() => window.kcBenchRowsAt).catch(() => undefined);
      if (times && times.every((at) => at !== undefined)) return times as number[];
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`no first row within ${TIMEOUT} ms at ${page.url()}`);
  };
  const settled = async (quietMs = 500, withinMs = 5_000) => {
    const deadline = Date.now() + withinMs;
    while (Date.now() < deadline && (open.size > 0 || Date.now() - lastActivity < quietMs))
      await new Promise((resolve) => setTimeout(resolve, 50));
  };
  const responses = () => [...finished].sort((a, b) => b.bytes - a.bytes);
  return { page, bytes: () => received, responses, firstRows, settled };
}
