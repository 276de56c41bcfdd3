import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../context.ts";

/** OIDC endpoints and login page (oidc-access helper). */
export async function registerOidcRoutes(_app: FastifyInstance, _server: ServerContext): Promise<void> {}
