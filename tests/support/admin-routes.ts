import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import Fastify from "fastify";
import type { ServerContext } from "../../demo/server/src/context.ts";
import { routeFamilies } from "../../demo/server/src/http/route-families.ts";
import { BODY_MAX_DEPTH } from "../../demo/server/src/http/body-limits.ts";

export interface AdminRoute {
  method: string;
  url: string;
  hasBodySchema: boolean;
  hasQuerySchema: boolean;
  /** The declared JSON schemas (typebox output), for tests that build bodies and queries field by field. */
  bodySchema?: JsonSchema;
  querySchema?: JsonSchema;
  /** How deep a JSON body may nest (the route's `config.bodyMaxDepth`, else the server's default). */
  bodyMaxDepth: number;
}

/** The parts of a JSON schema the abuse suite reads. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  maxLength?: number;
  description?: string;
}

/** Every admin route the server registers, collected with Fastify's onRoute hook (registration only, no listening). */
export async function adminRoutes(): Promise<AdminRoute[]> {
  const app = Fastify();
  const routes: AdminRoute[] = [];
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) {
      if (method === "HEAD" || !route.url.startsWith("/admin/realms")) continue;
      routes.push({
        method,
        url: route.url,
        hasBodySchema: !!route.schema?.body,
        hasQuerySchema: !!route.schema?.querystring,
        bodySchema: route.schema?.body as JsonSchema | undefined,
        querySchema: route.schema?.querystring as JsonSchema | undefined,
        bodyMaxDepth: route.config?.bodyMaxDepth ?? BODY_MAX_DEPTH,
      });
    }
  });
  const registrationOnly = { config: { demoPages: false } } as unknown as ServerContext;
  for (const register of routeFamilies) await register(app, registrationOnly);
  return routes;
}

const SOURCE_ROOT = resolve(import.meta.dirname, "../../demo/server/src");
const REGISTRATION = /app\.(get|post|put|delete|patch)\b[^(]*\(/g;
const READS_QUERY = /queryOf\(|req\.query\b/;

/**
 * Route registrations whose handler reads the query but declare no querystring schema, found in the server's source:
 * each registration runs up to the next one, and its options (the first lines) must name `querystring`.
 */
export function queryReadersWithoutSchema(): { file: string; url: string }[] {
  const found: { file: string; url: string }[] = [];
  for (const file of readdirSync(SOURCE_ROOT, { recursive: true, encoding: "utf8" })) {
    if (!file.endsWith(".ts")) continue;
    const text = readFileSync(join(SOURCE_ROOT, file), "utf8");
    const starts = [...text.matchAll(REGISTRATION)].map((match) => match.index);
    starts.forEach((start, i) => {
      const registration = text.slice(start, starts[i + 1] ?? text.length);
      if (!READS_QUERY.test(registration) || /querystring:/.test(registration.slice(0, 400))) return;
      found.push({ file, url: /["`]([^"`]*)["`]/.exec(registration)?.[1] ?? "" });
    });
  }
  return found;
}
