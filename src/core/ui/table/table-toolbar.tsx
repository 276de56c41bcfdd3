import { useEffect, useState, type ReactNode } from "react";
import {
  Pagination,
  type PaginationToggleTemplateProps,
} from "@patternfly/react-core/dist/esm/components/Pagination/index.js";
import { SearchInput } from "@patternfly/react-core/dist/esm/components/SearchInput/index.js";
import { Toolbar, ToolbarContent, ToolbarItem } from "@patternfly/react-core/dist/esm/components/Toolbar/index.js";
import { useMessages } from "../../i18n/use-messages.ts";
import { useOverlayRoot } from "../overlays/overlay-root.tsx";
import { PAGE_SIZE_OPTIONS } from "./table-constants.ts";
import type { TablePage } from "./use-table-page.ts";

export interface TablePaginationProps {
  page: Pick<TablePage<unknown>, "first" | "max" | "hasNext" | "total" | "rows" | "setFirst" | "setMax">;
  variant?: "top" | "bottom";
  /** The table's name, so two tables on a page get distinct navigation landmarks. */
  tableLabel?: string;
}

/** Pagination driven by `first`/`max`; without a total the next button follows `hasNext`. */
export function TablePagination({ page, variant = "top", tableLabel }: TablePaginationProps) {
  const { t } = useMessages();
  const overlayRoot = useOverlayRoot();
  const { first, max, hasNext, total, rows } = page;
  const itemCount = total ?? first + rows.length + (hasNext ? 1 : 0);
  const toggleTemplate = ({ firstIndex, lastIndex }: PaginationToggleTemplateProps) => (
    <>
      <b>
        {firstIndex} - {lastIndex}
      </b>
      {total !== undefined && <> / {total}</>}
    </>
  );
  return (
    <Pagination
      variant={variant}
      isCompact={variant === "top"}
      itemCount={itemCount}
      page={Math.floor(first / max) + 1}
      perPage={max}
      perPageOptions={PAGE_SIZE_OPTIONS.map((size) => ({ title: String(size), value: size }))}
      onSetPage={(_event, pageNumber) => page.setFirst((pageNumber - 1) * max)}
      onPerPageSelect={(_event, size) => page.setMax(size)}
      toggleTemplate={toggleTemplate}
      menuAppendTo={overlayRoot}
      titles={{
        paginationAriaLabel: [tableLabel, t("pagination"), variant].filter(Boolean).join(" "),
        perPageSuffix: t("tablePerPage"),
      }}
    />
  );
}

export interface TableToolbarProps {
  page: TablePage<unknown>;
  searchPlaceholder?: string;
  /** Hide the search field (lists the server cannot search). */
  isSearchable?: boolean;
  actions?: ReactNode;
  /** No pagination while there is nothing to page (error, no results). */
  hidePagination?: boolean;
  tableLabel?: string;
}

/** Search (runs on Enter, cleared with the clear button), the table's actions, and pagination. */
export function TableToolbar({
  page,
  searchPlaceholder,
  isSearchable = true,
  actions,
  hidePagination,
  tableLabel,
}: TableToolbarProps) {
  const { t } = useMessages();
  const [text, setText] = useState(page.search);
  useEffect(() => setText(page.search), [page.search]);
  return (
    <Toolbar>
      <ToolbarContent>
        {isSearchable && (
          <ToolbarItem>
            <SearchInput
              aria-label={t("search")}
              placeholder={searchPlaceholder ?? t("search")}
              value={text}
              onChange={(_event, value) => setText(value)}
              onSearch={(_event, value) => page.setSearch(value.trim())}
              onClear={() => {
                setText("");
                page.setSearch("");
              }}
            />
          </ToolbarItem>
        )}
        {actions}
        {!hidePagination && (
          <ToolbarItem variant="pagination">
            <TablePagination page={page} tableLabel={tableLabel} />
          </ToolbarItem>
        )}
      </ToolbarContent>
    </Toolbar>
  );
}
