import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context.ts";

/** Users (users helper). */
export async function registerUserRoutes(_app: FastifyInstance, _server: ServerContext): Promise<void> {}
