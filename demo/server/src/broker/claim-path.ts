/** A name (escaped characters, or characters that are neither a backslash nor a dot), then the dot after it. */
const NAME_THEN_DOT = /^((?:\\.|[^\\.])+?)\./;
const unescape = (name: string) => name.replace(/\\(.)/g, "$1");

/**
 * A mapper's claim path split into its names, as Keycloak's OIDCAttributeMapperHelper.splitClaimPath reads it: a dot
 * steps into a nested object, a backslash makes the next character (a dot) part of the name, so
 * `claim\.with\.dots` names the top-level claim "claim.with.dots" and `a.b` the claim b inside a.
 */
export function splitClaimPath(path: string): string[] {
  const names: string[] = [];
  let rest = path;
  for (let found = NAME_THEN_DOT.exec(rest); found; found = NAME_THEN_DOT.exec(rest)) {
    names.push(unescape(found[1]!));
    rest = rest.slice(found[0].length);
  }
  // where no name followed by a dot starts the rest (it starts with a dot), the whole rest is the last name
  if (rest) names.push(unescape(rest));
  return names;
}

/** The value at a claim path in a claim set (undefined where a step is missing or not an object). */
export function valueAtClaimPath(claims: unknown, path: string): unknown {
  const names = splitClaimPath(path);
  if (names.length === 0) return undefined;
  let value: unknown = claims;
  for (const name of names) {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[name];
  }
  return value;
}
