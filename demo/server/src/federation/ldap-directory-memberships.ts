import type { ServerContext } from "../context.ts";
import type { Db } from "../store/db.ts";
import type { GroupRecord, RealmRecord, RoleRecord, UserRecord } from "../store/types.ts";
import type { Entry } from "ldapts";
import { newId, now } from "../common/ids.ts";
import { attributeValue } from "./ldap-connection.ts";
import { groupMapping, groupMappersOf, topLevelGroups } from "./ldap-groups.ts";
import { entriesHoldingUser } from "./ldap-memberships.ts";
import { roleMapping, roleMappersOf } from "./ldap-roles.ts";
import { ldapProviderOf } from "./ldap-users.ts";
import { withHardcodedMemberships } from "./ldap-hardcoded.ts";

/**
 * READ_ONLY and LDAP_ONLY group and role mappers: a directory user's memberships are read from LDAP whenever the user
 * is used (Keycloak's LDAPGroupMappingsUserDelegate / LDAPRoleMappingsUserDelegate) and never stored. The last read
 * of each user is kept in memory only, for the synchronous code that computes roles and groups during that request.
 */
export interface DirectoryMemberships {
  groupIds: string[];
  roleIds: string[];
  /** An LDAP_ONLY group mapper (top-level groups): the user's stored groups are not shown, only LDAP's. */
  groupsOnlyFromDirectory: boolean;
  /** LDAP_ONLY role mappers' containers (a client's id, or "" for realm roles): stored roles of these are not shown. */
  directoryOnlyContainers: string[];
}

const lastRead = new WeakMap<Db, Map<string, DirectoryMemberships>>();

function readsOf(db: Db): Map<string, DirectoryMemberships> {
  let reads = lastRead.get(db);
  if (!reads) lastRead.set(db, (reads = new Map()));
  return reads;
}

/** What the last read of the user's directory memberships found; undefined when its mappers keep none there. */
export function directoryMemberships(db: Db, userId: string): DirectoryMemberships | undefined {
  return lastRead.get(db)?.get(userId);
}

const containerOf = (role: RoleRecord) => role.clientId ?? "";

/** The user's roles and groups as shown: LDAP_ONLY containers replaced by LDAP's, READ_ONLY ones added to. */
export function withDirectoryMemberships(db: Db, user: UserRecord): UserRecord {
  const read = directoryMemberships(db, user.id);
  if (!read) return user;
  const ldapOnly = new Set(read.directoryOnlyContainers);
  const storedRoles = ldapOnly.size
    ? user.roleIds.filter((id) => {
        const role = db.get("roles", id);
        return !role || !ldapOnly.has(containerOf(role));
      })
    : user.roleIds;
  return {
    ...user,
    roleIds: [...new Set([...storedRoles, ...read.roleIds])],
    groupIds: [...new Set([...(read.groupsOnlyFromDirectory ? [] : user.groupIds), ...read.groupIds])],
  };
}

/** Whether a grant of `role` to the user lives in LDAP only (an LDAP_ONLY role mapper maps its container). */
export function roleKeptInDirectory(db: Db, user: UserRecord, role: RoleRecord): boolean {
  return !!directoryMemberships(db, user.id)?.directoryOnlyContainers.includes(containerOf(role));
}

/**
 * Reads the user's memberships from its provider's READ_ONLY and LDAP_ONLY mappers (groups and roles LDAP names that
 * this realm lacks are created, as Keycloak does on reading them). A directory that cannot be reached gives none.
 */
export async function readDirectoryMemberships(
  server: ServerContext,
  realm: RealmRecord,
  user: UserRecord,
): Promise<void> {
  const reads = readsOf(server.db);
  const provider = ldapProviderOf(server, user);
  // Each mapper with the role container it maps (a client's id or "" for realm roles); undefined for group mappers.
  const live = provider
    ? [
        ...groupMappersOf(server, provider).map((m) => ({ mapping: groupMapping(m), container: undefined })),
        ...roleMappersOf(server, provider)
          .map((m) => roleMapping(server, realm, m))
          .map((mapping) => ({ mapping, container: mapping.clientId ?? "" })),
      ].filter(({ mapping, container }) => mapping.mode !== "IMPORT" && container !== "-")
    : [];
  if (!provider || !live.length) {
    reads.delete(user.id);
    return;
  }
  const read: DirectoryMemberships = {
    groupIds: [],
    roleIds: [],
    groupsOnlyFromDirectory: false,
    directoryOnlyContainers: [],
  };
  const freshGroups: GroupRecord[] = [];
  const freshRoles: RoleRecord[] = [];
  for (const { mapping, container } of live) {
    if (mapping.mode === "LDAP_ONLY") {
      if (container === undefined) read.groupsOnlyFromDirectory = true;
      else read.directoryOnlyContainers.push(container);
    }
    let entries: Entry[];
    try {
      entries = await entriesHoldingUser(provider, mapping, user);
    } catch {
      continue;
    }
    const byName = new Map<string, string>();
    if (container === undefined) {
      for (const [name, group] of topLevelGroups(server, realm)) byName.set(name, group.id);
      for (const group of freshGroups) byName.set(group.name, group.id);
    } else {
      for (const role of [...server.db.iterate("roles", realm.id), ...freshRoles])
        if (containerOf(role) === container) byName.set(role.name, role.id);
    }
    for (const entry of entries) {
      const name = attributeValue(entry, mapping.nameAttribute);
      if (!name) continue;
      let id = byName.get(name);
      if (!id && container === undefined) {
        const group: GroupRecord = {
          id: newId(),
          realmId: realm.id,
          name,
          parentId: null,
          attributes: { LDAP_ID: [entry.dn] },
          roleIds: [],
          createdTimestamp: now(),
        };
        freshGroups.push(group);
        id = group.id;
      } else if (!id) {
        const role: RoleRecord = {
          id: newId(),
          realmId: realm.id,
          name,
          clientId: container || undefined,
          compositeIds: [],
          attributes: {},
        };
        freshRoles.push(role);
        id = role.id;
      }
      byName.set(name, id);
      (container === undefined ? read.groupIds : read.roleIds).push(id);
    }
  }
  if (freshGroups.length || freshRoles.length)
    await server.db.write((tx) => {
      freshGroups.forEach((g) => tx.put("groups", g));
      freshRoles.forEach((r) => tx.put("roles", r));
    });
  reads.set(user.id, read);
}

/** The roles and groups a directory user holds through its provider's mappers: LDAP's (last read) and hardcoded ones. */
export function withMapperMemberships(db: Db, user: UserRecord): UserRecord {
  return withHardcodedMemberships(db, withDirectoryMemberships(db, user));
}
