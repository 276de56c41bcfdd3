/** Drops keys whose value is undefined, as Jackson leaves null fields out of Keycloak's JSON. */
export function omitUndefined<T extends Record<string, unknown>>(record: T): T {
  for (const key of Object.keys(record)) if (record[key] === undefined) delete record[key];
  return record;
}
