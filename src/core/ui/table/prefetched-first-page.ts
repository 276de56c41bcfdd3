import type { QueryClient } from "@tanstack/react-query";
import { readPageSize } from "./page-size-storage.ts";

/** A prefetched first page is handed over only this soon after it was started; later the table loads afresh. */
const HANDOVER_WITHIN_MS = 10_000;

interface FirstPage {
  startedAt: number;
  max: number;
  rows: Promise<unknown[]>;
  total?: Promise<number>;
  /** Both answers, once they are in: a table mounting then renders its rows at once. */
  settled?: { rows: unknown[]; total?: number };
}

const firstPages = new WeakMap<QueryClient, Map<string, FirstPage>>();

const pagesOf = (queryClient: QueryClient) => {
  let pages = firstPages.get(queryClient);
  if (!pages) firstPages.set(queryClient, (pages = new Map()));
  return pages;
};

/**
 * Starts a table's first page (no search, no sort, the remembered page size) before the table is rendered, for the
 * table with the same `prefetchKey` to take on its first load.
 */
export function prefetchFirstPage<T>(
  queryClient: QueryClient,
  prefetchKey: readonly unknown[],
  tableId: string | undefined,
  load: (first: number, max: number) => Promise<T[]>,
  count?: () => Promise<number>,
): void {
  const max = readPageSize(tableId) + 1;
  const rows = load(0, max);
  const total = count?.();
  // A failure surfaces when the table takes the page; until then it must not count as unhandled.
  rows.catch(() => undefined);
  total?.catch(() => undefined);
  const page: FirstPage = { startedAt: Date.now(), max, rows, total };
  Promise.all([rows, total]).then(
    ([settledRows, settledTotal]) => (page.settled = { rows: settledRows, total: settledTotal }),
    () => undefined,
  );
  pagesOf(queryClient).set(JSON.stringify(prefetchKey), page);
}

/** The prefetched first page for this key and page size, once: later loads (refresh, paging) go to the server. */
export function takeFirstPage<T>(
  queryClient: QueryClient,
  prefetchKey: readonly unknown[],
  max: number,
): { rows: Promise<T[]>; total?: Promise<number> } | undefined {
  const pages = pagesOf(queryClient);
  const key = JSON.stringify(prefetchKey);
  const page = pages.get(key);
  pages.delete(key);
  if (!page || page.max !== max || Date.now() - page.startedAt > HANDOVER_WITHIN_MS) return undefined;
  return page as { rows: Promise<T[]>; total?: Promise<number> };
}

/**
 * Like takeFirstPage, but only a page whose answers are already in (and then its rows and total themselves); with
 * `withTotal`, only one that has its total too. A page not taken stays for takeFirstPage.
 */
export function takeSettledFirstPage<T>(
  queryClient: QueryClient,
  prefetchKey: readonly unknown[],
  max: number,
  withTotal: boolean,
): { rows: T[]; total?: number } | undefined {
  const page = pagesOf(queryClient).get(JSON.stringify(prefetchKey));
  if (!page?.settled || (withTotal && page.settled.total === undefined)) return undefined;
  return takeFirstPage(queryClient, prefetchKey, max) && (page.settled as { rows: T[]; total?: number });
}
