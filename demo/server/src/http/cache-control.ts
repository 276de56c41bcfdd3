import type { FastifyInstance } from "fastify";

/** The 201 answers that Keycloak sends with `Cache-Control: no-cache` (its other creates send none). */
const NO_CACHE_CREATES =
  /\/(client-scopes|children|copy)$|\/authz\/resource-server\/(scope|resource|policy\/[^/]+|permission\/[^/]+)$/;
/** The deletes that Keycloak answers without one: a realm, a group, an organization. */
const BARE_DELETES = /^\/admin\/realms\/[^/]+$|\/(groups|organizations)\/[^/]+$/;
/** The other admin answers Keycloak sends without one (its resource methods without @NoCache), by method. */
const BARE_ANSWERS: [RegExp, RegExp][] = [
  [/./, /\/users\/profile(\/metadata)?$|\/localization(\/[^/]*){0,2}$/],
  [/^(PUT|DELETE)$/, /\/components\/[^/]+$/],
  [/^PUT$/, /\/client-policies\/(profiles|policies)$|\/events\/config$/],
  [/^POST$/, /^\/admin\/realms\/[^/]+\/(partial-export|partialImport|identity-provider\/import-config)$/],
  [/^(GET|DELETE)$/, /\/clients-initial-access(\/[^/]+)?$/],
  [/^DELETE$/, /^\/admin\/realms\/[^/]+\/(events|admin-events)$|\/attack-detection\/brute-force\/users(\/[^/]+)?$/],
  [/^DELETE$/, /^\/admin\/realms\/[^/]+\/sessions\/[^/]+$|\/authz\/resource-server\/(policy|resource|scope)\/[^/]+$/],
  [/^GET$/, /\/authz\/resource-server$/],
  [/^POST$/, /\/authz\/resource-server\/policy\/evaluate$/],
  [/^PUT$/, /^\/admin\/realms\/[^/]+$/],
  [
    /^POST$/,
    /^\/admin\/realms\/[^/]+\/(logout-all|push-revocation)$|\/(users\/[^/]+\/logout|clients\/[^/]+\/push-revocation)$/,
  ],
];
const TOKEN_OR_USERINFO = /^\/realms\/[^/]+\/protocol\/openid-connect\/(token|userinfo)$/;
const RESOURCE_SET_LIST = /^\/realms\/[^/]+\/authz\/protection\/resource_set$/;
const DISCOVERY = /^\/realms\/[^/]+\/\.well-known\/(openid|uma2)-configuration$/;

/** The Cache-Control a Keycloak 26.7 answer of this request carries, if any (recorded in tests/conformance). */
function keycloakCacheControl(method: string, path: string, status: number): string | undefined {
  if (TOKEN_OR_USERINFO.test(path)) return "no-store";
  if (DISCOVERY.test(path)) return "no-cache, must-revalidate, no-transform, no-store";
  if (method === "GET" && status === 200 && RESOURCE_SET_LIST.test(path)) return "no-cache";
  if (!path.startsWith("/admin/realms")) return undefined;
  if (method === "DELETE" && BARE_DELETES.test(path)) return undefined;
  if (BARE_ANSWERS.some(([methods, paths]) => methods.test(method) && paths.test(path))) return undefined;
  if (status === 200 || status === 204 || (status === 201 && NO_CACHE_CREATES.test(path))) return "no-cache";
  return undefined; // errors and the other creates
}

/**
 * Keycloak's Cache-Control on admin REST answers (`no-cache` on success, none on an error), token and userinfo
 * answers (`no-store`) and discovery; a route that sets its own (server info's revalidation) keeps it.
 */
export function registerCacheControl(app: FastifyInstance): void {
  app.addHook("onSend", async (req, reply, payload) => {
    if (reply.hasHeader("cache-control")) return payload;
    const value = keycloakCacheControl(req.method, req.url.split("?")[0]!, reply.statusCode);
    if (value) reply.header("cache-control", value);
    return payload;
  });
}
