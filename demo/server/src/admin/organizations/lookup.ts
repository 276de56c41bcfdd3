import type { FastifyRequest } from "fastify";
import type { ServerContext } from "../../context.ts";
import { adminContext, type AdminRequestContext } from "../../access/admin-context.ts";
import type { OrganizationRecord, RealmRecord } from "../../store/types.ts";
import { HttpError, notFound } from "../../http/errors.ts";
import { paramsOf } from "../common/query.ts";

export function organizationsEnabled(realm: RealmRecord): boolean {
  return realm.settings.organizationsEnabled === true;
}

type OrganizationAccess = "query-organizations" | "view-organizations" | "manage-organizations";

/**
 * Admin context for an organizations call, then 404 while the realm has organizations off. manage-realm allows
 * everything; Keycloak 26.7's organization roles allow reading (view, or query for the list) and changing (manage).
 */
export async function organizationsContext(
  server: ServerContext,
  req: FastifyRequest,
  access: OrganizationAccess = req.method === "GET" ? "view-organizations" : "manage-organizations",
): Promise<AdminRequestContext> {
  const ctx = await adminContext(server, req, paramsOf(req).realm);
  ctx.requireAny("manage-realm", access);
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
