import type { FastifyRequest } from "fastify";
import type { ServerContext } from "../context.ts";
import type { AdminRequestContext } from "./admin-context.ts";
import { unauthorized } from "../http/errors.ts";

// Placeholder until the OIDC/access work lands: every admin call is unauthorized.
export async function resolveAdminContext(_server: ServerContext, _req: FastifyRequest, _realmName: string): Promise<AdminRequestContext> {
  throw unauthorized();
}
