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

/** A step of a user info path: a name, and the array index a `[n]` after it names (-1: none). */
function jsonPathStep(step: string): { name: string; index: number } | undefined {
  if (!step.endsWith("]")) return { name: step, index: -1 };
  const open = step.indexOf("[");
  if (open < 0) return undefined;
  const digits = step.slice(open + 1, -1).trim();
  if (!/^[+-]?\d+$/.test(digits) || Number(digits) < 0) return undefined;
  return { name: step.slice(0, open).trim(), index: Number(digits) };
}

/**
 * A value of the provider's user info by a path that may index arrays (`groups[0]`, `a[0].b`), as Keycloak's
 * AbstractJsonUserAttributeMapper.getJsonValue reads it, where its claim mappers look last: the first array met is the
 * answer (its text items, none: undefined), as is the first plain value (as trimmed text, empty: undefined); an object
 * at the path's end is returned as it is.
 */
export function valueAtUserInfoPath(userInfo: unknown, path: string): unknown {
  if (typeof userInfo !== "object" || userInfo === null) return undefined;
  const steps = splitClaimPath(path);
  if (steps.length === 0 || path.endsWith(".")) return undefined;
  let node: unknown = userInfo;
  for (const text of steps) {
    const step = jsonPathStep(text);
    if (!step) return undefined;
    node =
      typeof node === "object" && node !== null && !Array.isArray(node)
        ? (node as Record<string, unknown>)[step.name]
        : undefined;
    if (step.index >= 0 && Array.isArray(node)) node = node[step.index];
    if (node === undefined || node === null) return undefined;
    if (Array.isArray(node)) {
      const texts = node.filter((item): item is string => typeof item === "string");
      return texts.length > 0 ? texts : undefined;
    }
    if (typeof node !== "object") return String(node).trim() || undefined;
  }
  return node;
}
