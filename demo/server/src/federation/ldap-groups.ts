import { Attribute, Change, type Entry } from "ldapts";
import type { ServerContext } from "../context.ts";
import type { ComponentRecord, GroupRecord, RealmRecord, UserRecord } from "../store/types.ts";
import { newId, now } from "../common/ids.ts";
import { first, ldapConfig } from "./ldap-config.ts";
import { attributeValue, attributeValues, withConnection } from "./ldap-connection.ts";
import { mappersOf } from "./ldap-mappers.ts";

const LDAP_ENTRY_DN = "LDAP_ENTRY_DN";

/** The key an LDAP membership value names a user by (its DN or its username), lower-cased. */
export const membershipKey = (user: UserRecord, type: GroupMapping["membershipType"]) =>
  ((type === "DN" ? user.attributes[LDAP_ENTRY_DN]?.[0] : user.username) ?? "").toLowerCase();

/** Entry name → the membership keys it lists. */
export function membersByEntry(entries: Entry[], mapping: GroupMapping): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const entry of entries) {
    const name = attributeValue(entry, mapping.nameAttribute);
    if (!name) continue;
    out.set(name, new Set(attributeValues(entry, mapping.membershipAttribute).map((m) => m.toLowerCase())));
  }
  return out;
}

export interface MapperSyncResult {
  ignored: boolean;
  added: number;
  updated: number;
  removed: number;
  failed: number;
}

/** Where a group or role mapper finds its entries in LDAP and how they name their members. */
export interface GroupMapping {
  groupsDn: string;
  nameAttribute: string;
  objectClasses: string[];
  membershipAttribute: string;
  membershipType: "DN" | "UID";
  userAttribute: string;
  filter: string;
  dropMissing: boolean;
}

function groupMapping(mapper: ComponentRecord): GroupMapping {
  const c = mapper.config;
  return {
    groupsDn: first(c, "groups.dn") ?? "",
    nameAttribute: first(c, "group.name.ldap.attribute") || "cn",
    objectClasses: (first(c, "group.object.classes") || "groupOfNames")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    membershipAttribute: first(c, "membership.ldap.attribute") || "member",
    membershipType: first(c, "membership.attribute.type") === "UID" ? "UID" : "DN",
    userAttribute: first(c, "membership.user.ldap.attribute") || "uid",
    filter: (first(c, "groups.ldap.filter") ?? "").trim(),
    dropMissing: first(c, "drop.non.existing.groups.during.sync") === "true",
  };
}

export function groupMappersOf(server: ServerContext, provider: ComponentRecord): ComponentRecord[] {
  return mappersOf(server.db.list("components", provider.realmId), provider.id).filter(
    (m) => m.providerId === "group-ldap-mapper",
  );
}

export async function readGroups(provider: ComponentRecord, mapping: GroupMapping): Promise<Entry[]> {
  const parts = mapping.objectClasses.map((oc) => `(objectClass=${oc})`);
  if (mapping.filter) parts.push(mapping.filter);
  const filter = parts.length === 1 ? parts[0] : `(&${parts.join("")})`;
  return withConnection(ldapConfig(provider), async (client) => {
    const { searchEntries } = await client.search(mapping.groupsDn, {
      scope: "sub",
      filter,
      attributes: [mapping.nameAttribute, mapping.membershipAttribute],
    });
    return searchEntries;
  });
}

function topLevelGroups(server: ServerContext, realm: RealmRecord): Map<string, GroupRecord> {
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
  const entries = await readGroups(provider, mapping);
  const existing = topLevelGroups(server, realm);
  const result: MapperSyncResult = { ignored: false, added: 0, updated: 0, removed: 0, failed: 0 };
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
  const dropped = mapping.dropMissing
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
  const entries = await readGroups(provider, mapping);
  const inLdap = new Set(entries.map((e) => attributeValue(e, mapping.nameAttribute)));
  const result: MapperSyncResult = { ignored: false, added: 0, updated: 0, removed: 0, failed: 0 };
  const users = [...server.db.iterate("users", realm.id)].filter((u) => u.federationLink === provider.id);
  await withConnection(ldapConfig(provider), async (client) => {
    for (const group of topLevelGroups(server, realm).values()) {
      const members = users
        .filter((u) => u.groupIds.includes(group.id))
        .map((u) => (mapping.membershipType === "DN" ? u.attributes[LDAP_ENTRY_DN]?.[0] : u.username))
        .filter((m): m is string => !!m);
      try {
        if (inLdap.has(group.name)) {
          if (members.length)
            await client.modify(
              `${mapping.nameAttribute}=${group.name},${mapping.groupsDn}`,
              new Change({
                operation: "replace",
                modification: new Attribute({ type: mapping.membershipAttribute, values: members }),
              }),
            );
          result.updated++;
        } else {
          await client.add(`${mapping.nameAttribute}=${group.name},${mapping.groupsDn}`, {
            objectClass: mapping.objectClasses,
            [mapping.nameAttribute]: group.name,
            // groupOfNames needs a member; an empty group names no one but the directory's root.
            [mapping.membershipAttribute]: members.length ? members : [""],
          });
          result.added++;
        }
      } catch {
        result.failed++;
      }
    }
  });
  return result;
}

/**
 * The group mappers' memberships for users of the provider (all, or those of `userIds`): missing groups are
 * created, and the user's groups of this mapper become those LDAP lists them in.
 */
export async function syncGroupMemberships(
  server: ServerContext,
  realm: RealmRecord,
  provider: ComponentRecord,
  userIds?: string[],
): Promise<void> {
  for (const mapper of groupMappersOf(server, provider)) {
    const mapping = groupMapping(mapper);
    let entries: Entry[];
    try {
      entries = await readGroups(provider, mapping);
    } catch {
      continue;
    }
    await syncGroupsFromLdap(server, realm, provider, mapper);
    const groups = topLevelGroups(server, realm);
    const mapped = new Set<string>();
    const membersOf = new Map<string, Set<string>>();
    for (const entry of entries) {
      const group = groups.get(attributeValue(entry, mapping.nameAttribute) ?? "");
      if (!group) continue;
      mapped.add(group.id);
      for (const member of attributeValues(entry, mapping.membershipAttribute)) {
        const key = member.toLowerCase();
        if (!membersOf.has(key)) membersOf.set(key, new Set());
        membersOf.get(key)!.add(group.id);
      }
    }
    const wanted = userIds ? new Set(userIds) : undefined;
    const changed: UserRecord[] = [];
    for (const user of server.db.iterate("users", realm.id)) {
      if (user.federationLink !== provider.id || (wanted && !wanted.has(user.id))) continue;
      const key = (mapping.membershipType === "DN" ? user.attributes[LDAP_ENTRY_DN]?.[0] : user.username) ?? "";
      const ldapGroups = membersOf.get(key.toLowerCase()) ?? new Set<string>();
      const groupIds = [...user.groupIds.filter((id) => !mapped.has(id)), ...ldapGroups];
      if (groupIds.length !== user.groupIds.length || groupIds.some((id) => !user.groupIds.includes(id)))
        changed.push({ ...user, groupIds });
    }
    if (changed.length) await server.db.write((tx) => changed.forEach((u) => tx.put("users", u)));
  }
}
