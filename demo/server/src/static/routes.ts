import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../context.ts";

/** Health, console page, /elements/, demo pages (store-realm helper). */
export async function registerStaticRoutes(_app: FastifyInstance, _server: ServerContext): Promise<void> {}
