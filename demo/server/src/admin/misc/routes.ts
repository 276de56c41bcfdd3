import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context.ts";
import { registerServerInfoRoutes } from "./server-info/routes.ts";
import { registerUiExtRoutes } from "./ui-ext/routes.ts";
import { registerTranslationRoutes } from "./translations/routes.ts";
import { registerCacheRoutes } from "./cache/routes.ts";
import { registerOrganizationRoutes } from "./organizations/routes.ts";
import { registerIdentityProviderRoutes } from "./identity-providers/routes.ts";
import { registerComponentRoutes } from "./components/routes.ts";
import { registerKeysRoutes } from "./components/keys-routes.ts";
import { registerAuthenticationRoutes } from "./authentication/routes.ts";
import { registerEventRoutes } from "./events/routes.ts";

/** Organizations, identity providers, components, authentication, events, server info, ui-ext, translations (misc helper). */
export async function registerMiscRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  await registerServerInfoRoutes(app, server);
  await registerUiExtRoutes(app, server);
  await registerTranslationRoutes(app, server);
  await registerCacheRoutes(app, server);
  await registerOrganizationRoutes(app, server);
  await registerIdentityProviderRoutes(app, server);
  await registerComponentRoutes(app, server);
  await registerKeysRoutes(app, server);
  await registerAuthenticationRoutes(app, server);
  await registerEventRoutes(app, server);
}
