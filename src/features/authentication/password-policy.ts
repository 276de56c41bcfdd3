/** One entry of Keycloak's password policy string: `length(12) and notUsername(undefined)`. */
export interface PolicyEntry {
  id: string;
  value: string;
}

/** Keycloak's parser: entries joined with `and`, each `id(value)` or a bare `id`. */
export function parsePasswordPolicy(policy: string | undefined): PolicyEntry[] {
  if (!policy?.trim()) return [];
  return policy
    .split(/\s+and\s+/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const open = part.indexOf("(");
      if (open < 0) return { id: part, value: "" };
      const value = part.slice(open + 1, part.lastIndexOf(")"));
      return { id: part.slice(0, open).trim(), value: value === "undefined" ? "" : value };
    });
}

/** Back to the string; entries without a value are written as Keycloak's console writes them, `id(undefined)`. */
export function formatPasswordPolicy(entries: PolicyEntry[]): string {
  return entries.map((entry) => `${entry.id}(${entry.value === "" ? "undefined" : entry.value})`).join(" and ");
}
