import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../context.ts";
import { authenticateBearer } from "./authenticate.ts";

const isAdminApi = (url: string) => url === "/admin/realms" || /^\/admin\/realms[/?]/.test(url);

/**
 * Keycloak authenticates an admin call before it reads the body or the query: without a valid bearer token the
 * answer is 401, whatever the body. CORS preflights carry no token and are answered by the CORS hook.
 */
export function registerAdminAuthentication(app: FastifyInstance, server: ServerContext): void {
  app.addHook("onRequest", async (req) => {
    if (req.method !== "OPTIONS" && isAdminApi(req.url)) await authenticateBearer(server, req);
  });
}
