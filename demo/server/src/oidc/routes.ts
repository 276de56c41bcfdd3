import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../context.ts";
import { registerCors } from "./cors.ts";
import { registerTokenEndpoint } from "./token-endpoint.ts";
import { registerCertsEndpoint } from "./certs.ts";
import { registerIntrospectEndpoint } from "./introspect-endpoint.ts";
import { registerDiscovery } from "./discovery.ts";
import { registerAuthEndpoint } from "./auth-endpoint.ts";
import { registerLoginAction } from "./login-action.ts";
import { registerRequiredActions } from "./required-actions.ts";
import { registerLogoutEndpoint } from "./logout-endpoint.ts";
import { registerUserinfoEndpoint } from "./userinfo-endpoint.ts";
import { registerSessionIframes } from "./session-iframes.ts";
import { registerThemeResources } from "./theme-resources.ts";
import { registerAccountPage } from "./account-page.ts";
import { registerBrowserSecurityHeaders } from "./browser-security-headers.ts";
import { registerRevokeEndpoint } from "./revoke-endpoint.ts";
import { registerParEndpoint } from "./par.ts";
import { registerDeviceAuthorizationEndpoint } from "./device-grant.ts";
import { registerDevicePages } from "./device-pages.ts";

/** OIDC endpoints and login page (oidc-access helper). */
export async function registerOidcRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  registerCors(app, server);
  registerBrowserSecurityHeaders(app, server);
  await registerDiscovery(app, server);
  await registerTokenEndpoint(app, server);
  await registerCertsEndpoint(app, server);
  await registerIntrospectEndpoint(app, server);
  await registerRevokeEndpoint(app, server);
  await registerParEndpoint(app, server);
  await registerDeviceAuthorizationEndpoint(app, server);
  await registerDevicePages(app, server);
  await registerAuthEndpoint(app, server);
  await registerLoginAction(app, server);
  await registerRequiredActions(app, server);
  await registerLogoutEndpoint(app, server);
  await registerUserinfoEndpoint(app, server);
  await registerSessionIframes(app, server);
  await registerThemeResources(app);
  await registerAccountPage(app, server);
}
