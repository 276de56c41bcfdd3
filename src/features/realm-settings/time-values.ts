import type { Realm } from "./queries.ts";

/** Realm fields held in seconds; the form keeps "" while a field is empty, which saves as 0 (not set). */
export type SecondsValues<K extends string> = Record<K, number | "">;

export function toSeconds<K extends keyof Realm & string>(realm: Realm, fields: readonly K[]): SecondsValues<K> {
  return Object.fromEntries(
    fields.map((field) => [field, typeof realm[field] === "number" ? (realm[field] as number) : ""]),
  ) as SecondsValues<K>;
}

export function fromSeconds<K extends string>(values: SecondsValues<K>, fields: readonly K[]): Record<K, number> {
  return Object.fromEntries(fields.map((field) => [field, values[field] === "" ? 0 : Number(values[field])])) as Record<
    K,
    number
  >;
}
