import { useCallback, useContext, useEffect, useRef, useState } from "react";
import { QueryClientContext } from "@tanstack/react-query";
import { readPageSize, writePageSize } from "./page-size-storage.ts";
import { takeFirstPage, takeSettledFirstPage } from "./prefetched-first-page.ts";
import type { TableCountLoader, TableLoader, TableSort } from "./table-types.ts";

export interface TablePage<T> {
  rows: T[];
  first: number;
  max: number;
  search: string;
  sort?: TableSort;
  hasNext: boolean;
  total?: number;
  isLoading: boolean;
  error?: unknown;
  setFirst(first: number): void;
  setMax(max: number): void;
  setSearch(search: string): void;
  setSort(sort: TableSort): void;
  refresh(): void;
}

/**
 * Server paging: asks the loader for `max + 1` rows from `first` and keeps `max`; the extra row
 * only says whether a next page exists. The page size is remembered per `tableId`. With `prefetchKey`, the first load
 * takes the page prefetchFirstPage started for that key, when there is one.
 */
export function useTablePage<T>(
  loader: TableLoader<T>,
  countLoader: TableCountLoader | undefined,
  tableId: string | undefined,
  refreshKey?: unknown,
  prefetchKey?: readonly unknown[],
): TablePage<T> {
  const queryClient = useContext(QueryClientContext);
  const isFirstLoad = useRef(true);
  const [first, setFirst] = useState(0);
  const [max, setMaxState] = useState(() => readPageSize(tableId));
  const [search, setSearchState] = useState("");
  const [sort, setSortState] = useState<TableSort>();
  const [reloads, setReloads] = useState(0);
  // A prefetched first page that has already arrived is shown in the first render, without a loading pass.
  const [settledFirstPage] = useState(() =>
    prefetchKey && queryClient ? takeSettledFirstPage<T>(queryClient, prefetchKey, max + 1, !!countLoader) : undefined,
  );
  const [state, setState] = useState<{
    rows: T[];
    hasNext: boolean;
    total?: number;
    isLoading: boolean;
    error?: unknown;
  }>(() =>
    settledFirstPage
      ? {
          rows: settledFirstPage.rows.slice(0, max),
          hasNext: settledFirstPage.rows.length > max,
          total: settledFirstPage.total,
          isLoading: false,
        }
      : { rows: [], hasNext: false, isLoading: true },
  );

  useEffect(() => {
    if (isFirstLoad.current && settledFirstPage) {
      isFirstLoad.current = false;
      return;
    }
    let current = true;
    setState((previous) => ({ ...previous, isLoading: true, error: undefined }));
    const prefetched =
      isFirstLoad.current && prefetchKey && queryClient && first === 0 && !search && !sort
        ? takeFirstPage<T>(queryClient, prefetchKey, max + 1)
        : undefined;
    isFirstLoad.current = false;
    Promise.all(
      prefetched
        ? [prefetched.rows, countLoader ? (prefetched.total ?? countLoader(search)) : undefined]
        : [loader(first, max + 1, search, sort), countLoader?.(search)],
    )
      .then(([page, total]) => {
        if (current) setState({ rows: page.slice(0, max), hasNext: page.length > max, total, isLoading: false });
      })
      .catch((error: unknown) => {
        if (current) setState({ rows: [], hasNext: false, isLoading: false, error });
      });
    return () => {
      current = false;
    };
    // The loader is usually an inline function: reload on the inputs, not on its identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [first, max, search, sort, reloads, refreshKey]);

  const setMax = useCallback(
    (size: number) => {
      writePageSize(tableId, size);
      setMaxState(size);
      setFirst(0);
    },
    [tableId],
  );
  const setSearch = useCallback((text: string) => {
    setSearchState(text);
    setFirst(0);
  }, []);
  const setSort = useCallback((next: TableSort) => {
    setSortState(next);
    setFirst(0);
  }, []);
  const refresh = useCallback(() => setReloads((count) => count + 1), []);

  return { ...state, first, max, search, sort, setFirst, setMax, setSearch, setSort, refresh };
}
