import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { decodeJwt } from "jose";
import type { ServerContext } from "../context.ts";
import { frontendUrl } from "../http/frontend-url.ts";
import { addVary } from "../http/compression.ts";
import { bearerToken } from "../access/bearer.ts";
import { clientByClientId, realmByName } from "./lookup.ts";
import { allowedOrigins, isOriginAllowed } from "./redirect-uris.ts";
import { requestedClientId } from "./client-auth.ts";
import { formBody } from "./token-endpoint.ts";

const ALLOWED_HEADERS =
  "Origin, Accept, X-Requested-With, Content-Type, Access-Control-Request-Method, Access-Control-Request-Headers, Authorization, DPoP";
const ALLOWED_METHODS = "GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH";
const EXPOSED_HEADERS = "Location, Content-Disposition, WWW-Authenticate";

const isCorsPath = (url: string) =>
  url.startsWith("/admin/") || url.startsWith("/realms/") || url.startsWith("/resources/");

/** The realm of a `/resources/{realm}/{themeType}/{locale}` message bundle read. */
const resourcesRealm = (url: string) => /^\/resources\/([^/?]+)\/[^/?]+\/[^/?]+(\?|$)/.exec(url)?.[1];

/** Endpoints any origin may read (public metadata and keys). */
const isPublicMetadata = (url: string) => /\/(\.well-known\/[^/?]+|protocol\/openid-connect\/certs)(\?|$)/.test(url);

const safeDecode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** Every origin some client of the realm allows (message bundles are read without a token or client). */
function realmClientsOrigins(server: ServerContext, req: FastifyRequest, realmName: string): string[] {
  const realm = realmByName(server.db, realmName);
  if (!realm) return [];
  return [...server.db.iterate("clients", realm.id)].flatMap((client) =>
    allowedOrigins(client, frontendUrl(server, req)),
  );
}

/** Origins the request's client allows: from the bearer token's client or the token-endpoint client. */
function originsForRequest(server: ServerContext, req: FastifyRequest): string[] {
  const bundleRealm = resourcesRealm(req.url);
  if (bundleRealm) return realmClientsOrigins(server, req, safeDecode(bundleRealm));
  const token = bearerToken(req);
  if (token) {
    try {
      const claims = decodeJwt(token);
      const origins = claims["allowed-origins"];
      return Array.isArray(origins) ? origins.map(String) : [];
    } catch {
      return [];
    }
  }
  const realmName = /^\/realms\/([^/]+)\//.exec(req.url)?.[1];
  const clientId =
    requestedClientId(req, formBody(req)) ?? (req.query as Record<string, string> | undefined)?.client_id;
  if (!realmName || !clientId) return [];
  const realm = realmByName(server.db, decodeURIComponent(realmName));
  const client = realm ? clientByClientId(server.db, realm, clientId) : undefined;
  return client ? allowedOrigins(client, frontendUrl(server, req)) : [];
}

function preflight(req: FastifyRequest, reply: FastifyReply) {
  const origin = req.headers.origin;
  if (origin) {
    reply
      .header("access-control-allow-origin", origin)
      .header("access-control-allow-credentials", "true")
      .header("access-control-allow-methods", ALLOWED_METHODS)
      .header("access-control-allow-headers", ALLOWED_HEADERS)
      .header("access-control-max-age", "3600")
      .header("vary", "Origin");
  }
  return reply.status(200).send();
}

/** CORS for /admin/* and /realms/*, with Keycloak's origin rules. */
export function registerCors(app: FastifyInstance, server: ServerContext): void {
  app.addHook("onRequest", async (req, reply) => {
    if (req.method === "OPTIONS" && isCorsPath(req.url) && req.headers["access-control-request-method"])
      return preflight(req, reply);
  });
  app.addHook("onSend", async (req, reply, payload) => {
    const origin = req.headers.origin;
    if (!origin || req.method === "OPTIONS" || !isCorsPath(req.url)) return payload;
    const allowed = isPublicMetadata(req.url) || isOriginAllowed(originsForRequest(server, req), origin);
    if (allowed) {
      reply
        .header("access-control-allow-origin", origin)
        .header("access-control-allow-credentials", "true")
        .header("access-control-expose-headers", EXPOSED_HEADERS);
    }
    addVary(reply, "Origin");
    return payload;
  });
}
