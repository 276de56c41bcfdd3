import type { FastifyRequest } from "fastify";
import type { ServerContext } from "../context.ts";
import type { AdminPermission, AdminRequestContext } from "./admin-context-types.ts";
import { forbidden, HttpError } from "../http/errors.ts";
import { realmByName } from "../oidc/lookup.ts";
import { authenticateBearer } from "./authenticate.ts";
import { clientScopeRoleIds } from "../oidc/role-claims.ts";
import { adminRoleNames, managementClient, MASTER_REALM } from "./permissions.ts";
import { objectAccess } from "./object-access.ts";
import { adminPermissionsOn } from "./admin-permissions/setup.ts";
import { isFeatureEnabled } from "../admin/server-info/features.ts";

/**
 * Keycloak's admin authentication: the bearer token's realm is the realm the
 * administrator signed in to; only master administrators may address other
 * realms. Permissions come from the management client's roles.
 */
export async function resolveAdminContext(
  server: ServerContext,
  req: FastifyRequest,
  realmName: string,
): Promise<AdminRequestContext> {
  const identity = await authenticateBearer(server, req);
  const realm = realmByName(server.db, realmName);
  if (!realm) throw new HttpError(404, { error: "Realm not found." });
  const authRealm = identity.realm;
  if (authRealm.realm !== MASTER_REALM && authRealm.id !== realm.id) throw forbidden();
  const management = managementClient(server.db, authRealm, realm);
  const held = adminRoleNames(server.db, identity.user, identity.client, management);
  const has = (...permissions: AdminPermission[]) => permissions.every((p) => held.has(p));
  const scope = identity.client ? clientScopeRoleIds(server.db, identity.client, []) : undefined;
  const inTokenScope = (roleId: string) => !scope || scope.has(roleId);
  const v2Enabled =
    isFeatureEnabled("ADMIN_FINE_GRAINED_AUTHZ_V2", server.config.features) && adminPermissionsOn(realm);
  const access = objectAccess(server.db, realm, identity.user, held, v2Enabled);
  return {
    realm,
    user: identity.user,
    authRealm,
    clientId: identity.token.azp ?? "",
    inTokenScope,
    sessionId: identity.token.sid,
    ipAddress: req.ip,
    has,
    require(...permissions) {
      if (!has(...permissions)) throw forbidden();
    },
    requireAny(...permissions) {
      if (!permissions.some((p) => held.has(p))) throw forbidden();
    },
    mayUser: access.mayUser,
    requireUser(scope, user) {
      if (!access.mayUser(scope, user)) throw forbidden();
    },
    usersReach: access.usersReach,
    mayGroup: access.mayGroup,
    requireGroup(scope, group) {
      if (!access.mayGroup(scope, group)) throw forbidden();
    },
    mayAllUsers: access.mayAllUsers,
    mayAllGroups: access.mayAllGroups,
    groupsVisible: access.groupsVisible,
    mayClient: access.mayClient,
    requireClientScope(scope, client) {
      if (!access.mayClient(scope, client)) throw forbidden();
    },
    clientsVisible: access.clientsVisible,
    mayAllClients: access.mayAllClients,
    mayRole: access.mayRole,
    ownGrants: access.ownGrants,
  };
}
