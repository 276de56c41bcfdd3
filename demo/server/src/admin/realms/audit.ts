import type { ServerContext } from "../../context.ts";
import type { AdminRequestContext } from "../../access/admin-context.ts";
import type { AdminEventRecord, RealmRecord } from "../../store/types.ts";
import { recordAdminEvent } from "../../events/record.ts";
import { clientByClientId } from "../../realm/lookup.ts";

/** Records the admin event of a successful realm-level mutation with the caller's auth details. */
export async function auditRealmChange(
  server: ServerContext,
  ctx: AdminRequestContext,
  realm: RealmRecord,
  operationType: AdminEventRecord["operationType"],
  resourcePath: string,
  representation?: unknown,
  resourceType = "REALM",
): Promise<void> {
  await recordAdminEvent(server, realm, {
    operationType,
    resourceType,
    resourcePath,
    representation,
    authDetails: {
      realmId: ctx.authRealm.id,
      clientId: clientByClientId(server.db, ctx.authRealm.id, ctx.clientId)?.id ?? ctx.clientId,
      userId: ctx.user.id,
      ipAddress: ctx.ipAddress,
    },
  });
}
