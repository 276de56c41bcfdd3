import type { Db } from "../store/db.ts";
import type { AuthzResourceRecord, AuthzTicketRecord, ClientRecord, UserRecord } from "../store/types.ts";
import { newId } from "../common/ids.ts";
import type { PermissionRequest } from "./decision-engine.ts";

export type RptPermission = { rsid: string; rsname: string; scopes?: string[] };

export const serverTickets = (db: Db, client: ClientRecord): AuthzTicketRecord[] =>
  [...db.iterate("authzTickets", client.realmId)].filter((ticket) => ticket.resourceServerId === client.id);

const ownedByUser = (client: ClientRecord, resource: AuthzResourceRecord) =>
  resource.ownerManagedAccess && resource.ownerId !== client.id;

/** A ticket as Keycloak's PermissionTicketRepresentation writes it; with `returnNames`, the names beside the ids. */
export function ticketRepresentation(db: Db, ticket: AuthzTicketRecord, returnNames: boolean): Record<string, unknown> {
  const rep: Record<string, unknown> = {
    id: ticket.id,
    owner: ticket.ownerId,
    resource: ticket.resourceId,
    ...(ticket.scopeId ? { scope: ticket.scopeId } : {}),
    granted: ticket.granted,
  };
  if (returnNames) {
    if (ticket.scopeId) rep.scopeName = db.get("authzScopes", ticket.scopeId)?.name;
    rep.resourceName = db.get("authzResources", ticket.resourceId)?.name;
  }
  rep.requester = ticket.requesterId;
  if (returnNames) {
    rep.ownerName = db.get("users", ticket.ownerId)?.username;
    rep.requesterName = db.get("users", ticket.requesterId)?.username;
  }
  return rep;
}

/**
 * Adds to `permissions` what the user's granted tickets give on owner-managed resources of the server: for the
 * requested resources and scopes, or all of them when nothing was asked for by name.
 */
export function withGrantedTickets(
  db: Db,
  client: ClientRecord,
  user: UserRecord,
  requests: PermissionRequest[],
  permissions: RptPermission[],
): RptPermission[] {
  const merged = new Map(permissions.map((p) => [p.rsid, { ...p, scopes: p.scopes ? [...p.scopes] : undefined }]));
  for (const ticket of serverTickets(db, client)) {
    if (!ticket.granted || ticket.requesterId !== user.id) continue;
    const resource = db.get("authzResources", ticket.resourceId);
    const scope = ticket.scopeId ? db.get("authzScopes", ticket.scopeId)?.name : undefined;
    if (!resource || !ownedByUser(client, resource)) continue;
    const asked =
      requests.length === 0 ||
      requests.some(
        (r) =>
          (r.resourceId === undefined || r.resourceId === resource.id) &&
          (r.scopeNames.length === 0 || (scope !== undefined && r.scopeNames.includes(scope))) &&
          (r.resourceId !== undefined || r.scopeNames.length > 0),
      );
    if (!asked) continue;
    const entry = merged.get(resource.id) ?? { rsid: resource.id, rsname: resource.name, scopes: undefined };
    if (scope) entry.scopes = [...new Set([...(entry.scopes ?? []), scope])];
    merged.set(resource.id, entry);
  }
  return [...merged.values()].map(({ rsid, rsname, scopes }) =>
    scopes?.length ? { rsid, rsname, scopes } : { rsid, rsname },
  );
}

/**
 * The pending tickets a denied ticket request leaves for the owners of the user-owned, owner-managed resources it
 * named (one per scope asked for and not granted; none for the owner, none twice).
 */
export function pendingTickets(
  db: Db,
  client: ClientRecord,
  user: UserRecord,
  requests: PermissionRequest[],
  granted: RptPermission[],
): AuthzTicketRecord[] {
  const existing = serverTickets(db, client);
  const out: AuthzTicketRecord[] = [];
  for (const request of requests) {
    const resource = request.resourceId ? db.get("authzResources", request.resourceId) : undefined;
    if (!resource || !ownedByUser(client, resource) || resource.ownerId === user.id) continue;
    const grantedScopes = granted.find((p) => p.rsid === resource.id)?.scopes ?? [];
    const scopeIds = request.scopeNames
      .filter((name) => !grantedScopes.includes(name))
      .map((name) => resource.scopeIds.find((id) => db.get("authzScopes", id)?.name === name))
      .filter((id): id is string => id !== undefined);
    for (const scopeId of scopeIds.length > 0 ? scopeIds : [undefined]) {
      const same = (t: AuthzTicketRecord) =>
        t.resourceId === resource.id && t.scopeId === scopeId && t.requesterId === user.id;
      if (existing.some(same) || out.some(same)) continue;
      out.push({
        id: newId(),
        realmId: client.realmId,
        resourceServerId: client.id,
        resourceId: resource.id,
        ...(scopeId ? { scopeId } : {}),
        ownerId: resource.ownerId,
        requesterId: user.id,
        granted: false,
        createdTimestamp: Date.now(),
      });
    }
  }
  return out;
}
