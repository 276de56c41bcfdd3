import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../context.ts";
import { registerCors } from "./cors.ts";
import { registerTokenEndpoint } from "./token-endpoint.ts";
import { registerCertsEndpoint } from "./certs.ts";

/** OIDC endpoints and login page (oidc-access helper). */
export async function registerOidcRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  registerCors(app, server);
  await registerTokenEndpoint(app, server);
  await registerCertsEndpoint(app, server);
}
