import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ServerContext } from "../context.ts";
import { frontendUrl } from "../http/frontend-url.ts";
import { addVary } from "../http/compression.ts";
import { accessTokenCredentials } from "../access/bearer.ts";
import { clientByClientId, realmByName } from "./lookup.ts";
import { allowedOrigins, isOriginAllowed } from "./redirect-uris.ts";
import { requestedClientId } from "./client-auth.ts";
import { formBody } from "./token-endpoint.ts";
import { ACCESS_TOKEN_TYPES, verifyToken } from "./verify-token.ts";

const ALLOWED_HEADERS =
  "Origin, Accept, X-Requested-With, Content-Type, Access-Control-Request-Method, Access-Control-Request-Headers, Authorization, DPoP";
const ALLOWED_METHODS = "GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH";
const EXPOSED_HEADERS = "Location, Content-Disposition, WWW-Authenticate";

const isCorsPath = (url: string) =>
  url.startsWith("/admin/") || url.startsWith("/realms/") || url.startsWith("/resources/");

/** The realm of a `/resources/{realm}/{themeType}/{locale}` message bundle read. */
const resourcesRealm = (url: string) => /^\/resources\/([^/?]+)\/[^/?]+\/[^/?]+(\?|$)/.exec(url)?.[1];

/** Keycloak sends who-am-I's refusal (a token of a client that is not the admin console) without CORS headers. */
const isWhoAmIRefusal = (url: string, status: number) =>
  status === 403 && /^\/admin\/[^/?]+\/console\/whoami(\?|$)/.test(url);

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

/**
 * Whether a preflight's origin may go on to the request: some client of the path's realm allows it, or for the admin
 * API, whose tokens may come from another realm (master), some client of any realm. Keycloak answers every preflight
 * with the origin it names; we answer only origins a request could then be allowed from, so an origin no client
 * lists cannot even send a cross-origin write.
 */
function preflightAllowed(server: ServerContext, req: FastifyRequest, origin: string): boolean {
  const realmName = /^\/realms\/([^/?]+)\//.exec(req.url)?.[1] ?? resourcesRealm(req.url);
  const realmNames = realmName ? [safeDecode(realmName)] : server.db.all("realms").map((realm) => realm.realm);
  return realmNames.some((name) => isOriginAllowed(realmClientsOrigins(server, req, name), origin));
}

/**
 * Origins the request's client allows: those of a bearer token whose signature, issuer and expiry check out (a
 * token that does not gives none), or the web origins of the token-endpoint client. Outside the admin API a 401
 * answer also takes the origins of an expired token whose signature and issuer check out; the admin API's 401
 * carries no CORS headers, as Keycloak's (an element tells an expired token by its `exp` claim instead).
 */
async function originsForRequest(server: ServerContext, req: FastifyRequest, status: number): Promise<string[]> {
  const bundleRealm = resourcesRealm(req.url);
  if (bundleRealm) return realmClientsOrigins(server, req, safeDecode(bundleRealm));
  const token = accessTokenCredentials(req)?.token;
  if (token) {
    const acceptExpired = status === 401 && !req.url.startsWith("/admin/");
    const verified = await verifyToken(server, frontendUrl(server, req), token, ACCESS_TOKEN_TYPES, undefined, {
      acceptExpired,
    });
    const origins = verified?.payload["allowed-origins"];
    return Array.isArray(origins) ? origins.map(String) : [];
  }
  const realmName = /^\/realms\/([^/]+)\//.exec(req.url)?.[1];
  const clientId =
    requestedClientId(req, formBody(req)) ?? (req.query as Record<string, string> | undefined)?.client_id;
  if (!realmName || !clientId) return [];
  const realm = realmByName(server.db, decodeURIComponent(realmName));
  const client = realm ? clientByClientId(server.db, realm, clientId) : undefined;
  return client ? allowedOrigins(client, frontendUrl(server, req)) : [];
}

function preflight(server: ServerContext, req: FastifyRequest, reply: FastifyReply) {
  const origin = req.headers.origin;
  if (origin && preflightAllowed(server, req, origin)) {
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
      return preflight(server, req, reply);
  });
  app.addHook("onSend", async (req, reply, payload) => {
    const origin = req.headers.origin;
    if (!origin || req.method === "OPTIONS" || !isCorsPath(req.url) || isWhoAmIRefusal(req.url, reply.statusCode))
      return payload;
    const allowed =
      isPublicMetadata(req.url) || isOriginAllowed(await originsForRequest(server, req, reply.statusCode), origin);
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
