/** One row of a key-value list. */
export interface KeyValueEntry {
  key: string;
  value: string;
}

/** Rows → a map from key to its values (rows without a key are dropped; repeated keys collect values). */
export function keyValueToMap(entries: KeyValueEntry[] | undefined): Record<string, string[]> {
  const map: Record<string, string[]> = {};
  for (const { key, value } of entries ?? []) {
    const name = key.trim();
    if (!name) continue;
    (map[name] ??= []).push(value);
  }
  return map;
}

/** A map from key to values (or single values) → rows, one per value. */
export function mapToKeyValue(map: Record<string, string | string[] | undefined> | undefined): KeyValueEntry[] {
  const entries: KeyValueEntry[] = [];
  for (const [key, values] of Object.entries(map ?? {})) {
    const list = Array.isArray(values) ? values : values === undefined ? [] : [values];
    if (list.length === 0) entries.push({ key, value: "" });
    for (const value of list) entries.push({ key, value });
  }
  return entries;
}
