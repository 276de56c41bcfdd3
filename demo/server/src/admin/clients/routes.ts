import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context.ts";

/** Clients and client scopes (clients helper). */
export async function registerClientRoutes(_app: FastifyInstance, _server: ServerContext): Promise<void> {}
