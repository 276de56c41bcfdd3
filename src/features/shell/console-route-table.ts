import type { ConsoleRoute } from "../../core/routing/console-route.ts";
import { clientsRoutes } from "../clients/routes.ts";
import { dashboardRoutes } from "../dashboard/routes.ts";
import { realmsRoutes } from "../realms/routes.ts";
import { organizationsRoutes } from "../organizations/routes.ts";
import { groupsRoutes } from "../groups/routes.ts";
import { rolesRoutes } from "../roles/routes.ts";
import { usersRoutes } from "../users/routes.ts";
import { clientScopesRoutes } from "../client-scopes/routes.ts";
import { authenticationRoutes } from "../authentication/routes.ts";
import { realmSettingsRoutes } from "../realm-settings/routes.ts";
import { identityProvidersRoutes } from "../identity-providers/routes.ts";
import { sessionsRoutes } from "../sessions/routes.ts";
import { eventsRoutes } from "../events/routes.ts";
import { userFederationRoutes } from "../user-federation/routes.ts";
import { customPagesRoutes } from "../custom-pages/routes.ts";
import { permissionsRoutes } from "../permissions/routes.ts";
import { placeholderRoutes } from "./placeholder-routes.ts";

/**
 * Every screen under `/:realm`. Built areas add their `routes` array here; each
 * path they cover replaces its placeholder.
 */
const builtRoutes: ConsoleRoute[] = [
  ...dashboardRoutes,
  ...realmsRoutes,
  ...organizationsRoutes,
  ...groupsRoutes,
  ...rolesRoutes,
  ...usersRoutes,
  ...clientScopesRoutes,
  ...clientsRoutes,
  ...authenticationRoutes,
  ...realmSettingsRoutes,
  ...identityProvidersRoutes,
  ...sessionsRoutes,
  ...eventsRoutes,
  ...userFederationRoutes,
  ...customPagesRoutes,
  ...permissionsRoutes,
];

export const consoleRoutes: ConsoleRoute[] = [
  ...builtRoutes,
  ...placeholderRoutes(new Set(builtRoutes.map((route) => route.path))),
];
