import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context.ts";
import type { Db, Tx } from "../../store/db.ts";
import type { ClientRecord, ManagementPermissionIds, RealmRecord } from "../../store/types.ts";
import { adminContext } from "../../access/admin-context.ts";
import { newId } from "../../common/ids.ts";
import { HttpError } from "../../http/errors.ts";
import { isFeatureEnabled } from "../server-info/features.ts";
import { masterAdminClientId } from "../../realm/master-admin-client.ts";
import { paramsOf } from "../common/query.ts";
import { requireClient } from "../common/lookups.ts";
import { PermissionsSchema } from "../groups-roles/schemas.ts";
import { clientByClientId } from "./lookups.ts";

/** The scopes of a client's permissions (Keycloak's ClientPermissions), in the order Keycloak lists them. */
export const CLIENT_PERMISSION_SCOPES = [
  "view",
  "manage",
  "configure",
  "map-roles",
  "map-roles-client-scope",
  "map-roles-composite",
  "token-exchange",
] as const;

const MASTER_REALM = "master";

/** The client whose authorization holds a realm's admin permissions: `realm-management`, or `master-realm` in master. */
export function adminPermissionsClient(db: Db, realm: RealmRecord): ClientRecord | undefined {
  const clientId = realm.realm === MASTER_REALM ? masterAdminClientId(MASTER_REALM) : "realm-management";
  return clientByClientId(db, realm, clientId);
}

/** ManagementPermissionReference: `{enabled:false}` when off, as Keycloak's Jackson leaves out nulls. */
export function permissionReference(ids: ManagementPermissionIds | undefined): Record<string, unknown> {
  if (!ids) return { enabled: false };
  return { enabled: true, resource: ids.resource, scopePermissions: { ...ids.scopePermissions } };
}

/**
 * Turns a client's permissions on or off. On creates the resource and one empty scope permission per scope
 * (keeping ids already there), and the realm's admin-permissions client becomes a resource server, which
 * Keycloak keeps when permissions go off again.
 */
export function setClientPermissions(db: Db, tx: Tx, realm: RealmRecord, client: ClientRecord, enabled: boolean): void {
  if (!enabled) {
    delete client.managementPermissions;
    tx.put("clients", client);
    return;
  }
  const existing = client.managementPermissions;
  const scopePermissions: Record<string, string> = {};
  for (const scope of CLIENT_PERMISSION_SCOPES) scopePermissions[scope] = existing?.scopePermissions[scope] ?? newId();
  client.managementPermissions = { resource: existing?.resource ?? newId(), scopePermissions };
  tx.put("clients", client);
  const holder = adminPermissionsClient(db, realm);
  if (holder && holder.id !== client.id && holder.rep.authorizationServicesEnabled !== true) {
    holder.rep = { ...holder.rep, authorizationServicesEnabled: true };
    tx.put("clients", holder);
  }
}

/**
 * Keycloak answers 501 on every management-permissions call (clients, identity providers, …) unless fine-grained
 * admin permissions v1 is on.
 */
export function requireAdminPermissionsV1(server: ServerContext): void {
  if (!isFeatureEnabled("ADMIN_FINE_GRAINED_AUTHZ", server.config.features)) {
    throw new HttpError(501, {
      error: "Feature not enabled",
      error_description: "For more on this error consult the server log.",
    });
  }
}

/** `GET/PUT /clients/{id}/management/permissions` (ClientResource): view-clients to read, manage-clients to change. */
export async function registerClientPermissionRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  const { db } = server;
  const path = "/admin/realms/:realm/clients/:id/management/permissions";

  app.get(path, async (req) => {
    const { realm, id } = paramsOf<"id">(req);
    const ctx = await adminContext(server, req, realm);
    const client = requireClient(db, ctx, id);
    requireAdminPermissionsV1(server);
    ctx.require("view-clients");
    return permissionReference(client.managementPermissions);
  });

  app.put(path, { schema: { body: PermissionsSchema } }, async (req) => {
    const { realm, id } = paramsOf<"id">(req);
    const ctx = await adminContext(server, req, realm);
    const client = requireClient(db, ctx, id);
    requireAdminPermissionsV1(server);
    ctx.require("manage-clients");
    const enabled = (req.body as { enabled?: unknown } | null)?.enabled === true;
    await db.write((tx) => setClientPermissions(db, tx, ctx.realm, client, enabled));
    return permissionReference(client.managementPermissions);
  });
}
