import type { ServerContext } from "../context.ts";
import type { ComponentRecord, GroupRecord, RealmRecord, UserRecord } from "../store/types.ts";
import { first } from "./ldap-config.ts";
import { mappersOf } from "./ldap-mappers.ts";

/** A role reference as Keycloak's hardcoded role mapper stores it: `name`, or `clientId.name` for a client role. */
function roleId(server: ServerContext, realm: RealmRecord, reference: string): string | undefined {
  const roles = [...server.db.iterate("roles", realm.id)];
  const realmRole = roles.find((r) => r.clientId === undefined && r.name === reference);
  if (realmRole) return realmRole.id;
  const clients = server.db.list("clients", realm.id);
  for (let dot = reference.indexOf("."); dot > 0; dot = reference.indexOf(".", dot + 1)) {
    const client = clients.find((c) => c.clientId === reference.slice(0, dot));
    const role = client && roles.find((r) => r.clientId === client.id && r.name === reference.slice(dot + 1));
    if (role) return role.id;
  }
  return undefined;
}

/** A group by its path (`/parent/child`). */
function groupId(server: ServerContext, realm: RealmRecord, path: string): string | undefined {
  const groups = [...server.db.iterate("groups", realm.id)];
  let parent: GroupRecord | undefined;
  for (const name of path.split("/").filter(Boolean)) {
    parent = groups.find((g) => g.name === name && g.parentId === (parent?.id ?? null));
    if (!parent) return undefined;
  }
  return parent?.id;
}

/**
 * The hardcoded role and group mappers: every user of the provider (all, or those of `userIds`) holds the role or
 * belongs to the group. References to missing roles or groups grant nothing.
 */
export async function applyHardcodedMemberships(
  server: ServerContext,
  realm: RealmRecord,
  provider: ComponentRecord,
  userIds?: string[],
): Promise<void> {
  const mappers = mappersOf(server.db.list("components", provider.realmId), provider.id);
  const roles = mappers
    .filter((m) => m.providerId === "hardcoded-ldap-role-mapper")
    .map((m) => roleId(server, realm, first(m.config, "role") ?? ""))
    .filter((id): id is string => !!id);
  const groups = mappers
    .filter((m) => m.providerId === "hardcoded-ldap-group-mapper")
    .map((m) => groupId(server, realm, first(m.config, "group") ?? ""))
    .filter((id): id is string => !!id);
  if (!roles.length && !groups.length) return;
  const wanted = userIds ? new Set(userIds) : undefined;
  const changed: UserRecord[] = [];
  for (const user of server.db.iterate("users", realm.id)) {
    if (user.federationLink !== provider.id || (wanted && !wanted.has(user.id))) continue;
    const missingRoles = roles.filter((id) => !user.roleIds.includes(id));
    const missingGroups = groups.filter((id) => !user.groupIds.includes(id));
    if (missingRoles.length || missingGroups.length)
      changed.push({
        ...user,
        roleIds: [...user.roleIds, ...missingRoles],
        groupIds: [...user.groupIds, ...missingGroups],
      });
  }
  if (changed.length) await server.db.write((tx) => changed.forEach((u) => tx.put("users", u)));
}
