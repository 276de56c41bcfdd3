import type { FastifyRequest } from "fastify";
import type { ServerContext } from "../../context.ts";
import { contextIn, type AdminPermission, type AdminRequestContext } from "../../access/admin-context.ts";
import { userEffectiveRoleIds } from "../../access/roles.ts";
import { MASTER_REALM, realmRoleByName } from "../../realm/lookup.ts";
import { REALM_MANAGEMENT_ROLES } from "../../realm/template.ts";

/** Keycloak's AdminRoles.ALL_REALM_ROLES: every realm-management role but impersonation. */
const ADMIN_ROLES = REALM_MANAGEMENT_ROLES.filter((role) => role !== "impersonation") as AdminPermission[];

/**
 * Keycloak's RealmsPermissionEvaluator.isAdmin(), which `GET /admin/serverinfo` requires: an administrator of the realm
 * signed in to holds one of its admin roles; one of master also counts with the realm role `admin` or `create-realm`,
 * or with an admin role of any realm.
 */
export async function isAnyAdmin(
  server: ServerContext,
  req: FastifyRequest,
  ctx: AdminRequestContext,
): Promise<boolean> {
  if (ADMIN_ROLES.some((role) => ctx.has(role))) return true;
  if (ctx.authRealm.realm !== MASTER_REALM) return false;
  const roles = userEffectiveRoleIds(server.db, ctx.user);
  for (const name of ["admin", "create-realm"]) {
    const role = realmRoleByName(server.db, ctx.authRealm.id, name);
    if (role && roles.has(role.id)) return true;
  }
  for (const realm of server.db.all("realms")) {
    if (realm.id === ctx.authRealm.id) continue;
    const inRealm = await contextIn(server, req, realm.realm);
    if (inRealm && ADMIN_ROLES.some((role) => inRealm.has(role))) return true;
  }
  return false;
}
