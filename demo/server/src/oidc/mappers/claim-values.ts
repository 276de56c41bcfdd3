import type { Claims } from "./types.ts";

/** `a.b\.c` -> ["a", "b.c"]: dots nest the claim, a backslash-escaped dot is part of the name. */
export function splitClaimPath(name: string): string[] {
  const parts: string[] = [];
  let current = "";
  for (let i = 0; i < name.length; i++) {
    if (name[i] === "\\" && name[i + 1] === ".") {
      current += ".";
      i++;
    } else if (name[i] === ".") {
      parts.push(current);
      current = "";
    } else current += name[i];
  }
  parts.push(current);
  return parts;
}

/** One value converted to the mapper's `jsonType.label`; undefined when it cannot be. */
function convert(type: string | undefined, value: unknown): unknown {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  switch (type) {
    case "boolean":
      return typeof value === "boolean" ? value : text === "true" ? true : text === "false" ? false : undefined;
    case "long":
    case "int": {
      if (typeof value === "number") return Math.trunc(value);
      const parsed = Number(text);
      return text.trim() !== "" && Number.isInteger(parsed) ? parsed : undefined;
    }
    case "JSON":
      if (typeof value !== "string") return value;
      try {
        return JSON.parse(value) as unknown;
      } catch {
        return undefined;
      }
    case "String":
      return typeof value === "string" ? value : text;
    default:
      return value;
  }
}

/** Keycloak's mapAttributeValue: lists keep every value when multivalued, else their first; then the JSON type. */
export function claimValue(config: Record<string, string>, value: unknown): unknown {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value) || value instanceof Set) {
    const list = [...value] as unknown[];
    if (list.length === 0) return undefined;
    if (config.multivalued === "true")
      return list.map((item) => claimValue(config, item)).filter((v) => v !== undefined);
    value = list[0];
  }
  const converted = convert(config["jsonType.label"], value);
  return converted === undefined ? value : converted;
}

/** Writes a value under a (possibly nested) claim name; lists are merged with a list already there. */
export function putClaim(claims: Claims, name: string, value: unknown): void {
  if (value === undefined) return;
  const path = splitClaimPath(name);
  let target = claims;
  for (const part of path.slice(0, -1)) {
    const next = target[part];
    if (!next || typeof next !== "object" || Array.isArray(next)) target[part] = {};
    target = target[part] as Claims;
  }
  const last = path[path.length - 1];
  const existing = target[last];
  if (Array.isArray(existing) && Array.isArray(value)) target[last] = [...new Set([...existing, ...value])];
  else target[last] = value;
}

/** The usual mapper ending: convert the value by the config and write it under `claim.name`. */
export function mapClaim(claims: Claims, config: Record<string, string>, value: unknown): void {
  const name = config["claim.name"];
  if (!name) return;
  putClaim(claims, name, claimValue(config, value));
}
