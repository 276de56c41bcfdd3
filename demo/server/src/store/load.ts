import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  asSnapshotEntry,
  asTransaction,
  decodeLegacyRecord,
  decodeRecord,
  FORMAT_VERSION,
  linesOf,
  type Decoded,
  type Line,
  type Op,
} from "./record-format.ts";
import { damagedLog, damagedSnapshot, missingLog, missingSnapshot, notAStore } from "./data-folder-error.ts";

/** The last record of a log, cut off by a crash before it was acknowledged. */
export interface TornTail {
  file: string;
  offset: number;
  bytes: Buffer;
}

export interface Loaded {
  /** Generation of the snapshot loaded; 0 for an empty folder. */
  generation: number;
  /** The files had no checksums (written before format 2). */
  legacy: boolean;
  tornTail?: TornTail;
}

const generationOf = (file: string, kind: "snapshot" | "wal") =>
  Number(new RegExp(`^${kind}-(\\d+)\\.jsonl$`).exec(file)?.[1] ?? NaN);

/**
 * Reads the newest snapshot and replays its log through `apply`. Only reads:
 * whatever it finds wrong, it throws a DataFolderError and leaves every file
 * as it was. The one thing it tolerates is a final log record that a crash
 * mid-append cut off (no newline, or zero bytes where data never landed); that
 * record is returned as `tornTail` and not applied.
 */
export function loadDataFolder(dir: string, apply: (op: Op) => void): Loaded {
  const entries = readdirSync(dir).sort();
  const snapshots = entries.map((f) => generationOf(f, "snapshot")).filter((g) => !Number.isNaN(g));
  const logs = entries.map((f) => generationOf(f, "wal")).filter((g) => !Number.isNaN(g));
  if (snapshots.length === 0) {
    if (entries.length === 0) return { generation: 0, legacy: false };
    if (logs.length > 0)
      throw missingSnapshot(
        dir,
        `it holds the write-ahead log wal-${Math.max(...logs)}.jsonl but no snapshot, which the log's writes build on.`,
      );
    throw notAStore(dir, entries);
  }
  const generation = Math.max(...snapshots);
  const orphan = logs.find((g) => g > generation);
  if (orphan !== undefined)
    throw missingSnapshot(
      dir,
      `it holds the write-ahead log wal-${orphan}.jsonl but not snapshot-${orphan}.jsonl, which the log's writes build on.`,
    );

  const snapshotFile = `snapshot-${generation}.jsonl`;
  const logFile = `wal-${generation}.jsonl`;
  const snapshot = readFileSync(join(dir, snapshotFile));
  const log = existsSync(join(dir, logFile)) ? readFileSync(join(dir, logFile)) : undefined;
  // The server before format 2 wrote plain JSON lines; its first start left an empty snapshot-1 and the data in wal-1.
  const legacy = snapshot.length > 0 ? snapshot[0] === 0x7b : generation === 1 && log?.[0] === 0x5b;
  if (legacy) loadLegacySnapshot(dir, snapshotFile, snapshot, apply);
  else loadSnapshot(dir, snapshotFile, snapshot, generation, apply);

  if (!log) {
    // A crash between writing a snapshot and creating its log leaves the older generation's files behind.
    if (snapshots.some((g) => g < generation) || logs.some((g) => g < generation)) return { generation, legacy };
    throw missingLog(dir, logFile);
  }
  const tornTail = replayLog(dir, logFile, log, legacy ? decodeLegacyRecord : decodeRecord, apply);
  return { generation, legacy, tornTail };
}

function loadSnapshot(dir: string, file: string, data: Buffer, generation: number, apply: (op: Op) => void): void {
  if (data.length === 0) throw damagedSnapshot(dir, file, 0, "the file is empty");
  let count = 0;
  let index = 0;
  for (const line of linesOf(data)) {
    if (!line.terminated)
      throw damagedSnapshot(dir, file, line.start, "the file ends inside this record: it is truncated");
    const decoded = decodeRecord(data, line);
    if (!decoded.ok) throw damagedSnapshot(dir, file, line.start, describe(decoded.problem, line));
    const value = decoded.value as Record<string, unknown>;
    if (index++ === 0) {
      if (value?.format !== FORMAT_VERSION || value.snapshot !== generation)
        throw damagedSnapshot(
          dir,
          file,
          0,
          `its header is not that of a format-${FORMAT_VERSION} snapshot-${generation}`,
        );
      continue;
    }
    if (value?.end === true) {
      if (value.records !== count)
        throw damagedSnapshot(
          dir,
          file,
          line.start,
          `it ends after ${count} records, its end record says ${value.records}`,
        );
      if (line.end + 1 !== data.length) throw damagedSnapshot(dir, file, line.end + 1, "bytes follow its end record");
      return;
    }
    const entry = asSnapshotEntry(value);
    if (typeof entry === "string") throw damagedSnapshot(dir, file, line.start, entry);
    apply(["p", entry.t, entry.r]);
    count++;
  }
  throw damagedSnapshot(dir, file, data.length, "the file ends without its end record: it is truncated");
}

function loadLegacySnapshot(dir: string, file: string, data: Buffer, apply: (op: Op) => void): void {
  for (const line of linesOf(data)) {
    const decoded = decodeLegacyRecord(data, line);
    const entry = decoded.ok ? asSnapshotEntry(decoded.value) : describe(decoded.problem, line);
    if (typeof entry === "string") throw damagedSnapshot(dir, file, line.start, entry);
    apply(["p", entry.t, entry.r]);
  }
}

function replayLog(
  dir: string,
  file: string,
  data: Buffer,
  decode: (data: Buffer, line: Line) => Decoded,
  apply: (op: Op) => void,
): TornTail | undefined {
  for (const line of linesOf(data)) {
    const decoded = decode(data, line);
    const ops = decoded.ok ? asTransaction(decoded.value) : describe(decoded.problem, line);
    if (typeof ops !== "string" && line.terminated) {
      for (const op of ops) apply(op);
      continue;
    }
    // A crash mid-append leaves the record without its newline, or padded with zero bytes where data never landed.
    const last = line.end + 1 === data.length;
    if (!line.terminated || (last && data.subarray(line.start, line.end).includes(0)))
      return { file, offset: line.start, bytes: data.subarray(line.start) };
    const recordsAfter = [...linesOf(data.subarray(line.end + 1))].length;
    const whyNotTorn = last
      ? "it is the last record, yet whole: it ends with its newline and holds no zero bytes"
      : `${recordsAfter} more record(s) follow it`;
    throw damagedLog(dir, file, line.start, ops as string, whyNotTorn, data.length - line.start);
  }
  return undefined;
}

const describe = (problem: string, line: Line) =>
  line.end === line.start ? "an empty line" : line.terminated ? problem : `${problem}; the line has no end`;
