/**
 * Server data as text for the screen: a string as it is, a number or boolean in its usual form,
 * nothing for null and undefined, anything else as JSON. A value of an unexpected shape (an object
 * where a name belongs) then shows as what it is instead of reaching React as a child and failing.
 */
export function displayText(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === null || value === undefined) return "";
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") return String(value);
  if (typeof value === "symbol" || typeof value === "function") return "";
  try {
    return JSON.stringify(value) ?? "";
  } catch {
    return String(value);
  }
}

/** The first of the values that gives non-empty text (`displayName || name` for values of any shape). */
export function firstText(...values: unknown[]): string {
  for (const value of values) {
    const text = displayText(value);
    if (text) return text;
  }
  return "";
}
