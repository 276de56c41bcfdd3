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
      if (method === "HEAD" || !route.url.startsWith("/admin/")) continue;
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
