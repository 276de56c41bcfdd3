import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context.ts";
import { registerUserProfileRoutes } from "./profile-routes.ts";
import { registerUserCrudRoutes } from "./user-routes.ts";
import { registerCredentialRoutes } from "./credential-routes.ts";
import { registerUserGroupRoutes } from "./group-routes.ts";
import { registerUserSessionRoutes } from "./session-routes.ts";
import { registerUserLinkRoutes } from "./link-routes.ts";
import { registerUserActionRoutes } from "./action-routes.ts";
import { registerBruteForceUserRoutes } from "./brute-force-routes.ts";

/** Users (users helper): /admin/realms/{realm}/users/** and ui-ext/brute-force-user. */
export async function registerUserRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  await registerUserProfileRoutes(app, server);
  await registerUserCrudRoutes(app, server);
  await registerCredentialRoutes(app, server);
  await registerUserGroupRoutes(app, server);
  await registerUserSessionRoutes(app, server);
  await registerUserLinkRoutes(app, server);
  await registerUserActionRoutes(app, server);
  await registerBruteForceUserRoutes(app, server);
}
