/**
 * Maps from a key to the ids filed under it, where most keys hold a single id (one session per IP address, one user
 * per username): a lone id is kept as the string itself and becomes a Set only when a second one joins it, which
 * saves a Set's table for each of those keys.
 */
export type Ids = string | Set<string>;
export type IdsByKey = Map<string, Ids>;

export function addId(map: IdsByKey, key: string, id: string): void {
  const ids = map.get(key);
  if (ids === undefined) map.set(key, id);
  else if (typeof ids === "string") {
    if (ids !== id) map.set(key, new Set([ids, id]));
  } else ids.add(id);
}

/** Takes the id out of the key's ids; true when it was there. A key left with no id is dropped. */
export function removeId(map: IdsByKey, key: string, id: string): boolean {
  const ids = map.get(key);
  if (ids === undefined) return false;
  if (typeof ids === "string") {
    if (ids !== id) return false;
    map.delete(key);
    return true;
  }
  if (!ids.delete(id)) return false;
  if (ids.size === 1) map.set(key, ids.values().next().value!);
  return true;
}

/** The ids of one entry (none for undefined). */
export function idsOf(ids: Ids | undefined): Iterable<string> {
  if (ids === undefined) return [];
  return typeof ids === "string" ? [ids] : ids;
}

export function idCount(ids: Ids | undefined): number {
  if (ids === undefined) return 0;
  return typeof ids === "string" ? 1 : ids.size;
}
