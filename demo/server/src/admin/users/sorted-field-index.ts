import type { UserRecord } from "../../store/types.ts";

/** Lower bound of `key` in `keys` (ties broken by id when given). */
function lowerBound(keys: string[], key: string, ids?: string[], id?: string): number {
  let low = 0;
  let high = keys.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (keys[mid] < key || (id !== undefined && keys[mid] === key && ids![mid] < id)) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * User ids of one realm sorted by one lower-cased field, for prefix and exact
 * look-ups without a scan. It remembers the key it indexed each user under, so
 * records changed in place are re-sorted correctly.
 */
export class SortedFieldIndex {
  private readonly keys: string[] = [];
  private readonly ids: string[] = [];
  private readonly keyById = new Map<string, string>();

  constructor(
    private readonly keyOf: (user: UserRecord) => string | undefined,
    users: UserRecord[] = [],
  ) {
    const entries: [string, string][] = [];
    for (const user of users) {
      const key = keyOf(user);
      if (key !== undefined) entries.push([key, user.id]);
    }
    entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : 1));
    for (const [key, id] of entries) {
      this.keys.push(key);
      this.ids.push(id);
      this.keyById.set(id, key);
    }
  }

  get size(): number {
    return this.ids.length;
  }

  /** Ids in key order (do not modify). */
  orderedIds(): readonly string[] {
    return this.ids;
  }

  keyFor(id: string): string | undefined {
    return this.keyById.get(id);
  }

  /** Re-indexes one user after a put (`user` set) or delete (`user` undefined). */
  update(id: string, user: UserRecord | undefined): void {
    const before = this.keyById.get(id);
    const after = user ? this.keyOf(user) : undefined;
    if (before === after) return;
    if (before !== undefined) {
      let at = lowerBound(this.keys, before, this.ids, id);
      if (this.ids[at] !== id) at = this.ids.indexOf(id);
      if (at >= 0) {
        this.keys.splice(at, 1);
        this.ids.splice(at, 1);
      }
      this.keyById.delete(id);
    }
    if (after !== undefined) {
      const at = lowerBound(this.keys, after, this.ids, id);
      this.keys.splice(at, 0, after);
      this.ids.splice(at, 0, id);
      this.keyById.set(id, after);
    }
  }

  /** Ids whose key starts with `prefix`, in key order. */
  withPrefix(prefix: string): string[] {
    const from = lowerBound(this.keys, prefix);
    const to = lowerBound(this.keys, prefix + "\uffff");
    return this.ids.slice(from, to);
  }

  /** Ids whose key is exactly `key`. */
  withKey(key: string): string[] {
    return this.ids.slice(lowerBound(this.keys, key), lowerBound(this.keys, key + "\u0000"));
  }

  /** Positions [from, to) of the keys starting with `prefix` in orderedIds(). */
  prefixRange(prefix: string): [number, number] {
    return [lowerBound(this.keys, prefix), lowerBound(this.keys, prefix + "\uffff")];
  }

  /** Number of keys starting with `prefix`, without copying. */
  countWithPrefix(prefix: string): number {
    return lowerBound(this.keys, prefix + "\uffff") - lowerBound(this.keys, prefix);
  }
}
