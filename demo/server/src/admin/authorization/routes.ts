import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context.ts";
import { registerResourceServerRoutes } from "./resource-server-routes.ts";
import { registerResourceRoutes } from "./resource-routes.ts";
import { registerScopeRoutes } from "./scope-routes.ts";
import { registerPolicyRoutes } from "./policy-routes.ts";
import { registerEvaluateRoutes } from "./evaluate-routes.ts";
import { registerProtectionRoutes } from "../../authorization/protection-routes.ts";
import { registerTicketRoutes } from "../../authorization/ticket-routes.ts";

/** Client authorization services: `/admin/realms/{realm}/clients/{id}/authz/resource-server/...`, and UMA's protection API. */
export async function registerAuthorizationRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  await registerResourceServerRoutes(app, server);
  await registerResourceRoutes(app, server);
  await registerScopeRoutes(app, server);
  await registerPolicyRoutes(app, server);
  await registerEvaluateRoutes(app, server);
  await registerProtectionRoutes(app, server);
  await registerTicketRoutes(app, server);
}
