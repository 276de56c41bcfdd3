/**
 * Measuring in the page how long rows take to show once the list's answer has arrived: from the request's
 * `responseEnd` (resource timing) to the animation frame in which rows holding a text are in the element's
 * shadow root. Shared by the scale screens benches.
 */
import type { Page } from "playwright-core";

declare global {
  interface Window {
    kcBenchRowsShown?: (tag: string, text: string, requestPart: string) => Promise<RowsShown>;
  }
}

interface RowsShown {
  /** Rows holding the text are in the shadow root (performance.now() of that frame). */
  shownAt: number;
  /** The newest request whose address holds `requestPart`: when its response ended, if there was one. */
  responseEnd: number | undefined;
  /** How many requests whose address holds `requestPart` were made since the timings were cleared. */
  requests: number;
}

/**
 * A string, as in first-paint.ts: checks on every animation frame whether a table row in the
 * element's shadow root holds the text, then reads the matching requests' resource timing.
 */
export const ROWS_SHOWN = `window.kcBenchRowsShown = (tag, text, requestPart) => new Promise((resolve) => {
  const check = () => {
    const rows = document.querySelector(tag)?.shadowRoot?.querySelectorAll("tbody tr") ?? [];
    if (![...rows].some((row) => row.textContent.includes(text))) return requestAnimationFrame(check);
    const shownAt = performance.now();
    const entries = performance.getEntriesByType("resource").filter((e) => e.name.includes(requestPart));
    resolve({ shownAt, responseEnd: entries.at(-1)?.responseEnd, requests: entries.length });
  };
  requestAnimationFrame(check);
});`;

export type Samples = Map<string, number[]>;

export interface RenderTiming {
  /** ms from the response's end to the rows being shown; undefined when no request was made (served from cache). */
  ms: number | undefined;
  requests: number;
}

/** Runs `act` and times the rows holding `text` against the newest request whose address holds `requestPart`. */
export async function timeRows(
  page: Page,
  tag: string,
  text: string,
  requestPart: string,
  act: () => Promise<void>,
): Promise<RenderTiming> {
  await page.evaluate(() => performance.clearResourceTimings());
  const shown = page.evaluate(([t, x, r]) => window.kcBenchRowsShown!(t, x, r), [tag, text, requestPart] as const);
  await act();
  const { shownAt, responseEnd, requests } = await shown;
  return { ms: responseEnd === undefined ? undefined : shownAt - responseEnd, requests };
}

/** As timeRows, the ms only. */
export async function renderAfterResponse(
  page: Page,
  tag: string,
  text: string,
  requestPart: string,
  act: () => Promise<void>,
): Promise<number | undefined> {
  return (await timeRows(page, tag, text, requestPart, act)).ms;
}

export function record(samples: Samples, label: string, ms: number | undefined) {
  if (ms === undefined) return;
  samples.set(label, [...(samples.get(label) ?? []), ms]);
}
