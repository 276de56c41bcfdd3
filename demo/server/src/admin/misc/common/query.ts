/** Query string values as Fastify parses them: repeated keys become arrays. */
export type Query = Record<string, string | string[] | undefined>;

export function queryOf(req: { query: unknown }): Query {
  return (req.query ?? {}) as Query;
}

/** The last value of a query parameter, or undefined when absent. */
export function stringParam(query: Query, name: string): string | undefined {
  const value = query[name];
  return Array.isArray(value) ? value.at(-1) : value;
}

/** Every value of a repeatable parameter (`type=LOGIN&type=LOGOUT`). */
export function listParam(query: Query, name: string): string[] {
  const value = query[name];
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).filter((v) => v !== "");
}

export function intParam(query: Query, name: string, fallback: number): number {
  const raw = stringParam(query, name);
  if (raw === undefined || raw === "") return fallback;
  const parsed = Number.parseInt(raw, 10);
  return Number.isNaN(parsed) ? fallback : parsed;
}

/** true / false / undefined for absent or unparsable values. */
export function boolParam(query: Query, name: string): boolean | undefined {
  const raw = stringParam(query, name)?.toLowerCase();
  if (raw === "true") return true;
  if (raw === "false") return false;
  return undefined;
}

/** Keycloak's `q` syntax: `key:value key2:"value with spaces"`. */
export function parseSearchQuery(q: string | undefined): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!q) return fields;
  const pattern = /([^\s:]+):(?:"([^"]*)"|(\S*))/g;
  for (const match of q.matchAll(pattern)) fields[match[1]] = match[2] ?? match[3] ?? "";
  return fields;
}

/** Slice by Keycloak's first/max; negative values mean "no limit". */
export function page<T>(items: T[], first: number, max: number): T[] {
  const start = first > 0 ? first : 0;
  return max >= 0 ? items.slice(start, start + max) : items.slice(start);
}
