import type { FastifyRequest } from "fastify";

/** Query string values as Fastify parses them (repeated keys become arrays); a route's schema may coerce scalars. */
export type Query = Record<string, string | number | boolean | (string | number | boolean)[] | undefined>;

/** Path parameters of admin routes; every route under /admin/realms/:realm has `realm`. */
export type Params<K extends string> = { realm: string } & Record<K, string>;

export function paramsOf<K extends string = string>(req: { params: unknown }): Params<K> {
  return req.params as Params<K>;
}

/** The query as a null-prototype map, so `constructor` or `__proto__` are plain names, never inherited members. */
export function queryOf(req: Pick<FastifyRequest, "query">): Query {
  return Object.assign(Object.create(null) as Query, req.query ?? {});
}

/** The value of a query parameter (the first one when repeated, as JAX-RS reads it), or undefined when absent. */
export function stringParam(query: Query, name: string): string | undefined {
  const value = query[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined ? undefined : String(first);
}

/** Every value of a repeatable parameter (`type=LOGIN&type=LOGOUT`). */
export function listParam(query: Query, name: string): string[] {
  const value = query[name];
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).map(String).filter((v) => v !== "");
}

/** An integer parameter; the fallback (or undefined) when absent or not a number. */
export function intParam(query: Query, name: string): number | undefined;
export function intParam(query: Query, name: string, fallback: number): number;
export function intParam(query: Query, name: string, fallback?: number): number | undefined {
  const raw = stringParam(query, name);
  if (raw === undefined || raw.trim() === "") return fallback;
  const parsed = Number.parseInt(raw, 10);
  return Number.isNaN(parsed) ? fallback : parsed;
}

/** A boolean parameter read as Java's Boolean.valueOf (`true` in any case, else false); the fallback when absent or empty. */
export function boolParam(query: Query, name: string): boolean | undefined;
export function boolParam(query: Query, name: string, fallback: boolean): boolean;
export function boolParam(query: Query, name: string, fallback?: boolean): boolean | undefined {
  const raw = stringParam(query, name);
  if (raw === undefined || raw === "") return fallback;
  return raw.toLowerCase() === "true";
}

/** Keycloak's first/max paging: a negative or missing `first` starts at 0, a negative or missing `max` is unbounded. */
export function page<T>(items: T[], first: number | undefined, max: number | undefined): T[] {
  const start = first !== undefined && first > 0 ? first : 0;
  return max !== undefined && max >= 0 ? items.slice(start, start + max) : items.slice(start);
}

const SEARCH_QUERY_PAIR = /(?:"((?:\\.|[^\\"])+)"|([^\s":][^\s:]*)):(?:"((?:\\.|[^\\"])+)"|([^\s"]\S*))/g;
const unescape = (text: string) => text.replace(/\\(.)/g, "$1");

/** Keycloak's `q` syntax (SearchQueryUtils): `key:value key2:"value with spaces"`; a repeated key keeps its last value. */
export function parseSearchQuery(q: string | undefined): Map<string, string> {
  const fields = new Map<string, string>();
  if (!q) return fields;
  for (const match of q.matchAll(SEARCH_QUERY_PAIR)) {
    const key = match[1] !== undefined ? unescape(match[1]) : match[2]!;
    fields.set(key, match[3] !== undefined ? unescape(match[3]) : match[4]!);
  }
  return fields;
}
