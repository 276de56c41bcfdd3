import type { ServerContext } from "../../context.ts";
import type { AdminRequestContext } from "../../access/admin-context.ts";
import type { AdminEventRecord } from "../../store/types.ts";
import { recordAdminEvent } from "../../events/record.ts";

/** Records a successful admin mutation made by the caller of `ctx`. */
export function adminEvent(
  server: ServerContext,
  ctx: AdminRequestContext,
  operationType: AdminEventRecord["operationType"],
  resourceType: string,
  resourcePath: string,
  representation?: unknown,
): Promise<void> {
  return recordAdminEvent(server, ctx.realm, {
    operationType,
    resourceType,
    resourcePath,
    representation,
    authDetails: { realmId: ctx.authRealm.id, clientId: ctx.clientId, userId: ctx.user.id, ipAddress: ctx.ipAddress },
  });
}
