import type { FastifyRequest } from "fastify";
import type { ServerContext } from "../../context.ts";
import type { ClientRecord } from "../../store/types.ts";
import { adminContext, type AdminRequestContext } from "../../access/admin-context.ts";
import { notFound } from "../../http/errors.ts";
import { paramsOf } from "../common/query.ts";
import { requireClient } from "../common/lookups.ts";

export interface AuthzRequest {
  ctx: AdminRequestContext;
  client: ClientRecord;
}

/**
 * The client addressed by `/clients/{id}/authz/resource-server/...` with its authorization on (404 otherwise),
 * for a caller who may view (view-authorization, manage-authorization or view-clients) or manage it
 * (manage-authorization or manage-clients).
 */
export async function authzRequest(server: ServerContext, req: FastifyRequest, manage: boolean): Promise<AuthzRequest> {
  const { realm, id } = paramsOf<"id">(req);
  const ctx = await adminContext(server, req, realm);
  const client = requireClient(server.db, ctx, id);
  if (manage) ctx.requireAny("manage-authorization", "manage-clients");
  else ctx.requireAny("view-authorization", "manage-authorization", "view-clients");
  if (!client.authorization && client.rep.authorizationServicesEnabled !== true) throw notFound();
  return { ctx, client };
}

export const AUTHZ_BASE = "/admin/realms/:realm/clients/:id/authz/resource-server";
