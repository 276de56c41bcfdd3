import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ServerContext } from "../context.ts";
import type { ClientRecord, RealmRecord } from "../store/types.ts";
import { frontendUrl } from "../http/frontend-url.ts";
import { clientAttribute, realmByName } from "./lookup.ts";
import { oauthError } from "./oauth-error.ts";
import type { FormBody } from "./client-auth.ts";
import { authenticateCallingClient } from "./calling-client.ts";
import { authParamsError } from "./auth-params.ts";
import { invalidScopesDescription, isValidScope } from "./scopes.ts";
import { onPushedAuthorizationRequest, recordPolicyRefusal } from "../client-policies/events.ts";

export const PAR_PATH = "/protocol/openid-connect/ext/par/request";
export const REQUEST_URI_PREFIX = "urn:ietf:params:oauth:request_uri:";
/** The client attribute behind "Pushed authorization request required". */
export const REQUIRE_PAR = "require.pushed.authorization.requests";

interface PushedRequest {
  realmId: string;
  clientId: string;
  params: Record<string, string>;
  expires: number;
}

/** Pushed requests by their request_uri (Keycloak keeps them in its single-use store), per server. */
const pushed = new WeakMap<ServerContext, Map<string, PushedRequest>>();

function pushedRequests(server: ServerContext): Map<string, PushedRequest> {
  let requests = pushed.get(server);
  if (!requests) pushed.set(server, (requests = new Map()));
  const at = Date.now();
  for (const [uri, request] of requests) if (request.expires < at) requests.delete(uri);
  return requests;
}

/** The realm's "parRequestUriLifespan" attribute in seconds (Keycloak's default 60). */
function requestUriLifespan(realm: RealmRecord): number {
  const attributes = realm.settings.attributes as Record<string, unknown> | undefined;
  const value = Number(attributes?.parRequestUriLifespan);
  return Number.isInteger(value) && value > 0 ? value : 60;
}

export const requiresPushedRequests = (client: ClientRecord) => clientAttribute(client, REQUIRE_PAR) === "true";

/**
 * The parameters pushed for `requestUri` by this client, while they live. They stay until the login they started
 * completes (Keycloak removes them then, so a reload of the login page still works).
 */
export function pushedParams(
  server: ServerContext,
  realm: RealmRecord,
  client: ClientRecord,
  requestUri: string,
): Record<string, string> | undefined {
  const request = pushedRequests(server).get(requestUri);
  if (!request || request.realmId !== realm.id || request.clientId !== client.clientId) return undefined;
  return request.params;
}

/** The parameters pushed for `requestUri` in this realm, whichever client pushed them, while they live. */
export function pushedRequestParams(
  server: ServerContext,
  realm: RealmRecord,
  requestUri: string,
): Record<string, string> | undefined {
  const request = pushedRequests(server).get(requestUri);
  return request?.realmId === realm.id ? request.params : undefined;
}

/** Ends a pushed request once its login has completed. */
export function forgetPushedRequest(server: ServerContext, requestUri: string | undefined): void {
  if (requestUri) pushed.get(server)?.delete(requestUri);
}

async function pushingClient(server: ServerContext, realm: RealmRecord, req: FastifyRequest, body: FormBody) {
  try {
    return await authenticateCallingClient(server, realm, req, body);
  } catch {
    throw oauthError(401, "invalid_request", "Authentication failed.");
  }
}

/** RFC 9126 pushed authorization requests, as Keycloak 26: the authorization request checked now, used later by its request_uri. */
export async function registerParEndpoint(app: FastifyInstance, server: ServerContext): Promise<void> {
  app.post<{ Params: { realm: string } }>(`/realms/:realm${PAR_PATH}`, async (req, reply) => {
    const realm = realmByName(server.db, req.params.realm);
    if (!realm) return reply.status(404).send({ error: "Realm does not exist" });
    if (!realm.enabled) throw oauthError(403, "access_denied", "Realm not enabled");
    const raw = (req.body && typeof req.body === "object" ? req.body : {}) as Record<string, unknown>;
    const body = Object.fromEntries(
      Object.entries(raw).map(([key, value]) => [key, Array.isArray(value) ? String(value[0]) : String(value)]),
    );
    const client = await pushingClient(server, realm, req, body);
    if (body.request_uri !== undefined)
      throw oauthError(400, "invalid_request", "It is not allowed to include request_uri to PAR.");
    const { client_secret: _secret, client_assertion: _assertion, client_assertion_type: _type, ...sent } = body;
    const params: Record<string, string> = { ...sent, client_id: client.clientId };
    // Keycloak runs the client policies on the push before checking its parameters.
    const refusal = await onPushedAuthorizationRequest(server, realm, client, params);
    if (refusal) {
      await recordPolicyRefusal(server, realm, refusal, {
        type: "PUSHED_AUTHORIZATION_REQUEST_ERROR",
        clientId: client.clientId,
        ipAddress: req.ip,
      });
      throw oauthError(400, refusal.error, refusal.description);
    }
    const refused = authParamsError(client, params, frontendUrl(server, req));
    if (refused && !refused.pkce) throw oauthError(400, refused.error, refused.description ?? refused.error);
    // Keycloak refuses the scopes here as invalid_request (invalid_scope at the authorization endpoint), with no event.
    if (!isValidScope(server.db, client, params.scope))
      throw oauthError(400, "invalid_request", invalidScopesDescription(params.scope ?? ""));
    if (refused) throw oauthError(400, refused.error, refused.description ?? refused.error);
    const lifespan = requestUriLifespan(realm);
    const requestUri = `${REQUEST_URI_PREFIX}${randomUUID()}`;
    pushedRequests(server).set(requestUri, {
      realmId: realm.id,
      clientId: client.clientId,
      params,
      expires: Date.now() + lifespan * 1000,
    });
    return reply.status(201).send({ request_uri: requestUri, expires_in: lifespan });
  });
}
