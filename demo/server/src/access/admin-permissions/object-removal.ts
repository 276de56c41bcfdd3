import type { Db, Tx } from "../../store/db.ts";
import type { RealmRecord } from "../../store/types.ts";
import { adminPermissionsClient } from "./setup.ts";

/**
 * When a user, group, client or role is deleted, its own resource in the realm's `admin-permissions` resource
 * server goes too, and the permissions that named it no longer do (as Keycloak's admin permissions listener does).
 */
export function removeObjectResources(db: Db, tx: Tx, realm: RealmRecord, objectIds: Iterable<string>): void {
  const client = adminPermissionsClient(db, realm);
  if (!client) return;
  const ids = new Set(objectIds);
  const removed = new Set<string>();
  for (const resource of db.iterate("authzResources", realm.id))
    if (resource.resourceServerId === client.id && !resource.type && ids.has(resource.name)) {
      removed.add(resource.id);
      tx.delete("authzResources", resource.id);
    }
  if (!removed.size) return;
  for (const policy of db.iterate("authzPolicies", realm.id))
    if (policy.resourceServerId === client.id && policy.resourceIds.some((id) => removed.has(id)))
      tx.put("authzPolicies", { ...policy, resourceIds: policy.resourceIds.filter((id) => !removed.has(id)) });
}
