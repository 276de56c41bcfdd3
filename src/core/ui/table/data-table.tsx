import { Fragment, isValidElement, useState, type ReactNode } from "react";
import {
  Table,
  Tbody,
  Td,
  Th,
  Thead,
  Tr,
  ExpandableRowContent,
} from "@patternfly/react-table/dist/esm/components/Table/index.js";
import { useMessages } from "../../i18n/use-messages.ts";
import { ValueBoundary } from "../boundaries/value-boundary.tsx";
import { LoadingSpinner } from "../layout/loading-spinner.tsx";
import { displayText } from "../text/display-text.ts";
import { ExpandedRowDetail } from "./expanded-row-detail.tsx";
import { RowActionsMenu } from "./row-actions-menu.tsx";
import { TableEmptyState, TableErrorState, TableNoResultsState, type TableEmptyStateProps } from "./table-states.tsx";
import { TablePagination, TableToolbar } from "./table-toolbar.tsx";
import type { TableColumn, TableCountLoader, TableLoader, TableRowAction, TableToolbarContext } from "./table-types.ts";
import { useTablePage, type TablePage } from "./use-table-page.ts";
import "./table-messages.ts";
import "./data-table.css";

export interface DataTableProps<T> {
  /** Remembers the page size under this id (localStorage). */
  tableId?: string;
  /** Accessible name of the table. */
  ariaLabel: string;
  loader: TableLoader<T>;
  countLoader?: TableCountLoader;
  columns: TableColumn<T>[];
  /** Identifies a row (selection, expansion, React keys). */
  rowKey(row: T): string;
  rowActions?: TableRowAction<T>[];
  /** Toolbar content; gets the selected rows when `canSelect` is on. */
  toolbarActions?: (context: TableToolbarContext<T>) => ReactNode;
  canSelect?: boolean;
  /** Fetches an expanded row's detail; called on expand only. */
  loadDetail?: (row: T) => Promise<ReactNode>;
  isSearchable?: boolean;
  searchPlaceholder?: string;
  /** What to show when there are no rows and nothing is searched. */
  emptyState?: TableEmptyStateProps;
  /** Replaces the whole empty state (e.g. a catalogue to start from). */
  emptyContent?: ReactNode;
  /** Change it to reload the current page (e.g. after a mutation elsewhere). */
  refreshKey?: unknown;
  /** The first load takes the page prefetchFirstPage started under this key, if any. */
  prefetchKey?: readonly unknown[];
  /** A filter outside the search box is set: no rows then shows the no-results state, whose clear calls `onClearFilters`. */
  isFiltered?: boolean;
  onClearFilters?: () => void;
}

/**
 * A server-paged table: search, page size (remembered), sortable columns, row kebab actions,
 * multi-select with toolbar actions, expandable rows, and its loading/empty/no-results/error states.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { t } = useMessages();
  const page = useTablePage(props.loader, props.countLoader, props.tableId, props.refreshKey, props.prefetchKey);
  const [selected, setSelected] = useState<Map<string, T>>(new Map());
  const clearSelection = () => setSelected(new Map());
  const refresh = () => {
    clearSelection();
    page.refresh();
  };
  const toolbarActions = props.toolbarActions?.({ selected: [...selected.values()], refresh, clearSelection });
  const isEmpty = !page.isLoading && !page.error && page.rows.length === 0 && page.first === 0;

  if (isEmpty && !page.search && !props.isFiltered)
    return props.emptyContent ?? <TableEmptyState {...props.emptyState} />;
  const hasRows = !page.error && page.rows.length > 0;
  return (
    <>
      <TableToolbar
        page={page as TablePage<unknown>}
        isSearchable={props.isSearchable}
        searchPlaceholder={props.searchPlaceholder}
        actions={toolbarActions}
        hidePagination={!!page.error || isEmpty}
        tableLabel={props.ariaLabel}
      />
      {page.error ? (
        <TableErrorState error={page.error} onRetry={page.refresh} />
      ) : page.isLoading ? (
        <LoadingSpinner label={t("tableLoading")} />
      ) : isEmpty ? (
        <TableNoResultsState
          onClear={() => {
            props.onClearFilters?.();
            page.setSearch("");
          }}
        />
      ) : (
        <DataTableBody {...props} page={page} selected={selected} setSelected={setSelected} refresh={refresh} />
      )}
      {hasRows && <TablePagination page={page as TablePage<unknown>} variant="bottom" tableLabel={props.ariaLabel} />}
    </>
  );
}

/** One cell, rendered as its own component so that a throw in `column.cell` stays in this cell. */
/** The row's actions that apply to it. */
const shownActions = <T,>(actions: TableRowAction<T>[], row: T) => actions.filter((action) => !action.isHidden?.(row));

function CellValue<T>({ row, column }: { row: T; column: TableColumn<T> }) {
  if (!column.cell) return <bdi>{displayText((row as Record<string, unknown>)[column.name])}</bdi>;
  const content: unknown = column.cell(row);
  // A field handed back as it came from the server may be an object; React cannot render that.
  const isPlainObject = typeof content === "object" && content !== null && !Array.isArray(content);
  if (isPlainObject && !isValidElement(content)) return <bdi>{displayText(content)}</bdi>;
  // Data keeps its own direction in a right-to-left console ("/Engineering" stays as written).
  if (typeof content === "string") return <bdi>{content}</bdi>;
  return <>{content as ReactNode}</>;
}

interface DataTableBodyProps<T> extends DataTableProps<T> {
  page: TablePage<T>;
  selected: Map<string, T>;
  setSelected(selected: Map<string, T>): void;
  refresh(): void;
}

function DataTableBody<T>({
  page,
  columns,
  rowKey,
  rowActions,
  canSelect,
  loadDetail,
  ariaLabel,
  selected,
  setSelected,
  refresh,
}: DataTableBodyProps<T>) {
  const { t } = useMessages();
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const allSelected = page.rows.length > 0 && page.rows.every((row) => selected.has(rowKey(row)));
  const toggleRow = (row: T, isSelecting: boolean) => {
    const next = new Map(selected);
    if (isSelecting) next.set(rowKey(row), row);
    else next.delete(rowKey(row));
    setSelected(next);
  };
  const toggleAll = (isSelecting: boolean) => {
    const next = new Map(selected);
    for (const row of page.rows) {
      if (isSelecting) next.set(rowKey(row), row);
      else next.delete(rowKey(row));
    }
    setSelected(next);
  };
  const toggleExpanded = (key: string) => {
    const next = new Set(expanded);
    if (!next.delete(key)) next.add(key);
    setExpanded(next);
  };
  const sortIndex = columns.findIndex((column) => (column.sortKey ?? column.name) === page.sort?.field);
  const columnCount = columns.length + (canSelect ? 1 : 0) + (loadDetail ? 1 : 0) + (rowActions ? 1 : 0);

  const rowCells = (row: T, rowIndex: number) => {
    const key = rowKey(row);
    return (
      <Tr key={key} data-row-key={key}>
        {loadDetail && (
          <Td
            expand={{
              rowIndex,
              isExpanded: expanded.has(key),
              onToggle: () => toggleExpanded(key),
              expandId: `expand-${key}`,
            }}
            aria-label={t("tableExpandRow", { index: rowIndex + 1 })}
          />
        )}
        {canSelect && (
          <Td
            select={{
              rowIndex,
              isSelected: selected.has(key),
              onSelect: (_event, isSelecting) => toggleRow(row, isSelecting),
            }}
          />
        )}
        {columns.map((column) => (
          <Td key={column.name} dataLabel={column.title}>
            <ValueBoundary resetKey={row}>
              <CellValue row={row} column={column} />
            </ValueBoundary>
          </Td>
        ))}
        {rowActions && (
          <Td isActionCell>
            {shownActions(rowActions, row).length > 0 && (
              <RowActionsMenu
                row={row}
                actions={shownActions(rowActions, row)}
                refresh={refresh}
                aria-label={`${t("tableRowActions")} ${rowIndex + 1}`}
              />
            )}
          </Td>
        )}
      </Tr>
    );
  };

  return (
    <Table aria-label={ariaLabel} variant="compact" isExpandable={!!loadDetail} className="kc-data-table">
      <Thead>
        <Tr>
          {loadDetail && <Th screenReaderText={t("tableExpandRow", { index: "" })} />}
          {canSelect && (
            <Th
              select={{ onSelect: (_event, isSelecting) => toggleAll(isSelecting), isSelected: allSelected }}
              aria-label={t("tableSelectAll")}
            />
          )}
          {columns.map((column, columnIndex) => (
            <Th
              key={column.name}
              width={column.width}
              sort={
                column.sortable
                  ? {
                      columnIndex,
                      sortBy: { index: sortIndex >= 0 ? sortIndex : undefined, direction: page.sort?.direction },
                      onSort: (_event, _index, direction) =>
                        page.setSort({ field: column.sortKey ?? column.name, direction }),
                    }
                  : undefined
              }
            >
              {column.title}
            </Th>
          ))}
          {rowActions && <Th screenReaderText={t("tableRowActions")} />}
        </Tr>
      </Thead>
      {loadDetail ? (
        page.rows.map((row, rowIndex) => {
          const key = rowKey(row);
          const isExpanded = expanded.has(key);
          return (
            <Tbody key={key} isExpanded={isExpanded}>
              {rowCells(row, rowIndex)}
              {isExpanded && (
                <Tr isExpanded>
                  <Td colSpan={columnCount}>
                    <ExpandableRowContent>
                      <ValueBoundary resetKey={row}>
                        <ExpandedRowDetail row={row} load={loadDetail} />
                      </ValueBoundary>
                    </ExpandableRowContent>
                  </Td>
                </Tr>
              )}
            </Tbody>
          );
        })
      ) : (
        <Tbody>
          {page.rows.map((row, rowIndex) => (
            <Fragment key={rowKey(row)}>{rowCells(row, rowIndex)}</Fragment>
          ))}
        </Tbody>
      )}
    </Table>
  );
}
