import type { FastifyRequest } from "fastify";
import type { ServerContext } from "../context.ts";
import type { AdminRequestContext } from "./admin-context-types.ts";
import { resolveAdminContext } from "./admin-context-impl.ts";
import { HttpError } from "../http/errors.ts";

export type { AdminPermission, AdminRequestContext } from "./admin-context-types.ts";

/**
 * Authenticates an admin request (bearer token, 401 when missing or invalid),
 * loads the addressed realm (404 `Realm not found.` when missing, after checking
 * the token) and returns what the caller may do there.
 */
export async function adminContext(
  server: ServerContext,
  req: FastifyRequest,
  realmName: string,
): Promise<AdminRequestContext> {
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
