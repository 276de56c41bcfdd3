import type { RealmRecord } from "../../store/types.ts";

/** A boolean realm setting that may have been stored as a string by an import. */
export function realmFlag(realm: RealmRecord, key: string, fallback = false): boolean {
  const value = realm.settings[key];
  return typeof value === "boolean" ? value : typeof value === "string" ? value === "true" : fallback;
}
