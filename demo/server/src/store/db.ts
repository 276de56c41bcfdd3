import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  openSync,
  writeSync,
  fsyncSync,
  closeSync,
  ftruncateSync,
} from "node:fs";
import { open, type FileHandle } from "node:fs/promises";
import { join } from "node:path";
import { TABLE_NAMES, type TableName, type Tables } from "./types.ts";

type Op = ["p", TableName, unknown] | ["d", TableName, string];

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
 * Every transaction is appended to a write-ahead log as one JSON line and
 * fsynced before `write()` resolves; concurrent transactions share one fsync.
 * On open, the newest snapshot is loaded and the log replayed; a torn last line
 * (a crash mid-write) is a transaction that was never acknowledged and is
 * dropped. Then a new snapshot is written to a temporary file, fsynced and
 * renamed, so the store on disk is always loadable.
 */
export class Db {
  private readonly tables = new Map<TableName, Map<string, unknown>>();
  private readonly byRealm = new Map<TableName, Map<string, Map<string, unknown>>>();
  private pending: string[] = [];
  private waiters: Waiter[] = [];
  private flushing = false;
  private wal: FileHandle | undefined;
  private readonly listeners = new Map<TableName, ChangeListener<unknown>[]>();

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
    const generation = db.load();
    await db.compact(generation + 1);
    return db;
  }

  get<T extends TableName>(table: T, id: string): Tables[T] | undefined {
    return this.tables.get(table)!.get(id) as Tables[T] | undefined;
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
   * is on disk. If `change` throws, nothing is applied.
   */
  async write<R>(change: (tx: Tx) => R): Promise<R> {
    const tx = new Tx();
    const result = change(tx);
    if (tx.ops.length === 0) return result;
    for (const op of tx.ops) this.apply(op);
    if (!this.dir) return result;
    this.pending.push(JSON.stringify(tx.ops));
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
      try {
        await this.wal!.write(lines.join("\n") + "\n");
        await this.wal!.datasync();
        for (const w of waiters) w.resolve();
      } catch (error) {
        for (const w of waiters) w.reject(error);
      }
    }
    this.flushing = false;
  }

  /** Loads the newest snapshot and replays its log; returns its generation (0 when empty). */
  private load(): number {
    const dir = this.dir!;
    const files = readdirSync(dir);
    for (const f of files) if (f.endsWith(".tmp")) rmSync(join(dir, f));
    const generations = files
      .map((f) => /^snapshot-(\d+)\.jsonl$/.exec(f)?.[1])
      .filter((g): g is string => g !== undefined)
      .map(Number)
      .sort((a, b) => b - a);
    const generation = generations[0] ?? 0;
    if (generation > 0) {
      const text = readFileSync(join(dir, `snapshot-${generation}.jsonl`), "utf8");
      for (const line of text.split("\n")) {
        if (!line) continue;
        const entry = JSON.parse(line) as { t: TableName; r: unknown };
        this.apply(["p", entry.t, entry.r]);
      }
    }
    const walPath = join(dir, `wal-${generation}.jsonl`);
    let text = "";
    try {
      text = readFileSync(walPath, "utf8");
    } catch {
      /* no log yet */
    }
    const lines = text.split("\n");
    for (const line of lines) {
      if (!line) continue;
      let ops: Op[];
      try {
        ops = JSON.parse(line) as Op[];
      } catch {
        break; // a torn last line: that transaction was never acknowledged
      }
      for (const op of ops) this.apply(op);
    }
    return generation;
  }

  /** Writes every table into snapshot-{generation}, starts an empty log for it and removes older files. */
  private async compact(generation: number): Promise<void> {
    const dir = this.dir!;
    const finalPath = join(dir, `snapshot-${generation}.jsonl`);
    const tmpPath = finalPath + ".tmp";
    const fd = openSync(tmpPath, "w");
    let chunk: string[] = [];
    let size = 0;
    const flushChunk = () => {
      if (chunk.length) writeSync(fd, chunk.join(""));
      chunk = [];
      size = 0;
    };
    for (const [name, table] of this.tables) {
      if (name === "authCodes") continue;
      for (const record of table.values()) {
        const line = JSON.stringify({ t: name, r: record }) + "\n";
        chunk.push(line);
        size += line.length;
        if (size > 1 << 20) flushChunk();
      }
    }
    flushChunk();
    fsyncSync(fd);
    closeSync(fd);
    renameSync(tmpPath, finalPath);
    const walFd = openSync(join(dir, `wal-${generation}.jsonl`), "a");
    ftruncateSync(walFd, 0);
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
  }
}
