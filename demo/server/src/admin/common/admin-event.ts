import type { ServerContext } from "../../context.ts";
import type { AdminRequestContext } from "../../access/admin-context.ts";
import type { AdminEventRecord, RealmRecord } from "../../store/types.ts";
import { recordAdminEvent } from "../../events/record.ts";
import { clientByClientId } from "../../realm/lookup.ts";

/**
 * Records the admin event of a successful mutation made by the caller of `ctx`,
 * in the addressed realm unless another `realm` is given (a realm being renamed or created).
 */
export async function adminEvent(
  server: ServerContext,
  ctx: AdminRequestContext,
  operationType: AdminEventRecord["operationType"],
  resourceType: string,
  resourcePath: string,
  representation?: unknown,
  realm: RealmRecord = ctx.realm,
): Promise<void> {
  await recordAdminEvent(server, realm, {
    operationType,
    resourceType,
    resourcePath,
    representation,
    authDetails: {
      realmId: ctx.authRealm.id,
      // Keycloak's AdminEventBuilder records the internal id of the token's client.
      clientId: clientByClientId(server.db, ctx.authRealm.id, ctx.clientId)?.id ?? ctx.clientId,
      userId: ctx.user.id,
      ipAddress: ctx.ipAddress,
    },
  });
}
