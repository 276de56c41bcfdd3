import { stringify } from "csv-stringify/browser/esm/sync";
import type { ExportSink } from "./export-sink.ts";

export type ExportFormat = "csv" | "json";

/** One exported column: its header and how a row gives its value. */
export interface ExportColumn<T> {
  header: string;
  value(row: T): string | number | undefined;
}

export interface ExportJob<T> {
  format: ExportFormat;
  columns: ExportColumn<T>[];
  /** Reads one page of the search (with usernames resolved). */
  fetchPage(first: number, max: number): Promise<T[]>;
  sink: ExportSink;
  onProgress(exported: number): void;
  signal: AbortSignal;
}

/** Page size of an export's reads. */
export const EXPORT_PAGE_SIZE = 500;

/**
 * Writes every page of a search to the sink, page by page, as CSV (with a header row) or as one
 * JSON array; stops and discards the file when `signal` aborts. Resolves with the number of rows.
 */
export async function exportEvents<T>(job: ExportJob<T>): Promise<number> {
  const { columns, sink, format } = job;
  let exported = 0;
  try {
    if (format === "csv") await sink.write(stringify([columns.map((c) => c.header)]));
    else await sink.write("[");
    for (let first = 0; ; first += EXPORT_PAGE_SIZE) {
      if (job.signal.aborted) throw job.signal.reason;
      const rows = await job.fetchPage(first, EXPORT_PAGE_SIZE);
      if (job.signal.aborted) throw job.signal.reason;
      if (rows.length) {
        const values = rows.map((row) => columns.map((c) => c.value(row) ?? ""));
        if (format === "csv") await sink.write(stringify(values));
        else {
          const objects = values.map((cells) =>
            JSON.stringify(Object.fromEntries(columns.map((c, i) => [c.header, cells[i]]))),
          );
          await sink.write(`${exported ? "," : ""}\n${objects.join(",\n")}`);
        }
      }
      exported += rows.length;
      job.onProgress(exported);
      if (rows.length < EXPORT_PAGE_SIZE) break;
    }
    if (format === "json") await sink.write("\n]\n");
    await sink.close();
    return exported;
  } catch (error) {
    await sink.abort();
    throw error;
  }
}
