import type { FastifyRequest } from "fastify";
import type { ServerContext } from "../context.ts";
import type { RealmRecord, UserRecord } from "../store/types.ts";
import { HttpError } from "../http/errors.ts";

/** Keycloak's realm-management role names, used as permission names. */
export type AdminPermission =
  | "view-realm"
  | "manage-realm"
  | "view-users"
  | "manage-users"
  | "query-users"
  | "query-groups"
  | "view-clients"
  | "manage-clients"
  | "query-clients"
  | "create-client"
  | "view-events"
  | "manage-events"
  | "view-identity-providers"
  | "manage-identity-providers"
  | "view-authorization"
  | "manage-authorization"
  | "query-realms"
  | "impersonation"
  | "query-organizations"
  | "view-organizations"
  | "manage-organizations";

export interface AdminRequestContext {
  /** The realm addressed by the URL (`/admin/realms/{realm}/...`). */
  realm: RealmRecord;
  /** The signed-in administrator. */
  user: UserRecord;
  /** The realm the administrator signed in to. */
  authRealm: RealmRecord;
  /** clientId (azp) of the token. */
  clientId: string;
  /** The roles the token's client has in scope (undefined: every role), as Keycloak limits an admin token by them. */
  inTokenScope(roleId: string): boolean;
  /** The user session of the token (sid); service-account tokens have none. */
  sessionId?: string;
  ipAddress: string;
  /** True when the caller holds every named permission in `realm` (manage-x implies view-x and query-x as in Keycloak). */
  has(...permissions: AdminPermission[]): boolean;
  /** Throws 403 unless the caller holds every named permission. */
  require(...permissions: AdminPermission[]): void;
  /** Throws 403 unless the caller holds at least one named permission. */
  requireAny(...permissions: AdminPermission[]): void;
}

/**
 * Authenticates an admin request (bearer token, 401 when missing or invalid),
 * loads the addressed realm (404 `Realm not found.` when missing, after checking
 * the token) and returns what the caller may do there.
 * Implemented by the OIDC/access work; see access/admin-context-impl.ts.
 */
export async function adminContext(
  server: ServerContext,
  req: FastifyRequest,
  realmName: string,
): Promise<AdminRequestContext> {
  const { resolveAdminContext } = await import("./admin-context-impl.ts");
  return resolveAdminContext(server, req, realmName);
}

/** The caller's context in a realm, or undefined when the caller may not address that realm at all (403). */
export async function contextIn(
  server: ServerContext,
  req: FastifyRequest,
  realmName: string,
): Promise<AdminRequestContext | undefined> {
  try {
    return await adminContext(server, req, realmName);
  } catch (error) {
    if (error instanceof HttpError && error.status === 403) return undefined;
    throw error;
  }
}
