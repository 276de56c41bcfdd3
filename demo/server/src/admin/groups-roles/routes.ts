import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context.ts";
import { registerGroupRoutes } from "./group-routes.ts";
import { registerRoleContainerRoutes } from "./role-container-routes.ts";
import { registerRoleByIdRoutes } from "./role-by-id-routes.ts";
import { registerRoleMappingRoutes } from "./role-mapping-routes.ts";
import { registerUiExtRoleRoutes } from "./ui-ext-role-routes.ts";
import { registerUiExtRoleMappingRoutes } from "./ui-ext-role-mapping-routes.ts";

/** Groups, roles, roles-by-id, role mappings (groups-roles helper). */
export async function registerGroupRoleRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  await registerGroupRoutes(app, server);
  await registerRoleContainerRoutes(app, server);
  await registerRoleByIdRoutes(app, server);
  await registerRoleMappingRoutes(app, server);
  await registerUiExtRoleRoutes(app, server);
  await registerUiExtRoleMappingRoutes(app, server);
}
