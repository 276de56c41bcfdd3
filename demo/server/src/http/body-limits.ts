import type { FastifyRequest } from "fastify";

/**
 * How much a request body may hold. Keycloak runs on Quarkus, whose `max-body-size` is 10 MB (413 above it); nesting
 * is bounded here far below Jackson's 1,000 levels because every body ends up cloned, stored and serialized by
 * recursive code: no admin representation goes deeper than about 10 levels, a realm import with nested groups
 * (two levels per group) deeper than about 100.
 */
export const BODY_LIMIT_BYTES = 10 * 1024 * 1024;
export const BODY_MAX_DEPTH = 32;
export const IMPORT_BODY_MAX_DEPTH = 256;

declare module "fastify" {
  interface FastifyContextConfig {
    /** A deeper nesting limit for the routes that read a whole realm. */
    bodyMaxDepth?: number;
  }
}

export function maxDepthFor(req: FastifyRequest): number {
  return req.routeOptions?.config?.bodyMaxDepth ?? BODY_MAX_DEPTH;
}

/** Whether JSON text nests objects and arrays deeper than `limit`, found by one pass over the text before parsing it. */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** Keys that name JavaScript's object machinery rather than data; no Keycloak representation has a field so named. */
const PROTOTYPE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/**
 * Removes `__proto__`, `constructor` and `prototype` keys at every level of a parsed body, so such a field is never
 * stored or handed back (the body is at most BODY_MAX_DEPTH deep, or IMPORT_BODY_MAX_DEPTH, when this runs).
 */
export function dropPrototypeKeys(value: unknown): unknown {
  if (Array.isArray(value)) value.forEach(dropPrototypeKeys);
  else if (value && typeof value === "object") {
    for (const key of Object.keys(value)) {
      if (PROTOTYPE_KEYS.has(key)) delete (value as Record<string, unknown>)[key];
      else dropPrototypeKeys((value as Record<string, unknown>)[key]);
    }
  }
  return value;
}
