import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { ServerContext } from "../context.ts";
import type { AuthzTicketRecord, ClientRecord, RealmRecord, UserRecord } from "../store/types.ts";
import type { Db } from "../store/db.ts";
import { newId } from "../common/ids.ts";
import { userIdByUsername } from "../admin/users/username-index.ts";
import { objectBody } from "../admin/common/body.ts";
import { intParam, paramsOf, queryOf, stringParam } from "../admin/common/query.ts";
import { noContent } from "../admin/common/reply.ts";
import { Bool, Flag, Int, Name, Query, Representation, Str } from "../admin/common/schemas.ts";
import { page, serverScopes } from "../admin/authorization/authz-store.ts";
import { authzError } from "../admin/authorization/authz-writes.ts";
import { protectionRequest } from "./protection-routes.ts";
import { serverTickets, ticketRepresentation } from "./permission-tickets.ts";

const TICKETS = "/realms/:realm/authz/protection/permission/ticket";

const TicketSchema = Representation("PermissionTicketRepresentation", {
  id: Name(),
  owner: Name(),
  resource: Name(),
  scope: Name(),
  granted: Bool(),
  scopeName: Name(),
  resourceName: Name(),
  requester: Name(),
  ownerName: Name(),
  requesterName: Name(),
});

const TicketQuery = Query({
  first: Int(),
  max: Int(),
  scopeId: Str(),
  resourceId: Str(),
  owner: Str(),
  requester: Str(),
  granted: Flag(),
  returnNames: Flag(),
});

const invalidTicket = () => authzError(400, "invalid_request", "invalid_ticket");
const invalidPermission = (description: string) => authzError(400, "invalid_permission", description);
const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);

function userOf(db: Db, realm: RealmRecord, ref: string): UserRecord | undefined {
  const byId = db.get("users", ref);
  if (byId?.realmId === realm.id) return byId;
  const id = userIdByUsername(db, realm.id, ref);
  return id ? db.get("users", id) : undefined;
}

/** A new ticket from PermissionTicketRepresentation, checked as Keycloak 26.7.3 checks it. Not stored. */
function ticketFromInput(db: Db, realm: RealmRecord, client: ClientRecord, body: Record<string, unknown>) {
  const resourceId = text(body.resource);
  const scopeRef = text(body.scope) ?? text(body.scopeName);
  const requesterRef = text(body.requester) ?? text(body.requesterName);
  if (!resourceId) throw invalidPermission("created permissions should have resource");
  if (!scopeRef) throw invalidPermission("created permissions should have scope or scopeName");
  if (!requesterRef) throw invalidPermission("created permissions should have requester or requesterName");
  const resource = db.get("authzResources", resourceId);
  if (!resource || resource.resourceServerId !== client.id)
    throw authzError(
      400,
      "invalid_resource_id",
      `Resource set with id [${resourceId}] does not exists in this server.`,
    );
  const scope = serverScopes(db, client).find((s) => (text(body.scope) ? s.id : s.name) === scopeRef);
  if (!scope) throw authzError(400, "invalid_scope", `Scope [${scopeRef}] is invalid`);
  const requester = userOf(db, realm, requesterRef);
  if (!requester) throw invalidPermission("Requester does not exists in this server as user.");
  if (
    serverTickets(db, client).some(
      (t) => t.resourceId === resource.id && t.scopeId === scope.id && t.requesterId === requester.id,
    )
  )
    throw invalidPermission("Permission already exists");
  const ticket: AuthzTicketRecord = {
    id: newId(),
    realmId: realm.id,
    resourceServerId: client.id,
    resourceId: resource.id,
    scopeId: scope.id,
    ownerId: resource.ownerId,
    requesterId: requester.id,
    granted: body.granted === true,
    createdTimestamp: Date.now(),
  };
  return ticket;
}

/** UMA permission tickets of a resource server, through its PAT: list, create, grant (or revoke) and delete. */
export async function registerTicketRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  const { db } = server;

  app.get(TICKETS, { schema: { querystring: TicketQuery } }, async (req) => {
    const { realm, client } = await protectionRequest(server, req);
    const query = queryOf(req);
    const scope = stringParam(query, "scopeId");
    const resourceId = stringParam(query, "resourceId");
    const owner = stringParam(query, "owner");
    const requester = stringParam(query, "requester");
    const granted = stringParam(query, "granted")?.toLowerCase();
    const userId = (ref: string | undefined) => (ref ? (userOf(db, realm, ref)?.id ?? ref) : undefined);
    const ownerId = userId(owner);
    const requesterId = userId(requester);
    const scopeIds = scope
      ? new Set(
          serverScopes(db, client)
            .filter((s) => s.id === scope || s.name === scope)
            .map((s) => s.id),
        )
      : undefined;
    const found = serverTickets(db, client)
      .filter(
        (t) =>
          (!scopeIds || (t.scopeId !== undefined && scopeIds.has(t.scopeId))) &&
          (!resourceId || t.resourceId === resourceId) &&
          (!ownerId || t.ownerId === ownerId) &&
          (!requesterId || t.requesterId === requesterId) &&
          (granted === undefined || String(t.granted) === granted),
      )
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const returnNames = stringParam(query, "returnNames")?.toLowerCase() === "true";
    return page(found, intParam(query, "first"), intParam(query, "max")).map((t) =>
      ticketRepresentation(db, t, returnNames),
    );
  });

  app.post(TICKETS, { schema: { body: TicketSchema } }, async (req) => {
    const { realm, client } = await protectionRequest(server, req);
    const ticket = ticketFromInput(db, realm, client, objectBody(req.body));
    await db.write((tx) => tx.put("authzTickets", ticket));
    return ticketRepresentation(db, ticket, false);
  });

  app.put(TICKETS, { schema: { body: Type.Unknown() } }, async (req, reply) => {
    const { client } = await protectionRequest(server, req);
    if (typeof req.body !== "object" || req.body === null || Array.isArray(req.body))
      throw authzError(400, "invalid_request", "Cannot parse the JSON");
    const body = req.body as Record<string, unknown>;
    const ticket = text(body.id) ? db.get("authzTickets", text(body.id)!) : undefined;
    if (!ticket || ticket.resourceServerId !== client.id) throw invalidTicket();
    // granting keeps the ticket; taking the grant back (or denying a request) removes it, as Keycloak does
    await db.write((tx) =>
      body.granted === true
        ? tx.put("authzTickets", { ...ticket, granted: true })
        : tx.delete("authzTickets", ticket.id),
    );
    return noContent(reply);
  });

  app.delete(`${TICKETS}/:ticketId`, async (req, reply) => {
    const { client } = await protectionRequest(server, req);
    const ticket = db.get("authzTickets", paramsOf<"ticketId">(req).ticketId);
    if (!ticket || ticket.resourceServerId !== client.id) throw invalidTicket();
    await db.write((tx) => tx.delete("authzTickets", ticket.id));
    return noContent(reply);
  });
}
