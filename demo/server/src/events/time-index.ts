/**
 * Records of one realm ordered by time, plus one time-ordered list per key
 * (`type:LOGIN`, `user:{id}`, ...), so a search walks only the records of its
 * most selective key inside its date window (binary search), newest or oldest
 * first, and stops once the page is full. Removed records are skipped while
 * reading and compacted away in bulk.
 */
export interface Timed {
  id: string;
  time: number;
}

export interface TimeIndexQuery<T> {
  /** Walk the union of these keys' lists; undefined: every record. */
  keys?: string[];
  from?: number;
  to?: number;
  descending: boolean;
  accept: (record: T) => boolean;
  /** Every record of the keys' lists in the window matches (`accept` checks nothing more): pages are sliced, not walked. */
  acceptsAll?: boolean;
  first: number;
  max: number;
}

/** Index of the first record with time >= `time` in a time-ordered list. */
function lowerBound(list: readonly Timed[], time: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]!.time < time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function insertSorted<T extends Timed>(list: T[], record: T): void {
  if (list.length === 0 || list[list.length - 1]!.time <= record.time) list.push(record);
  else list.splice(lowerBound(list, record.time + 1), 0, record);
}

export class TimeIndex<T extends Timed> {
  private all: T[] = [];
  private readonly byKey = new Map<string, T[]>();
  private removed = 0;

  constructor(
    private readonly keysOf: (record: T) => string[],
    /** Whether the record is still the stored one (not deleted). */
    private readonly isLive: (record: T) => boolean,
  ) {}

  add(record: T): void {
    insertSorted(this.all, record);
    for (const key of this.keysOf(record)) {
      let list = this.byKey.get(key);
      if (!list) this.byKey.set(key, (list = []));
      insertSorted(list, record);
    }
  }

  /** Adds many records at once: one sort instead of an ordered insert each (the store's order is not time order). */
  addAll(records: Iterable<T>): void {
    const sorted = [...this.all, ...records].sort((a, b) => a.time - b.time);
    this.all = sorted;
    this.byKey.clear();
    for (const record of sorted) {
      for (const key of this.keysOf(record)) {
        let list = this.byKey.get(key);
        if (!list) this.byKey.set(key, (list = []));
        list.push(record);
      }
    }
  }

  /** Notes a removal; the lists are rebuilt once half of their entries are gone. */
  noteRemoval(): void {
    if (++this.removed * 2 < this.all.length + 64) return;
    this.removed = 0;
    this.all = this.all.filter(this.isLive);
    for (const [key, list] of this.byKey) {
      const kept = list.filter(this.isLive);
      if (kept.length) this.byKey.set(key, kept);
      else this.byKey.delete(key);
    }
  }

  /** How many entries a walk over these keys would visit at most (removed ones included). */
  size(keys?: string[]): number {
    if (!keys) return this.all.length;
    return keys.reduce((sum, key) => sum + (this.byKey.get(key)?.length ?? 0), 0);
  }

  /** Records older than `time`, oldest first (for expiry). */
  *olderThan(time: number): Generator<T> {
    const end = lowerBound(this.all, time);
    for (let i = 0; i < end; i++) if (this.isLive(this.all[i]!)) yield this.all[i]!;
  }

  query(q: TimeIndexQuery<T>): T[] {
    const lists = q.keys ? q.keys.map((k) => this.byKey.get(k) ?? []) : [this.all];
    const windows = lists.map((list) => ({
      list,
      start: q.from === undefined ? 0 : lowerBound(list, q.from),
      end: q.to === undefined ? list.length : lowerBound(list, q.to + 1),
    }));
    if (q.acceptsAll && windows.length === 1 && this.removed === 0) {
      const { list, start, end } = windows[0]!;
      if (!q.descending) return list.slice(start + q.first, Math.min(end, start + q.first + q.max));
      const last = end - q.first;
      return list.slice(Math.max(start, last - q.max), Math.max(start, last)).reverse();
    }
    const cursors = windows.map((w) => (q.descending ? w.end - 1 : w.start));
    const out: T[] = [];
    let skipped = 0;
    const seen = lists.length > 1 ? new Set<string>() : undefined;
    while (out.length < q.max) {
      let pick = -1;
      for (let i = 0; i < windows.length; i++) {
        const w = windows[i]!;
        const c = cursors[i]!;
        if (c < w.start || c >= w.end) continue;
        if (pick < 0) pick = i;
        else {
          const t = w.list[c]!.time;
          const best = windows[pick]!.list[cursors[pick]!]!.time;
          if (q.descending ? t > best : t < best) pick = i;
        }
      }
      if (pick < 0) break;
      const record = windows[pick]!.list[cursors[pick]!]!;
      cursors[pick]! += q.descending ? -1 : 1;
      if (seen) {
        if (seen.has(record.id)) continue;
        seen.add(record.id);
      }
      if (!this.isLive(record) || !q.accept(record)) continue;
      if (skipped++ < q.first) continue;
      out.push(record);
    }
    return out;
  }
}
