import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../context.ts";
import { registerStaticRoutes } from "../static/routes.ts";
import { registerOidcRoutes } from "../oidc/routes.ts";
import { registerAccessRoutes } from "../access/routes.ts";
import { registerRealmRoutes } from "../admin/realms/routes.ts";
import { registerUserRoutes } from "../admin/users/routes.ts";
import { registerGroupRoleRoutes } from "../admin/groups-roles/routes.ts";
import { registerClientRoutes } from "../admin/clients/routes.ts";
import { registerServerInfoRoutes } from "../admin/server-info/routes.ts";
import { registerUiExtRoutes } from "../admin/ui-ext/routes.ts";
import { registerTranslationRoutes } from "../admin/translations/routes.ts";
import { registerCacheRoutes } from "../admin/cache/routes.ts";
import { registerOrganizationRoutes } from "../admin/organizations/routes.ts";
import { registerIdentityProviderRoutes } from "../admin/identity-providers/routes.ts";
import { registerComponentRoutes } from "../admin/components/routes.ts";
import { registerKeysRoutes } from "../admin/components/keys-routes.ts";
import { registerAuthenticationRoutes } from "../admin/authentication/routes.ts";
import { registerEventRoutes } from "../admin/events/routes.ts";
import { registerDemoApiRoutes } from "../demo-api/routes.ts";
import { registerAuthorizationRoutes } from "../admin/authorization/routes.ts";
import { registerBrokerRoutes } from "../broker/oidc-broker.ts";
import { registerUserStorageRoutes } from "../admin/user-storage/routes.ts";
import { registerSamlProtocolRoutes } from "../saml-protocol/idp-initiated.ts";
import { registerSamlSsoEndpoint } from "../saml-protocol/sso-endpoint.ts";
import { registerClientRegistrationRoutes } from "../client-registration/routes.ts";

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
  registerServerInfoRoutes,
  registerUiExtRoutes,
  registerTranslationRoutes,
  registerCacheRoutes,
  registerOrganizationRoutes,
  registerIdentityProviderRoutes,
  registerComponentRoutes,
  registerKeysRoutes,
  registerAuthenticationRoutes,
  registerEventRoutes,
  registerDemoApiRoutes,
  registerAuthorizationRoutes,
  registerBrokerRoutes,
  registerUserStorageRoutes,
  registerSamlProtocolRoutes,
  registerSamlSsoEndpoint,
  registerClientRegistrationRoutes,
];
