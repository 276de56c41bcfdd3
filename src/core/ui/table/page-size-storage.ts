import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from "./table-constants.ts";

export const pageSizeStorageKey = (tableId: string) => `kc-table-page-size:${tableId}`;

/** The page size a table was last left at, or the default. */
export function readPageSize(
  tableId: string | undefined,
  storage: Storage | undefined = globalThis.localStorage,
): number {
  if (!tableId) return DEFAULT_PAGE_SIZE;
  try {
    const stored = Number(storage?.getItem(pageSizeStorageKey(tableId)));
    return (PAGE_SIZE_OPTIONS as readonly number[]).includes(stored) ? stored : DEFAULT_PAGE_SIZE;
  } catch {
    return DEFAULT_PAGE_SIZE;
  }
}

export function writePageSize(
  tableId: string | undefined,
  size: number,
  storage: Storage | undefined = globalThis.localStorage,
): void {
  if (!tableId) return;
  try {
    storage?.setItem(pageSizeStorageKey(tableId), String(size));
  } catch {
    /* storage unavailable: the size lasts while the table is shown */
  }
}
