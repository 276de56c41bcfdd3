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
