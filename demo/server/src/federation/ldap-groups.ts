import type { ServerContext } from "../context.ts";
import type { ComponentRecord, GroupRecord, RealmRecord } from "../store/types.ts";
import { newId, now } from "../common/ids.ts";
import { first } from "./ldap-config.ts";
import { attributeValue } from "./ldap-connection.ts";
import {
  applyMemberships,
  emptyResult,
  mappersOfType,
  membershipMapping,
  memberValue,
  pushEntries,
  readEntries,
  type MapperSyncResult,
  type MembershipMapping,
} from "./ldap-memberships.ts";

export type { MapperSyncResult };

export const GROUP_MAPPER = "group-ldap-mapper";

export function groupMapping(mapper: ComponentRecord): MembershipMapping {
  return membershipMapping(mapper, {
    dn: "groups.dn",
    name: "group.name.ldap.attribute",
    objectClasses: "group.object.classes",
    filter: "groups.ldap.filter",
    memberOfStrategy: "GET_GROUPS_FROM_USER_MEMBEROF_ATTRIBUTE",
  });
}

export const groupMappersOf = (server: ServerContext, provider: ComponentRecord) =>
  mappersOfType(server, provider, GROUP_MAPPER);

export function topLevelGroups(server: ServerContext, realm: RealmRecord): Map<string, GroupRecord> {
  const byName = new Map<string, GroupRecord>();
  for (const group of server.db.iterate("groups", realm.id)) if (group.parentId === null) byName.set(group.name, group);
  return byName;
}

/** LDAP groups to Keycloak (top-level groups by name); with "drop non-existing groups", others linked before go. */
export async function syncGroupsFromLdap(
  server: ServerContext,
  realm: RealmRecord,
  provider: ComponentRecord,
  mapper: ComponentRecord,
): Promise<MapperSyncResult> {
  const mapping = groupMapping(mapper);
  const entries = await readEntries(provider, mapping);
  const existing = topLevelGroups(server, realm);
  const result = emptyResult();
  const puts: GroupRecord[] = [];
  const names = new Set<string>();
  for (const entry of entries) {
    const name = attributeValue(entry, mapping.nameAttribute);
    if (!name) {
      result.failed++;
      continue;
    }
    names.add(name);
    const group = existing.get(name);
    if (group) {
      result.updated++;
      puts.push({ ...group, attributes: { ...group.attributes, LDAP_ID: [entry.dn] } });
    } else {
      result.added++;
      puts.push({
        id: newId(),
        realmId: realm.id,
        name,
        parentId: null,
        attributes: { LDAP_ID: [entry.dn] },
        roleIds: [],
        createdTimestamp: now(),
      });
    }
  }
  const dropped =
    first(mapper.config, "drop.non.existing.groups.during.sync") === "true"
      ? [...existing.values()].filter((g) => g.attributes.LDAP_ID && !names.has(g.name))
      : [];
  result.removed = dropped.length;
  await server.db.write((tx) => {
    puts.forEach((g) => tx.put("groups", g));
    dropped.forEach((g) => tx.delete("groups", g.id));
  });
  return result;
}

/** Keycloak's top-level groups to LDAP: groups missing in the directory are created with their LDAP members. */
export async function syncGroupsToLdap(
  server: ServerContext,
  realm: RealmRecord,
  provider: ComponentRecord,
  mapper: ComponentRecord,
): Promise<MapperSyncResult> {
  const mapping = groupMapping(mapper);
  const users = [...server.db.iterate("users", realm.id)].filter((u) => u.federationLink === provider.id);
  const items = [...topLevelGroups(server, realm).values()].map((group) => ({
    name: group.name,
    members: users
      .filter((u) => u.groupIds.includes(group.id))
      .map((u) => memberValue(u, mapping))
      .filter((m): m is string => !!m),
  }));
  return pushEntries(provider, mapping, items);
}

/**
 * IMPORT-mode group mappers copy the memberships LDAP holds to the users just imported (`createdIds`), creating
 * missing groups; READ_ONLY and LDAP_ONLY mappers are read on every use instead (ldap-directory-memberships.ts).
 */
export async function syncGroupMemberships(
  server: ServerContext,
  realm: RealmRecord,
  provider: ComponentRecord,
  createdIds: string[],
): Promise<void> {
  if (!createdIds.length) return;
  for (const mapper of groupMappersOf(server, provider)) {
    const mapping = groupMapping(mapper);
    if (mapping.mode !== "IMPORT") continue;
    try {
      const entries = await readEntries(provider, mapping);
      await syncGroupsFromLdap(server, realm, provider, mapper);
      const ids = new Map([...topLevelGroups(server, realm)].map(([name, g]) => [name, g.id]));
      await applyMemberships(server, realm, provider, mapping, entries, ids, "groupIds", createdIds);
    } catch {
      continue;
    }
  }
}
