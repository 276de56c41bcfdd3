import type { ServerContext } from "../context.ts";
import type { RealmRecord } from "../store/types.ts";
import { importRealm } from "./import.ts";
import type { RealmRep } from "./representation.ts";

/**
 * Creates a realm as Keycloak's `POST /admin/realms` does: the new-realm
 * template (built-in clients, roles, scopes, flows, required actions, key
 * providers, user profile) overlaid with the given representation, and the
 * `{realm}-realm` management client in master. 409 when the name is taken.
 */
export function createRealm(server: ServerContext, rep: RealmRep): Promise<RealmRecord> {
  return importRealm(server, rep, { fromTemplate: true });
}
