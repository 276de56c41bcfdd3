import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import Fastify from "fastify";
import type { ServerContext } from "../../demo/server/src/context.ts";
import { routeFamilies } from "../../demo/server/src/http/route-families.ts";

export interface AdminRoute {
  method: string;
  url: string;
  hasBodySchema: boolean;
  hasQuerySchema: boolean;
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
