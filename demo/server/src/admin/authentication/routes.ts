import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context.ts";
import { registerFlowRoutes } from "./flow-routes.ts";
import { registerExecutionRoutes } from "./execution-routes.ts";
import { registerAuthenticatorConfigRoutes } from "./config-routes.ts";
import { registerRequiredActionRoutes } from "./required-action-routes.ts";
import { registerClientPolicyRoutes } from "./client-policy-routes.ts";
import { registerAuthenticationUiExtRoutes } from "./ui-ext-routes.ts";

export async function registerAuthenticationRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  await registerFlowRoutes(app, server);
  await registerExecutionRoutes(app, server);
  await registerAuthenticatorConfigRoutes(app, server);
  await registerRequiredActionRoutes(app, server);
  await registerClientPolicyRoutes(app, server);
  await registerAuthenticationUiExtRoutes(app, server);
}
