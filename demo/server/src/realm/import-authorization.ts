import type { ServerContext } from "../context.ts";
import type { Db, Tx } from "../store/db.ts";
import type { ClientRecord, RealmRecord } from "../store/types.ts";
import type { ClientRep, GroupRep, RealmRep, UserRep } from "./representation.ts";
import { clientByClientId } from "../oidc/lookup.ts";
import { planImport } from "../admin/authorization/resource-server.ts";
import { ADMIN_PERMISSIONS_CLIENT_ID } from "../access/admin-permissions/schema.ts";
import { adminPermissionsOn, ensureAdminPermissionsClient } from "../access/admin-permissions/setup.ts";
import { groupChain } from "../access/roles.ts";

/**
 * Ids of the exported realm's groups, users, clients and roles mapped to the imported ones (by path, username,
 * clientId and name): the admin-permissions client names its resources and policies by object id, and an import
 * may have given the objects new ids.
 */
function importedIds(db: Db, realm: RealmRecord, rep: RealmRep): Map<string, string> {
  const map = new Map<string, string>();
  const groupByPath = new Map<string, string>();
  for (const group of db.iterate("groups", realm.id)) {
    const path = groupChain(db, group)
      .reverse()
      .map((g) => g.name)
      .join("/");
    groupByPath.set(`/${path}`, group.id);
  }
  const walk = (groups: GroupRep[] | undefined, parent: string) => {
    for (const g of groups ?? []) {
      const path = `${parent}/${g.name}`;
      const id = groupByPath.get(path);
      if (g.id && id) map.set(g.id, id);
      walk(g.subGroups as GroupRep[] | undefined, path);
    }
  };
  walk(rep.groups as GroupRep[] | undefined, "");
  const users = new Map([...db.iterate("users", realm.id)].map((u) => [u.username, u.id]));
  for (const u of (rep.users ?? []) as UserRep[]) {
    const id = u.username ? users.get(u.username.toLowerCase()) : undefined;
    if (u.id && id) map.set(u.id, id);
  }
  for (const c of (rep.clients ?? []) as ClientRep[]) {
    const id = clientByClientId(db, realm, c.clientId)?.id;
    if (c.id && id) map.set(c.id, id);
  }
  const roles = rep.roles as { realm?: { id?: string; name: string }[] } | undefined;
  for (const r of roles?.realm ?? []) {
    const id = [...db.iterate("roles", realm.id)].find((role) => !role.clientId && role.name === r.name)?.id;
    if (r.id && id) map.set(r.id, id);
  }
  return map;
}

function remapIds(value: string, ids: Map<string, string>): string {
  let out = value;
  for (const [from, to] of ids) if (from !== to && out.includes(from)) out = out.split(from).join(to);
  return out;
}

/**
 * A client's `authorizationSettings` (a ResourceServerRepresentation, references by name) checked against the
 * client's resource server as it is: answers what to write, or throws Keycloak's 400 before anything is stored.
 */
export function planClientAuthorization(
  db: Db,
  realm: RealmRecord,
  client: ClientRecord,
  settings: Record<string, unknown>,
): (tx: Tx) => void {
  const plan = planImport(db, realm, client, settings);
  const typeOf = new Map<string, string>();
  for (const p of (settings.policies ?? []) as { name?: string; config?: { resourceType?: string } }[])
    if (p.name && p.config?.resourceType) typeOf.set(p.name, p.config.resourceType);
  return (tx) => {
    client.authorization = plan.settings;
    client.rep.authorizationServicesEnabled = true;
    tx.put("clients", client);
    for (const scope of plan.scopes) tx.put("authzScopes", scope);
    for (const resource of plan.resources) tx.put("authzResources", resource);
    for (const policy of plan.policies) {
      const resourceType = typeOf.get(policy.name);
      tx.put("authzPolicies", resourceType ? { ...policy, config: { ...policy.config, resourceType } } : policy);
    }
  };
}

/**
 * After a realm import or a partial import: each client's `authorizationSettings` (resources, scopes, policies, permissions) imported
 * into its resource server, and the admin-permissions client set up when the realm has them on but the file did
 * not carry it.
 */
export async function importAuthorization(server: ServerContext, realm: RealmRecord, rep: RealmRep): Promise<void> {
  const { db } = server;
  const withSettings = ((rep.clients ?? []) as ClientRep[]).filter(
    (c) => c.authorizationSettings && typeof c.authorizationSettings === "object",
  );
  const ids = withSettings.length ? importedIds(db, realm, rep) : new Map<string, string>();
  for (const c of withSettings) {
    const client = clientByClientId(db, realm, c.clientId);
    if (!client) continue;
    let settings = c.authorizationSettings as Record<string, unknown>;
    if (c.clientId === ADMIN_PERMISSIONS_CLIENT_ID)
      settings = JSON.parse(remapIds(JSON.stringify(settings), ids)) as Record<string, unknown>;
    const write = planClientAuthorization(db, realm, client, settings);
    await db.write((tx) => write(tx));
  }
  const current = db.get("realms", realm.id) ?? realm;
  if (adminPermissionsOn(current) && !clientByClientId(db, current, ADMIN_PERMISSIONS_CLIENT_ID))
    await db.write((tx) => ensureAdminPermissionsClient(db, tx, current));
}
