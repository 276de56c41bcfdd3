import type { ReactNode } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import { Table, Tbody, Td, Th, Thead, Tr } from "@patternfly/react-table/dist/esm/components/Table/index.js";
import { LoadingSpinner } from "../../core/ui/layout/loading-spinner.tsx";
import { TableEmptyState, TableErrorState } from "../../core/ui/table/index.ts";
import "./users-tables.css";

export interface SimpleColumn<T> {
  title: string;
  cell(row: T): ReactNode;
}

/**
 * A user's short, unpaged lists (consents, links, sessions, organizations: the server answers
 * them whole): loading, error with retry, empty state, and the rows.
 */
export function SimpleList<T>({
  query,
  ariaLabel,
  columns,
  rowKey,
  empty,
  actions,
}: {
  query: UseQueryResult<T[]>;
  ariaLabel: string;
  columns: SimpleColumn<T>[];
  rowKey(row: T): string;
  empty: { title: string; message: string };
  actions?: (row: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingSpinner />;
  if (query.error) return <TableErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const rows = query.data ?? [];
  if (rows.length === 0) return <TableEmptyState title={empty.title} message={empty.message} />;
  return (
    <Table aria-label={ariaLabel} variant="compact" className="kc-users-table">
      <Thead>
        <Tr>
          {columns.map((column) => (
            <Th key={column.title}>{column.title}</Th>
          ))}
          {actions && <Th screenReaderText={ariaLabel} />}
        </Tr>
      </Thead>
      <Tbody>
        {rows.map((row) => (
          <Tr key={rowKey(row)}>
            {columns.map((column) => (
              <Td key={column.title} dataLabel={column.title}>
                {column.cell(row)}
              </Td>
            ))}
            {actions && <Td isActionCell>{actions(row)}</Td>}
          </Tr>
        ))}
      </Tbody>
    </Table>
  );
}
