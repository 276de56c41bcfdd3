import type { FastifyRequest } from "fastify";
import type { ServerContext } from "../context.ts";
import { recordEvent } from "../events/record.ts";
import type { ClientRecord, RealmRecord } from "../store/types.ts";
import { invalidScopesDescription, isValidScope } from "./scopes.ts";

/**
 * Keycloak's check of a request's `scope` against the client's scopes: undefined when every scope is the client's,
 * else the refusal's description ("Invalid scopes: …"), once the error event (`invalid_request`, the description as
 * its reason, then the caller's details) is recorded. The caller answers the refusal in its own way.
 */
export async function refuseInvalidScopes(
  server: ServerContext,
  realm: RealmRecord,
  client: ClientRecord,
  req: FastifyRequest,
  scope: string | undefined,
  event: { type: string; userId?: string; details: Record<string, string> },
): Promise<string | undefined> {
  if (isValidScope(server.db, client, scope)) return undefined;
  const description = invalidScopesDescription(scope ?? "");
  await recordEvent(server, realm, {
    type: event.type,
    clientId: client.clientId,
    ...(event.userId ? { userId: event.userId } : {}),
    ipAddress: req.ip,
    error: "invalid_request",
    details: { reason: description, ...event.details },
  });
  return description;
}
