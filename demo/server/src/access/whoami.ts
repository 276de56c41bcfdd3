import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../context.ts";
import type { RealmRecord, UserRecord } from "../store/types.ts";
import { forbidden, HttpError, unauthorized } from "../http/errors.ts";
import { clientAttribute, realmByName } from "../oidc/lookup.ts";
import { authenticateBearer } from "./authenticate.ts";
import { adminRoleNames, managementClient, MASTER_REALM } from "./permissions.ts";
import { objectAccess } from "./object-access.ts";
import { adminPermissionsOn } from "./admin-permissions/setup.ts";
import { isFeatureEnabled } from "../admin/server-info/features.ts";
import { userEffectiveRoleIds } from "./roles.ts";
import { Query, Str } from "../admin/common/schemas.ts";

const WhoAmIQuery = Query({ currentRealm: Str() });

const ADMIN_CONSOLE_CLIENT_ID = "security-admin-console";

function displayName(user: UserRecord): string {
  const names = [user.firstName?.trim(), user.lastName?.trim()].filter(Boolean);
  return names.length ? names.join(" ") : user.username;
}

function userLocale(user: UserRecord, realm: RealmRecord): string {
  const realmDefault = typeof realm.settings.defaultLocale === "string" ? realm.settings.defaultLocale : "";
  return user.attributes.locale?.[0] || realmDefault || "en";
}

/** Names of the management client's roles the user holds (through composites), as the admin console reads them. */
function heldRoleNames(server: ServerContext, user: UserRecord, authRealm: RealmRecord, target: RealmRecord): string[] {
  const client = managementClient(server.db, authRealm, target);
  if (!client) return [];
  const held = userEffectiveRoleIds(server.db, user);
  return server.db
    .list("roles", client.realmId)
    .filter((r) => r.clientId === client.id && held.has(r.id))
    .map((r) => r.name);
}

function holdsRealmRole(server: ServerContext, user: UserRecord, realm: RealmRecord, name: string): boolean {
  const held = userEffectiveRoleIds(server.db, user);
  return server.db.list("roles", realm.id).some((r) => !r.clientId && r.name === name && held.has(r.id));
}

/**
 * What admin permissions v2 grant the user on every object of each type in the realm they signed in to: the
 * console shows type-level actions (Create user, Create group, Create client) from it, which Keycloak's who-am-I
 * cannot (upstream #48085). Absent when v2 is off or decides nothing for the user.
 */
function typeGrants(server: ServerContext, user: UserRecord, realm: RealmRecord) {
  const v2Enabled =
    isFeatureEnabled("ADMIN_FINE_GRAINED_AUTHZ_V2", server.config.features) && adminPermissionsOn(realm);
  if (!v2Enabled) return undefined;
  const held = adminRoleNames(server.db, user, undefined, managementClient(server.db, realm, realm));
  const grants = objectAccess(server.db, realm, user, held, true).typeGrants();
  return Object.keys(grants).length ? grants : undefined;
}

/** GET /admin/{realm}/console/whoami: who the console's user is and what it may do in the current realm. */
export async function registerWhoAmI(app: FastifyInstance, server: ServerContext): Promise<void> {
  app.get<{ Params: { realm: string }; Querystring: { currentRealm?: string } }>(
    "/admin/:realm/console/whoami",
    { schema: { querystring: WhoAmIQuery } },
    async (req) => {
      const realm = realmByName(server.db, req.params.realm);
      if (!realm) throw new HttpError(404, { error: "Realm not found." });
      const identity = await authenticateBearer(server, req);
      if (identity.realm.id !== realm.id) throw unauthorized();
      const azp = identity.token.azp;
      if (
        azp !== ADMIN_CONSOLE_CLIENT_ID &&
        // Keycloak reads the attribute as a Java boolean: "true" in any case
        (!identity.client || clientAttribute(identity.client, "security.admin.console")?.toLowerCase() !== "true")
      )
        throw new HttpError(403, { error: `Token issued for an application that is not the admin console: ${azp}` });

      const user = identity.user;
      const realmAccess: Record<string, string[]> = {};
      let createRealm = false;
      if (realm.realm === MASTER_REALM) {
        createRealm = holdsRealmRole(server, user, realm, "create-realm");
        const currentName = req.query.currentRealm ?? realm.realm;
        const current = realmByName(server.db, currentName);
        if (!current) throw new HttpError(404, { error: "Realm not found" });
        const names = heldRoleNames(server, user, realm, current);
        if (holdsRealmRole(server, user, realm, "admin")) names.push("admin");
        realmAccess[current.realm] = names;
      } else {
        realmAccess[realm.realm] = heldRoleNames(server, user, realm, realm);
      }
      if (Object.values(realmAccess)[0]!.length === 0) throw forbidden();
      const grants = realm.realm === MASTER_REALM ? undefined : typeGrants(server, user, realm);
      return {
        ...(grants ? { admin_permissions: { [realm.realm]: grants } } : {}),
        userId: user.id,
        realm: realm.realm,
        displayName: displayName(user),
        locale: userLocale(user, realm),
        createRealm,
        realm_access: realmAccess,
        temporary: user.attributes.is_temporary_admin?.[0] === "true",
      };
    },
  );
}
