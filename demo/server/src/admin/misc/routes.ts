import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context.ts";

/** Organizations, identity providers, components, authentication, events, server info, ui-ext, translations (misc helper). */
export async function registerMiscRoutes(_app: FastifyInstance, _server: ServerContext): Promise<void> {}
