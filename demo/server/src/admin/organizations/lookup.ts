import type { FastifyRequest } from "fastify";
import type { ServerContext } from "../../context.ts";
import { adminContext, type AdminRequestContext } from "../../access/admin-context.ts";
import type { OrganizationRecord, RealmRecord } from "../../store/types.ts";
import { HttpError, notFound } from "../../http/errors.ts";
import { paramsOf } from "../common/query.ts";

export function organizationsEnabled(realm: RealmRecord): boolean {
  return realm.settings.organizationsEnabled === true;
}

/** Admin context for an organizations call: manage-realm as Keycloak requires, then 404 while the realm has organizations off. */
export async function organizationsContext(server: ServerContext, req: FastifyRequest): Promise<AdminRequestContext> {
  const ctx = await adminContext(server, req, paramsOf(req).realm);
  ctx.require("manage-realm");
  if (!organizationsEnabled(ctx.realm))
    // Keycloak answers this one through ErrorResponse: errorMessage, not error
    throw new HttpError(404, { errorMessage: "Organizations not enabled for this realm." });
  return ctx;
}

export function requireOrganization(server: ServerContext, ctx: AdminRequestContext, id: string): OrganizationRecord {
  const org = server.db.get("organizations", id);
  if (!org || org.realmId !== ctx.realm.id) throw notFound("Organization not found.");
  return org;
}

export const organizationPath = (orgId: string, ...rest: string[]) => ["organizations", orgId, ...rest].join("/");
