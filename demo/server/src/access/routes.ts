import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../context.ts";

/** Who-am-I, attack detection, sessions (oidc-access helper). */
export async function registerAccessRoutes(_app: FastifyInstance, _server: ServerContext): Promise<void> {}
