import { mkdirSync, readdirSync, renameSync, rmSync, openSync, writeSync, fsyncSync, closeSync } from "node:fs";
import { open, type FileHandle } from "node:fs/promises";
import { join } from "node:path";
import { TABLE_NAMES, type TableName, type Tables } from "./types.ts";
import { encodeRecord, FORMAT_VERSION, type Op } from "./record-format.ts";
import { loadDataFolder, type TornTail } from "./load.ts";

/** A write transaction: collects puts and deletes, applied together when the callback returns. */
export class Tx {
  readonly ops: Op[] = [];
  put<T extends TableName>(table: T, record: Tables[T]): Tables[T] {
    this.ops.push(["p", table, record]);
    return record;
  }
  delete(table: TableName, id: string): void {
    this.ops.push(["d", table, id]);
  }
}

/** Told about every record put (`record` set) or deleted (`record` undefined), after the change is applied. */
export type ChangeListener<T> = (id: string, record: T | undefined, previousRealmId: string | undefined) => void;

interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * In-memory tables with durable writes.
 *
 * Every transaction is appended to a write-ahead log as one checksummed line
 * (record-format.ts) and fsynced before `write()` resolves; concurrent
 * transactions share one fsync. On open, the newest snapshot is loaded and the
 * log replayed (load.ts): damage anywhere stops the start with every file left
 * as it was, except a torn final log record (a crash mid-append, never
 * acknowledged), which is dropped, reported and kept aside. Only after such a
 * clean load is a new snapshot written to a temporary file, fsynced and
 * renamed, so the store on disk is always loadable.
 */
export class Db {
  private readonly tables = new Map<TableName, Map<string, unknown>>();
  private readonly byRealm = new Map<TableName, Map<string, Map<string, unknown>>>();
  private pending: string[] = [];
  private waiters: Waiter[] = [];
  private flushing = false;
  private wal: FileHandle | undefined;
  /** Bytes of the log that are on disk; a failed append is cut back to this. */
  private walLength = 0;
  /** Set when a failed append could not be cut back: the log's end is unknown, so no further write is accepted. */
  private walBroken: unknown;
  private readonly listeners = new Map<TableName, ChangeListener<unknown>[]>();
  /**
   * Records kept apart from their table (never indexed, listed, counted or told to listeners), by table, with the
   * test that picks them and whether they are also written to disk.
   */
  private readonly transient = new Map<
    TableName,
    { holds: (id: string) => boolean; records: Map<string, unknown>; durable: boolean }
  >();

  private constructor(private readonly dir: string | undefined) {
    for (const name of TABLE_NAMES) {
      this.tables.set(name, new Map());
      this.byRealm.set(name, new Map());
    }
  }

  /** A store that keeps nothing on disk (unit tests). */
  static memory(): Db {
    return new Db(undefined);
  }

  static async open(dir: string): Promise<Db> {
    mkdirSync(dir, { recursive: true });
    const db = new Db(dir);
    const loaded = loadDataFolder(dir, (op) => db.apply(op));
    if (loaded.tornTail) db.keepTornTail(loaded.tornTail);
    await db.compact(loaded.generation + 1);
    if (loaded.legacy) console.log(`Data folder ${dir}: converted to format ${FORMAT_VERSION} (checksummed records).`);
    return db;
  }

  get<T extends TableName>(table: T, id: string): Tables[T] | undefined {
    const transient = this.transient.get(table);
    if (transient?.holds(id)) return transient.records.get(id) as Tables[T] | undefined;
    return this.tables.get(table)!.get(id) as Tables[T] | undefined;
  }

  /**
   * Keeps the records of `table` whose id passes `holds` in memory only: `get` finds them and writes replace or
   * delete them, but they are never written to disk, listed, counted or told to listeners (users a directory
   * serves without import, as Keycloak's in-memory user adapter).
   */
  keepTransient(table: TableName, holds: (id: string) => boolean): void {
    this.transient.set(table, { holds, records: new Map(), durable: false });
  }

  /**
   * As keepTransient, but the records are written to disk and read back when the store opens (users a directory
   * serves without import: Keycloak keeps their local data — role mappings, groups, required actions, credentials —
   * in its federated storage). Records of the table already loaded that pass `holds` move out of its lists.
   */
  keepUnlisted(table: TableName, holds: (id: string) => boolean): void {
    const records = new Map<string, unknown>();
    for (const [id, record] of this.tables.get(table)!) {
      if (!holds(id)) continue;
      records.set(id, record);
      this.apply(["d", table, id] as Op);
    }
    this.transient.set(table, { holds, records, durable: true });
  }

  /** The ids of a table's transient or unlisted records that pass `picks`. */
  unlistedIds(table: TableName, picks: (id: string) => boolean): string[] {
    return [...(this.transient.get(table)?.records.keys() ?? [])].filter(picks);
  }

  /** Records of one realm, in insertion order. */
  list<T extends TableName>(table: T, realmId: string): Tables[T][] {
    const records = this.byRealm.get(table)!.get(realmId);
    return records ? ([...records.values()] as Tables[T][]) : [];
  }

  /** Iterate the records of one realm without copying them. */
  iterate<T extends TableName>(table: T, realmId: string): IterableIterator<Tables[T]> {
    const records = this.byRealm.get(table)!.get(realmId);
    return (records ? records.values() : new Map().values()) as IterableIterator<Tables[T]>;
  }

  count(table: TableName, realmId: string): number {
    return this.byRealm.get(table)!.get(realmId)?.size ?? 0;
  }

  all<T extends TableName>(table: T): Tables[T][] {
    return [...this.tables.get(table)!.values()] as Tables[T][];
  }

  /** Keeps a derived index in step with a table (called synchronously on every put and delete, also during load). */
  subscribe<T extends TableName>(table: T, listener: ChangeListener<Tables[T]>): () => void {
    const list = this.listeners.get(table) ?? [];
    list.push(listener as ChangeListener<unknown>);
    this.listeners.set(table, list);
    return () => list.splice(list.indexOf(listener as ChangeListener<unknown>), 1);
  }

  /**
   * Run `change` and make what it puts and deletes durable. The change is
   * visible to reads as soon as `change` returns; the promise resolves once it
   * is on disk. If `change` throws, or what it puts cannot be written as a log
   * record (too deep, a value JSON has no form for), nothing is applied: the
   * record is encoded before memory changes.
   */
  async write<R>(change: (tx: Tx) => R): Promise<R> {
    const tx = new Tx();
    const result = change(tx);
    const logged = tx.ops.filter((op) => this.transientOf(op)?.durable !== false);
    if (logged.length && this.walBroken) throw this.walBroken;
    const record = logged.length ? encodeRecord(JSON.stringify(logged)) : undefined;
    for (const op of tx.ops) if (!this.applyTransient(op)) this.apply(op);
    if (!record) return result;
    if (!this.dir) return result;
    this.pending.push(record);
    await new Promise<void>((resolve, reject) => {
      this.waiters.push({ resolve, reject });
      if (!this.flushing) setImmediate(() => void this.flush());
    });
    return result;
  }

  async close(): Promise<void> {
    while (this.flushing || this.pending.length) await new Promise((r) => setTimeout(r, 5));
    await this.wal?.close();
    this.wal = undefined;
  }

  /** The transient (or unlisted) keeping of an op's record; undefined when the op is for the tables. */
  private transientOf(op: Op) {
    const transient = this.transient.get(op[1]);
    const id = op[0] === "p" ? (op[2] as { id: string }).id : op[2];
    return transient?.holds(id) ? transient : undefined;
  }

  /** Applies an op on a transient record; false when the op is for the tables. */
  private applyTransient(op: Op): boolean {
    const transient = this.transientOf(op);
    const id = op[0] === "p" ? (op[2] as { id: string }).id : op[2];
    if (!transient) return false;
    if (op[0] === "p") transient.records.set(id, op[2]);
    else transient.records.delete(id);
    return true;
  }

  private apply(op: Op): void {
    const table = this.tables.get(op[1])!;
    const realmIndex = this.byRealm.get(op[1])!;
    if (op[0] === "p") {
      const record = op[2] as { id: string; realmId?: string };
      const previous = table.get(record.id) as { realmId?: string } | undefined;
      if (previous?.realmId && previous.realmId !== record.realmId) realmIndex.get(previous.realmId)?.delete(record.id);
      table.set(record.id, record);
      if (record.realmId) {
        let records = realmIndex.get(record.realmId);
        if (!records) realmIndex.set(record.realmId, (records = new Map()));
        records.set(record.id, record);
      }
      this.notify(op[1], record.id, record, previous?.realmId);
    } else {
      const previous = table.get(op[2]) as { realmId?: string } | undefined;
      if (!previous) return;
      table.delete(op[2]);
      if (previous.realmId) realmIndex.get(previous.realmId)?.delete(op[2]);
      this.notify(op[1], op[2], undefined, previous.realmId);
    }
  }

  private notify(table: TableName, id: string, record: unknown, previousRealmId: string | undefined): void {
    const list = this.listeners.get(table);
    if (list) for (const listener of list) listener(id, record, previousRealmId);
  }

  private async flush(): Promise<void> {
    if (this.flushing) return;
    this.flushing = true;
    while (this.pending.length) {
      const lines = this.pending;
      const waiters = this.waiters;
      this.pending = [];
      this.waiters = [];
      const chunk = Buffer.from(lines.join(""));
      try {
        const { bytesWritten } = await this.wal!.write(chunk);
        if (bytesWritten !== chunk.length)
          throw new Error(`Short write to the write-ahead log: ${bytesWritten} of ${chunk.length} bytes`);
        await this.wal!.datasync();
        this.walLength += chunk.length;
        for (const w of waiters) w.resolve();
      } catch (error) {
        // Appends after a partial one would sit behind a damaged record; cut the log back to its last good end.
        await this.wal!.truncate(this.walLength).catch(() => (this.walBroken = error));
        for (const w of waiters) w.reject(error);
      }
    }
    this.flushing = false;
  }

  /** Saves the bytes of a dropped torn record beside the log, as evidence, and says so on stderr. */
  private keepTornTail(tail: TornTail): void {
    const keptPath = join(this.dir!, `${tail.file}.torn-tail`);
    const fd = openSync(keptPath, "w");
    writeSync(fd, tail.bytes);
    fsyncSync(fd);
    closeSync(fd);
    console.error(
      `Data folder ${this.dir}: dropped the torn final record of ${join(this.dir!, tail.file)} at byte ` +
        `${tail.offset} (${tail.bytes.length} bytes; a write cut off by a crash before it was acknowledged). ` +
        `Its bytes are kept in ${keptPath}.`,
    );
  }

  /** Writes every table into snapshot-{generation}, starts an empty log for it and removes older files. */
  private async compact(generation: number): Promise<void> {
    const dir = this.dir!;
    for (const f of readdirSync(dir)) if (f.endsWith(".tmp")) rmSync(join(dir, f));
    const finalPath = join(dir, `snapshot-${generation}.jsonl`);
    const tmpPath = finalPath + ".tmp";
    const fd = openSync(tmpPath, "w");
    let chunk: string[] = [encodeRecord(JSON.stringify({ format: FORMAT_VERSION, snapshot: generation }))];
    let size = 0;
    let count = 0;
    const flushChunk = () => {
      if (chunk.length) writeSync(fd, chunk.join(""));
      chunk = [];
      size = 0;
    };
    for (const [name, table] of this.tables) {
      if (name === "authCodes") continue;
      for (const record of table.values()) {
        const line = encodeRecord(JSON.stringify({ t: name, r: record }));
        chunk.push(line);
        size += line.length;
        count++;
        if (size > 1 << 20) flushChunk();
      }
    }
    chunk.push(encodeRecord(JSON.stringify({ end: true, records: count })));
    flushChunk();
    fsyncSync(fd);
    closeSync(fd);
    renameSync(tmpPath, finalPath);
    const walFd = openSync(join(dir, `wal-${generation}.jsonl`), "w");
    fsyncSync(walFd);
    closeSync(walFd);
    const dirFd = openSync(dir, "r");
    fsyncSync(dirFd);
    closeSync(dirFd);
    for (const f of readdirSync(dir)) {
      const g = /^(?:snapshot|wal)-(\d+)\.jsonl$/.exec(f)?.[1];
      if (g !== undefined && Number(g) < generation) rmSync(join(dir, f));
    }
    this.wal = await open(join(dir, `wal-${generation}.jsonl`), "a");
    this.walLength = 0;
  }
}
