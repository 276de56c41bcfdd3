import { useEffect } from "react";

/** Tells the parent about a DataTable's selection, which otherwise only its toolbar sees. */
export function SelectionReporter<T>({
  selected,
  rowKey,
  onChange,
}: {
  selected: T[];
  rowKey(row: T): string;
  onChange(rows: T[]): void;
}) {
  const keys = selected.map(rowKey).join("\n");
  useEffect(() => onChange(selected), [keys]); // eslint-disable-line react-hooks/exhaustive-deps
  return null;
}
