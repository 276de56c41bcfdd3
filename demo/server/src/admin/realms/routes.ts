import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context.ts";

/** Realms, partial import/export, default groups, group-by-path, localization (store-realm helper). */
export async function registerRealmRoutes(_app: FastifyInstance, _server: ServerContext): Promise<void> {}
