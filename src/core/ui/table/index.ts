export { DataTable, type DataTableProps } from "./data-table.tsx";
export { ChipGroupList, type ChipGroupListProps } from "./chip-group-list.tsx";
export { TableEmptyState, TableNoResultsState, TableErrorState, type TableEmptyStateProps } from "./table-states.tsx";
export { TablePagination, TableToolbar } from "./table-toolbar.tsx";
export { useTablePage, type TablePage } from "./use-table-page.ts";
export { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS, CHIP_GROUP_LIMIT } from "./table-constants.ts";
export { pageSizeStorageKey } from "./page-size-storage.ts";
export { prefetchFirstPage } from "./prefetched-first-page.ts";
export type {
  TableColumn,
  TableLoader,
  TableCountLoader,
  TableRowAction,
  TableSort,
  TableToolbarContext,
  SortDirection,
} from "./table-types.ts";
