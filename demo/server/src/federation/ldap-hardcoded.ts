import type { Db } from "../store/db.ts";
import type { UserRecord } from "../store/types.ts";
import { first, LDAP_MAPPER_TYPE } from "./ldap-config.ts";
import { parseProxiedUserId } from "./proxied-users.ts";

const HARDCODED_ROLE = "hardcoded-ldap-role-mapper";
const HARDCODED_GROUP = "hardcoded-ldap-group-mapper";

/** A role reference as Keycloak's hardcoded role mapper stores it: `name`, or `clientId.name` for a client role. */
export function findRoleId(db: Db, realmId: string, reference: string): string | undefined {
  const roles = db.list("roles", realmId);
  const realmRole = roles.find((r) => r.clientId === undefined && r.name === reference);
  if (realmRole) return realmRole.id;
  const clients = db.list("clients", realmId);
  for (let dot = reference.indexOf("."); dot > 0; dot = reference.indexOf(".", dot + 1)) {
    const client = clients.find((c) => c.clientId === reference.slice(0, dot));
    const role = client && roles.find((r) => r.clientId === client.id && r.name === reference.slice(dot + 1));
    if (role) return role.id;
  }
  return undefined;
}

/** A group by its path (`/parent/child`). */
export function findGroupId(db: Db, realmId: string, path: string): string | undefined {
  const groups = db.list("groups", realmId);
  let parent: { id: string } | undefined;
  for (const name of path.split("/").filter(Boolean)) {
    parent = groups.find((g) => g.name === name && g.parentId === (parent?.id ?? null));
    if (!parent) return undefined;
  }
  return parent?.id;
}

export interface Memberships {
  roleIds: string[];
  groupIds: string[];
}

/**
 * The roles and groups the hardcoded role and group mappers of a directory user's provider give it. As in Keycloak
 * they are never stored: the user's role mappings and groups show them, and they cannot be removed. References to
 * missing roles or groups give nothing.
 */
export function hardcodedMemberships(db: Db, user: UserRecord): Memberships {
  const providerId = user.federationLink ?? parseProxiedUserId(user.id)?.providerId;
  const out: Memberships = { roleIds: [], groupIds: [] };
  if (!providerId) return out;
  for (const mapper of db.list("components", user.realmId)) {
    if (mapper.parentId !== providerId || mapper.providerType !== LDAP_MAPPER_TYPE) continue;
    const id =
      mapper.providerId === HARDCODED_ROLE
        ? findRoleId(db, user.realmId, first(mapper.config, "role") ?? "")
        : mapper.providerId === HARDCODED_GROUP
          ? findGroupId(db, user.realmId, first(mapper.config, "group") ?? "")
          : undefined;
    if (id) out[mapper.providerId === HARDCODED_ROLE ? "roleIds" : "groupIds"].push(id);
  }
  return out;
}

/** The user with its hardcoded roles and groups added (the same record when there are none). */
export function withHardcodedMemberships(db: Db, user: UserRecord): UserRecord {
  if (!user.federationLink && !parseProxiedUserId(user.id)) return user;
  const { roleIds, groupIds } = hardcodedMemberships(db, user);
  if (!roleIds.length && !groupIds.length) return user;
  return {
    ...user,
    roleIds: [...new Set([...user.roleIds, ...roleIds])],
    groupIds: [...new Set([...user.groupIds, ...groupIds])],
  };
}
