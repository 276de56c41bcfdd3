/**
 * Tag prefixes the page asked for, shared between the loader (which must stay free of React)
 * and the area chunks it imports, through one global set.
 */
const PREFIXES_KEY = Symbol.for("kc-admin-elements.prefixes");

type PrefixScope = typeof globalThis & { [PREFIXES_KEY]?: Set<string> };

function prefixSet(): Set<string> {
  return ((globalThis as PrefixScope)[PREFIXES_KEY] ??= new Set());
}

export function requestPrefix(prefix: string): void {
  prefixSet().add(prefix);
}

/** The requested prefixes, or `kc` alone when nobody asked. */
export function requestedPrefixes(): string[] {
  const prefixes = prefixSet();
  return prefixes.size ? [...prefixes] : ["kc"];
}
