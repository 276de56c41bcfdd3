import type { ReactNode } from "react";

export type SortDirection = "asc" | "desc";

export interface TableSort {
  /** The column's `sortKey` (its `name` unless given). */
  field: string;
  direction: SortDirection;
}

/**
 * Loads one page from the server. `max` is one more than the page size: a full answer means
 * there is a next page. `sort` is set once the user sorts a sortable column.
 */
export type TableLoader<T> = (first: number, max: number, search: string, sort?: TableSort) => Promise<T[]>;

/** Counts every row matching `search` (for the pagination's total). */
export type TableCountLoader = (search: string) => Promise<number>;

export interface TableColumn<T> {
  /** Stable key; also the sort field unless `sortKey` is set. */
  name: string;
  /** Header text (already translated). */
  title: string;
  cell?: (row: T) => ReactNode;
  /** The server can sort on this column. */
  sortable?: boolean;
  sortKey?: string;
  width?: 10 | 15 | 20 | 25 | 30 | 35 | 40 | 45 | 50 | 60 | 70 | 80 | 90 | 100;
}

export interface TableRowAction<T> {
  title: string;
  onAction(row: T, refresh: () => void): void | Promise<void>;
  isDisabled?: (row: T) => boolean;
  /** Leaves the action out for rows it does not apply to (e.g. the server would refuse it for this row). */
  isHidden?: (row: T) => boolean;
  isDanger?: boolean;
}

/** What toolbar actions get: the selected rows and a way to reload the page. */
export interface TableToolbarContext<T> {
  selected: T[];
  refresh(): void;
  clearSelection(): void;
}
