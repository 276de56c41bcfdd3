import type { FastifyRequest } from "fastify";
import type { ServerContext } from "../../context.ts";
import type { Tx } from "../../store/db.ts";
import type { AdminRequestContext } from "../../access/admin-context.ts";
import type { ClientRecord, ClientScopeRecord } from "../../store/types.ts";
import { adminContext } from "../../access/admin-context.ts";
import { clientProtocol, requireClientScope } from "./lookups.ts";
import { paramsOf } from "../common/query.ts";
import { requireClient } from "../common/lookups.ts";
import { forbidden } from "../../http/errors.ts";

/** A client or a client scope: both own protocol mappers and role scope mappings. */
export type ScopeOwner =
  | { kind: "client"; record: ClientRecord; table: "clients"; path: string; protocol: string }
  | { kind: "client-scope"; record: ClientScopeRecord; table: "clientScopes"; path: string; protocol: string };

export type OwnerKind = ScopeOwner["kind"];

/** URL prefix under /admin/realms/:realm for each owner kind. */
export const OWNER_PREFIX: Record<OwnerKind, string> = { client: "clients", "client-scope": "client-scopes" };

export interface OwnerRequest {
  ctx: AdminRequestContext;
  owner: ScopeOwner;
}

/** Authenticates, checks `permission` and loads the owner addressed by `:id`. */
export async function resolveOwner(
  server: ServerContext,
  req: FastifyRequest,
  kind: OwnerKind,
  permission: "view-clients" | "manage-clients",
): Promise<OwnerRequest> {
  const { realm, id } = paramsOf<"id">(req);
  const ctx = await adminContext(server, req, realm);
  const access = permission === "view-clients" ? "view" : "manage";
  if (kind === "client") {
    // Keycloak's ClientPermissionsV2: a client's mappers and scope mappings as the client itself (roles or v2).
    const record = requireClient(server.db, ctx, id);
    ctx.requireClientScope(access, record);
    return {
      ctx,
      owner: { kind, record, table: "clients", path: `clients/${record.id}`, protocol: clientProtocol(record) },
    };
  }
  // Client scopes: the role, or v2's scope on every client (Keycloak's canManageClientScopes / canView).
  if (!ctx.has(permission) && !ctx.mayAllClients(access)) throw forbidden();
  const record = requireClientScope(server.db, ctx.realm, id);
  return {
    ctx,
    owner: { kind, record, table: "clientScopes", path: `client-scopes/${record.id}`, protocol: record.protocol },
  };
}

export function putOwner(tx: Tx, owner: ScopeOwner): void {
  if (owner.kind === "client") tx.put("clients", owner.record);
  else tx.put("clientScopes", owner.record);
}
