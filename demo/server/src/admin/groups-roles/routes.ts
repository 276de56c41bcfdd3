import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context.ts";

/** Groups, roles, roles-by-id, role mappings (groups-roles helper). */
export async function registerGroupRoleRoutes(_app: FastifyInstance, _server: ServerContext): Promise<void> {}
