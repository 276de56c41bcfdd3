/** Keycloak's `q` parameter: `key:value key2:"value with spaces"`. */
export function parseSearchQuery(q: string): Record<string, string> {
  const fields: Record<string, string> = {};
  const pattern = /([^\s:]+):(?:"([^"]*)"|(\S*))/g;
  for (const match of q.matchAll(pattern)) fields[match[1]] = match[2] ?? match[3] ?? "";
  return fields;
}
