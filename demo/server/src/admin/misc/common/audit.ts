import type { ServerContext } from "../../../context.ts";
import type { AdminRequestContext } from "../../../access/admin-context.ts";
import type { AdminEventRecord } from "../../../store/types.ts";
import { recordAdminEvent } from "../../../events/record.ts";

/** Records the admin event of a successful mutation, with the caller's auth details as Keycloak fills them. */
export async function audit(
  server: ServerContext,
  ctx: AdminRequestContext,
  operationType: AdminEventRecord["operationType"],
  resourceType: string,
  resourcePath: string,
  representation?: unknown,
): Promise<void> {
  // Keycloak's authDetails.clientId is the internal id of the token's client.
  const client = server.db.list("clients", ctx.authRealm.id).find((c) => c.clientId === ctx.clientId);
  await recordAdminEvent(server, ctx.realm, {
    operationType,
    resourceType,
    resourcePath,
    representation,
    authDetails: { realmId: ctx.authRealm.id, clientId: client?.id ?? ctx.clientId, userId: ctx.user.id, ipAddress: ctx.ipAddress },
  });
}
