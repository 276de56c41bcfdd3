import { crc32 } from "node:zlib";
import { TABLE_NAMES, type TableName } from "./types.ts";

/**
 * On-disk format 2. Every line of a snapshot or a write-ahead log is one record:
 * `<CRC-32 of the JSON, 8 lowercase hex digits> <JSON>\n`.
 * A snapshot starts with `{"format":2,"snapshot":<generation>}` and ends with
 * `{"end":true,"records":<count>}`; its other lines are `{"t":table,"r":record}`.
 * A log line is one transaction: a JSON array of operations.
 */
export const FORMAT_VERSION = 2;

/** A put of a whole record, or a delete by id. */
export type Op = ["p", TableName, unknown] | ["d", TableName, string];

export function encodeRecord(json: string): string {
  return `${crc32(json).toString(16).padStart(8, "0")} ${json}\n`;
}

/** One line of a file: bytes [start, end), without its newline; `terminated` is false for a last line with none. */
export interface Line {
  start: number;
  end: number;
  terminated: boolean;
}

export function* linesOf(data: Buffer): Generator<Line> {
  let start = 0;
  while (start < data.length) {
    const newline = data.indexOf(0x0a, start);
    if (newline === -1) {
      yield { start, end: data.length, terminated: false };
      return;
    }
    yield { start, end: newline, terminated: true };
    start = newline + 1;
  }
}

export type Decoded = { ok: true; value: unknown } | { ok: false; problem: string };

/** A format-2 line: checks its checksum, then parses its JSON. */
export function decodeRecord(data: Buffer, line: Line): Decoded {
  const checksum = line.end - line.start >= 10 && data[line.start + 8] === 0x20 ? hexAt(data, line.start) : -1;
  if (checksum < 0) return { ok: false, problem: "no checksum at the start of the line" };
  const payload = data.subarray(line.start + 9, line.end);
  if (crc32(payload) !== checksum) return { ok: false, problem: "checksum mismatch" };
  return parseJson(payload.toString("utf8"));
}

/** The number written as 8 lowercase hex digits at `at`, or -1. */
function hexAt(data: Buffer, at: number): number {
  let value = 0;
  for (let i = at; i < at + 8; i++) {
    const c = data[i];
    const digit = c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x61 && c <= 0x66 ? c - 0x57 : -1;
    if (digit < 0) return -1;
    value = value * 16 + digit;
  }
  return value;
}

/** A line of the format before checksums (plain JSON). */
export function decodeLegacyRecord(data: Buffer, line: Line): Decoded {
  return parseJson(data.toString("utf8", line.start, line.end));
}

function parseJson(text: string): Decoded {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, problem: "not valid JSON" };
  }
}

const tables = new Set<string>(TABLE_NAMES);

const isRecord = (value: unknown): value is { id: string } =>
  typeof value === "object" && value !== null && typeof (value as { id?: unknown }).id === "string";

/** The operations of a log line, or why it is not one. */
export function asTransaction(value: unknown): Op[] | string {
  if (!Array.isArray(value)) return "not a list of operations";
  for (const op of value) {
    if (!Array.isArray(op) || !tables.has(op[1])) return "an operation on an unknown table";
    if (!(op[0] === "p" && isRecord(op[2])) && !(op[0] === "d" && typeof op[2] === "string"))
      return "a malformed operation";
  }
  return value as Op[];
}

/** A snapshot line's table and record, or why it is not one. */
export function asSnapshotEntry(value: unknown): { t: TableName; r: unknown } | string {
  const entry = value as { t?: unknown; r?: unknown } | null;
  if (typeof entry !== "object" || entry === null || !tables.has(entry.t as string))
    return "a record of no known table";
  if (!isRecord(entry.r)) return "a record without an id";
  return entry as { t: TableName; r: unknown };
}
