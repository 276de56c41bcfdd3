import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context.ts";
import { registerClientCrudRoutes } from "./client-routes.ts";
import { registerClientSecretRoutes } from "./client-secret-routes.ts";
import { registerClientScopeLinkRoutes } from "./client-scope-link-routes.ts";
import { registerClientSessionRoutes } from "./client-session-routes.ts";
import { registerClientExtrasRoutes } from "./client-extras-routes.ts";
import { registerClientPermissionRoutes } from "./management-permission-routes.ts";
import { registerCertificateRoutes } from "./certificate-routes.ts";
import { registerCertificateTransferRoutes } from "./certificate-transfer-routes.ts";
import { registerClientDescriptionConverterRoutes } from "./description-converter-routes.ts";
import { registerEvaluateScopesRoutes } from "./evaluate-scopes-routes.ts";
import { registerProtocolMapperRoutes } from "./protocol-mapper-routes.ts";
import { registerScopeMappingRoutes } from "./scope-mapping-routes.ts";
import { registerClientScopeRoutes } from "./client-scope-routes.ts";
import { registerRealmDefaultScopeRoutes } from "./realm-default-scope-routes.ts";
import { registerInitialAccessRoutes } from "./initial-access-routes.ts";
import { registerClusterNodeRoutes } from "./cluster-node-routes.ts";
import { registerClientsV2Routes } from "./v2/routes.ts";

/** Clients and client scopes (clients helper). */
export async function registerClientRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  await registerClientCrudRoutes(app, server);
  await registerClientSecretRoutes(app, server);
  await registerClientScopeLinkRoutes(app, server);
  await registerClientSessionRoutes(app, server);
  await registerClientExtrasRoutes(app, server);
  await registerClientPermissionRoutes(app, server);
  await registerCertificateRoutes(app, server);
  await registerCertificateTransferRoutes(app, server);
  await registerClientDescriptionConverterRoutes(app, server);
  await registerEvaluateScopesRoutes(app, server);
  await registerProtocolMapperRoutes(app, server);
  await registerScopeMappingRoutes(app, server);
  await registerClientScopeRoutes(app, server);
  await registerRealmDefaultScopeRoutes(app, server);
  await registerInitialAccessRoutes(app, server);
  await registerClusterNodeRoutes(app, server);
  await registerClientsV2Routes(app, server);
}
