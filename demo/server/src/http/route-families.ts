import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../context.ts";
import { registerStaticRoutes } from "../static/routes.ts";
import { registerOidcRoutes } from "../oidc/routes.ts";
import { registerAccessRoutes } from "../access/routes.ts";
import { registerRealmRoutes } from "../admin/realms/routes.ts";
import { registerUserRoutes } from "../admin/users/routes.ts";
import { registerGroupRoleRoutes } from "../admin/groups-roles/routes.ts";
import { registerClientRoutes } from "../admin/clients/routes.ts";
import { registerMiscRoutes } from "../admin/misc/routes.ts";
import { registerDemoApiRoutes } from "../demo-api/routes.ts";

export type RouteFamily = (app: FastifyInstance, server: ServerContext) => Promise<void>;

/** Every group of routes the server answers; each file owns one family. */
export const routeFamilies: RouteFamily[] = [
  registerStaticRoutes,
  registerOidcRoutes,
  registerAccessRoutes,
  registerRealmRoutes,
  registerUserRoutes,
  registerGroupRoleRoutes,
  registerClientRoutes,
  registerMiscRoutes,
  registerDemoApiRoutes,
];
