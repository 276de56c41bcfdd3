import type { FastifyRequest } from "fastify";
import type { ServerContext } from "../context.ts";
import type { ClientRecord, RealmRecord, UserRecord } from "../store/types.ts";
import { frontendUrl } from "../http/frontend-url.ts";
import { bearerToken } from "../access/bearer.ts";
import { oauthError } from "./oauth-error.ts";
import { DpopError, dpopHeader, requestUri, verifyDpopProof } from "./dpop.ts";
import { verifyToken } from "./verify-token.ts";
import { issueTokens } from "./tokens.ts";
import { clientByClientId } from "../realm/lookup.ts";
import { serviceAccountUser } from "../admin/clients/service-account.ts";
import { authenticateClient, type FormBody } from "./client-auth.ts";
import { resourceServerData } from "../admin/authorization/authz-store.ts";
import { decide, rptPermissions, type PermissionRequest } from "../authorization/decision-engine.ts";
import { userIdentity } from "../authorization/identity.ts";
import { verifyPermissionTicket } from "../authorization/permission-ticket.ts";
import { pendingTickets, withGrantedTickets } from "../authorization/permission-tickets.ts";
import { tokenUserId } from "../access/token-user.ts";

export const UMA_GRANT_TYPE = "urn:ietf:params:oauth:grant-type:uma-ticket";

const formValues = (value: unknown): string[] =>
  value === undefined ? [] : (Array.isArray(value) ? value : [value]).map(String).filter((v) => v !== "");

/** The user (and client) behind the request: the bearer token's, or an authenticated client's service account. */
async function requester(
  server: ServerContext,
  realm: RealmRecord,
  req: FastifyRequest,
  body: FormBody,
): Promise<{ user: UserRecord; client: ClientRecord; sessionId?: string }> {
  const token = bearerToken(req) ?? (typeof body.subject_token === "string" ? body.subject_token : undefined);
  if (token) {
    const verified = await verifyToken(server, frontendUrl(server, req), token, "Bearer", realm.realm);
    const userId = verified ? tokenUserId(server.db, realm, verified.payload) : undefined;
    const user = userId ? server.db.get("users", userId) : undefined;
    const client = verified?.payload.azp ? clientByClientId(server.db, realm.id, verified.payload.azp) : undefined;
    if (!verified || !user || !user.enabled || !client) throw oauthError(401, "invalid_grant", "Invalid bearer token");
    return { user, client, sessionId: verified.payload.sid };
  }
  const client = authenticateClient(server.db, realm, req, body);
  const user = serviceAccountUser(server.db, client);
  if (!user) throw oauthError(401, "unauthorized_client", "Client without a service account");
  return { user, client };
}

/**
 * `grant_type=urn:ietf:params:oauth:grant-type:uma-ticket` with `audience` and `permission=resource#scope`:
 * decides with the same engine as the evaluate tab, and answers an RPT, the permissions, or `{result:true}`.
 */
/**
 * A DPoP proof sent with the UMA grant must hold; the RPT is then bound to its key (`cnf.jkt`) while its
 * token_type stays "Bearer" (Keycloak 26.7.3, measured).
 */
async function umaDpopKey(server: ServerContext, req: FastifyRequest): Promise<string | undefined> {
  const proof = dpopHeader(req);
  if (proof === undefined) return undefined;
  try {
    return await verifyDpopProof(server, proof, { method: req.method, uri: requestUri(server, req) });
  } catch (error) {
    if (error instanceof DpopError) throw oauthError(400, "invalid_request", error.message);
    throw error;
  }
}

export async function umaGrant(server: ServerContext, realm: RealmRecord, req: FastifyRequest, body: FormBody) {
  const { db } = server;
  const dpopJkt = await umaDpopKey(server, req);
  const { user, client, sessionId } = await requester(server, realm, req, body);
  const ticket =
    typeof body.ticket === "string" && body.ticket
      ? await verifyPermissionTicket(server, frontendUrl(server, req), realm, body.ticket)
      : undefined;
  if (typeof body.ticket === "string" && body.ticket && !ticket)
    throw oauthError(403, "invalid_ticket", "Ticket verification failed");
  const audience =
    ticket?.azp ?? (typeof body.audience === "string" && body.audience ? body.audience : client.clientId);
  const resourceServer = clientByClientId(db, realm.id, audience);
  if (!resourceServer) throw oauthError(400, "invalid_client", `Client [${audience}] not found`);
  if (!resourceServer.authorization && resourceServer.rep.authorizationServicesEnabled !== true)
    throw oauthError(400, "invalid_client", "Client does not support permissions");
  const model = resourceServerData(db, resourceServer);

  const requests: PermissionRequest[] = (ticket?.permissions ?? [])
    .filter((permission) => model.resources.some((resource) => resource.id === permission.rsid))
    .map((permission) => ({ resourceId: permission.rsid, scopeNames: permission.scopes }));
  for (const permission of formValues(body.permission)) {
    const hash = permission.indexOf("#");
    const resourceRef = hash < 0 ? permission : permission.slice(0, hash);
    const scopeNames =
      hash < 0
        ? []
        : permission
            .slice(hash + 1)
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean);
    for (const name of scopeNames)
      if (!model.scopes.some((scope) => scope.name === name))
        throw oauthError(
          400,
          "invalid_scope",
          `One of the given scopes [${name}] is not a valid scope in resource server`,
        );
    if (!resourceRef) {
      requests.push({ scopeNames });
      continue;
    }
    const resource =
      model.resources.find((r) => r.id === resourceRef) ?? model.resources.find((r) => r.name === resourceRef);
    if (!resource) throw oauthError(400, "invalid_resource", `Resource with id [${resourceRef}] does not exist.`);
    requests.push({ resourceId: resource.id, scopeNames });
  }

  const identity = userIdentity(db, realm, user, { client });
  const decision = decide(model, identity, requests);
  const permissions = withGrantedTickets(db, resourceServer, user, requests, rptPermissions(decision));
  if (permissions.length === 0) {
    if (!ticket) throw oauthError(403, "access_denied", "not_authorized");
    // a denied ticket is, for Keycloak 26.7, a request submitted to the owners of the user-owned resources it names
    const pending = pendingTickets(db, resourceServer, user, requests, permissions);
    if (pending.length > 0) await db.write((tx) => pending.forEach((t) => tx.put("authzTickets", t)));
    throw oauthError(403, "access_denied", "request_submitted");
  }
  const mode = typeof body.response_mode === "string" ? body.response_mode : undefined;
  if (mode === "decision") return { result: true };
  if (mode === "permissions") return permissions;
  const session = sessionId ? db.get("userSessions", sessionId) : undefined;
  const tokens = await issueTokens(server, {
    baseUrl: frontendUrl(server, req),
    realm,
    client,
    user,
    session: session && session.realmId === realm.id ? session : undefined,
    withRefreshToken: !!session,
    accessClaims: { aud: resourceServer.clientId, authorization: { permissions } },
    dpopJkt,
  });
  return { upgraded: false, ...tokens, token_type: "Bearer" };
}
