/** Reading Keycloak-style query parameters (`first`, `max`, booleans, `q`). */

export type Query = Record<string, string | string[] | undefined>;

function single(query: Query, name: string): string | undefined {
  const value = query[name];
  return Array.isArray(value) ? value[0] : value;
}

export function stringParam(query: Query, name: string): string | undefined {
  return single(query, name);
}

/** An integer parameter; undefined when absent or not a number. */
export function intParam(query: Query, name: string): number | undefined {
  const raw = single(query, name);
  if (raw === undefined || raw.trim() === "") return undefined;
  const value = Number.parseInt(raw, 10);
  return Number.isNaN(value) ? undefined : value;
}

export function boolParam(query: Query, name: string, fallback: boolean): boolean {
  const raw = single(query, name);
  if (raw === undefined || raw === "") return fallback;
  return raw.toLowerCase() === "true";
}

/** Keycloak's pagination: a negative or missing `first` starts at 0, a negative or missing `max` is unbounded. */
export function paginate<T>(items: T[], first: number | undefined, max: number | undefined): T[] {
  const start = first !== undefined && first > 0 ? first : 0;
  if (max === undefined || max < 0) return items.slice(start);
  return items.slice(start, start + max);
}

/** Parses `q=key:value key2:"value with spaces"` into a map. */
export function parseSearchQuery(q: string): Map<string, string> {
  const fields = new Map<string, string>();
  const pattern = /(?:"([^"]*)"|([^\s:"]+)):(?:"([^"]*)"|(\S+))/g;
  for (const match of q.matchAll(pattern)) {
    const key = match[1] ?? match[2];
    const value = match[3] ?? match[4];
    if (key !== undefined && value !== undefined) fields.set(key, value);
  }
  return fields;
}

export const byName = <T extends { name: string }>(a: T, b: T): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** Case-insensitive substring match, as Keycloak's `lower(x) like %search%`. */
export function containsIgnoreCase(text: string | undefined, search: string): boolean {
  return text !== undefined && text.toLowerCase().includes(search.toLowerCase());
}
