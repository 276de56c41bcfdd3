import type { ServerContext } from "../context.ts";
import type { ClientRecord, RealmRecord, UserRecord, UserSessionRecord } from "../store/types.ts";
import { offlineRequested, offlineSessionFor, offlineTokenAllowed } from "../access/offline-sessions.ts";
import { oauthError } from "./oauth-error.ts";
import { applyScopes } from "./scopes.ts";

/**
 * The session a login's tokens are issued for: its offline session when the
 * request's scope carries offline_access (Keycloak's offline token), else the
 * user session itself. A user without the offline_access role is refused, as
 * Keycloak refuses with `not_allowed`.
 */
export async function grantSession(
  server: ServerContext,
  realm: RealmRecord,
  client: ClientRecord,
  user: UserRecord,
  session: UserSessionRecord,
  scope: string | undefined,
  onRefused: () => Promise<void>,
): Promise<UserSessionRecord> {
  if (!offlineRequested(applyScopes(server.db, client, scope).scopes)) return session;
  if (!offlineTokenAllowed(server, realm, user)) {
    await onRefused();
    throw oauthError(400, "not_allowed", "Offline tokens not allowed for the user or client");
  }
  return offlineSessionFor(server, session, client);
}
