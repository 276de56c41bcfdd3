import { Attribute, Change, type Client, type Entry } from "ldapts";
import type { ServerContext } from "../context.ts";
import type { ComponentRecord, RealmRecord, UserRecord } from "../store/types.ts";
import { first, ldapConfig } from "./ldap-config.ts";
import { attributeValue, attributeValues, equals, withConnection } from "./ldap-connection.ts";
import { mappersOf } from "./ldap-mappers.ts";

/**
 * What the group and role mappers share (Keycloak's CommonLDAPGroupMapper): entries under a DN that list their
 * members, a mode, and how a user's entries are found.
 */

/** IMPORT copies memberships when a user is imported; READ_ONLY reads them from LDAP; LDAP_ONLY also writes there. */
export type MembershipMode = "READ_ONLY" | "LDAP_ONLY" | "IMPORT";

export interface MembershipMapping {
  entriesDn: string;
  nameAttribute: string;
  objectClasses: string[];
  membershipAttribute: string;
  membershipType: "DN" | "UID";
  filter: string;
  mode: MembershipMode;
  /** Set when a user's entries are those named by this attribute of the user's own entry ("memberOf" strategy). */
  memberOfAttribute?: string;
}

/** The config keys that differ between the group mapper and the role mapper. */
export interface MembershipKeys {
  dn: string;
  name: string;
  objectClasses: string;
  filter: string;
  /** The retrieve strategy value that reads the user's memberOf attribute. */
  memberOfStrategy: string;
}

export function membershipMapping(mapper: ComponentRecord, keys: MembershipKeys): MembershipMapping {
  const c = mapper.config;
  const mode = first(c, "mode");
  return {
    entriesDn: first(c, keys.dn) ?? "",
    nameAttribute: first(c, keys.name) || "cn",
    objectClasses: (first(c, keys.objectClasses) || "groupOfNames")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    membershipAttribute: first(c, "membership.ldap.attribute") || "member",
    membershipType: first(c, "membership.attribute.type") === "UID" ? "UID" : "DN",
    filter: (first(c, keys.filter) ?? "").trim(),
    mode: mode === "READ_ONLY" || mode === "IMPORT" ? mode : "LDAP_ONLY",
    memberOfAttribute:
      first(c, "user.roles.retrieve.strategy") === keys.memberOfStrategy
        ? first(c, "memberof.ldap.attribute") || "memberOf"
        : undefined,
  };
}

export interface MapperSyncResult {
  ignored: boolean;
  added: number;
  updated: number;
  removed: number;
  failed: number;
}

export const emptyResult = (): MapperSyncResult => ({ ignored: false, added: 0, updated: 0, removed: 0, failed: 0 });

/** The mappers of one type below a provider. */
export function mappersOfType(server: ServerContext, provider: ComponentRecord, type: string): ComponentRecord[] {
  return mappersOf(server.db.list("components", provider.realmId), provider.id).filter((m) => m.providerId === type);
}

/** How an entry's membership attribute names a user: its DN or its username. */
export const memberValue = (user: UserRecord, mapping: MembershipMapping): string | undefined =>
  mapping.membershipType === "DN" ? user.attributes.LDAP_ENTRY_DN?.[0] : user.username;

const entryDn = (mapping: MembershipMapping, name: string) => `${mapping.nameAttribute}=${name},${mapping.entriesDn}`;

function entriesFilter(mapping: MembershipMapping, extra?: string): string {
  const parts = mapping.objectClasses.map((oc) => `(objectClass=${oc})`);
  if (mapping.filter) parts.push(mapping.filter);
  if (extra) parts.push(extra);
  return parts.length === 1 ? parts[0]! : `(&${parts.join("")})`;
}

async function searchEntries(client: Client, mapping: MembershipMapping, extra?: string): Promise<Entry[]> {
  const { searchEntries } = await client.search(mapping.entriesDn, {
    scope: "sub",
    filter: entriesFilter(mapping, extra),
    attributes: [mapping.nameAttribute, mapping.membershipAttribute],
  });
  return searchEntries;
}

/** The mapper's entry named `name`, with its members (undefined when the directory has none). */
export async function entryNamed(client: Client, mapping: MembershipMapping, name: string): Promise<Entry | undefined> {
  return (await searchEntries(client, mapping, equals(mapping.nameAttribute, name).toString()))[0];
}

/**
 * The mapper's entries that hold one user, read for that user alone (READ_ONLY and LDAP_ONLY mappers read them on
 * every use): entries listing the user in their membership attribute, or (memberOf strategy) the entries under the
 * mapper's DN that the user's own attribute names.
 */
export function entriesHoldingUser(
  provider: ComponentRecord,
  mapping: MembershipMapping,
  user: UserRecord,
): Promise<Entry[]> {
  return withConnection(ldapConfig(provider), async (client) => {
    const attribute = mapping.memberOfAttribute;
    if (!attribute) {
      const member = memberValue(user, mapping);
      return member ? searchEntries(client, mapping, equals(mapping.membershipAttribute, member).toString()) : [];
    }
    const dn = user.attributes.LDAP_ENTRY_DN?.[0];
    if (!dn) return [];
    const { searchEntries: own } = await client.search(dn, { scope: "base", attributes: [attribute] });
    const under = `,${normalDn(mapping.entriesDn)}`;
    const found: Entry[] = [];
    for (const value of attributeValues(own[0] ?? { dn }, attribute)) {
      if (!normalDn(value).endsWith(under)) continue;
      const hit = await client
        .search(value, { scope: "base", filter: entriesFilter(mapping), attributes: [mapping.nameAttribute] })
        .catch(() => ({ searchEntries: [] as Entry[] }));
      found.push(...hit.searchEntries);
    }
    return found;
  });
}

export const normalDn = (dn: string) => dn.toLowerCase().replace(/\s*,\s*/g, ",");

/** The mapper's group or role entries. */
export function readEntries(provider: ComponentRecord, mapping: MembershipMapping): Promise<Entry[]> {
  return withConnection(ldapConfig(provider), (client) => searchEntries(client, mapping));
}

/**
 * For each of `users`, the names of the entries the user belongs to: entries listing the user in their membership
 * attribute, or (memberOf strategy) the entries the user's own memberOf attribute names.
 */
async function entryNamesOfUsers(
  provider: ComponentRecord,
  mapping: MembershipMapping,
  entries: Entry[],
  users: UserRecord[],
): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  if (mapping.memberOfAttribute) {
    const nameByDn = new Map<string, string>();
    for (const entry of entries) {
      const name = attributeValue(entry, mapping.nameAttribute);
      if (name) nameByDn.set(entry.dn.toLowerCase(), name);
    }
    const attribute = mapping.memberOfAttribute;
    await withConnection(ldapConfig(provider), async (client) => {
      for (const user of users) {
        const dn = user.attributes.LDAP_ENTRY_DN?.[0];
        if (!dn) continue;
        const { searchEntries: own } = await client.search(dn, { scope: "base", attributes: [attribute] });
        const names = attributeValues(own[0] ?? { dn }, attribute)
          .map((value) => nameByDn.get(value.toLowerCase()))
          .filter((name): name is string => !!name);
        out.set(user.id, new Set(names));
      }
    });
    return out;
  }
  const namesByMember = new Map<string, Set<string>>();
  for (const entry of entries) {
    const name = attributeValue(entry, mapping.nameAttribute);
    if (!name) continue;
    for (const member of attributeValues(entry, mapping.membershipAttribute)) {
      const key = member.toLowerCase();
      if (!namesByMember.has(key)) namesByMember.set(key, new Set());
      namesByMember.get(key)!.add(name);
    }
  }
  for (const user of users)
    out.set(user.id, namesByMember.get((memberValue(user, mapping) ?? "").toLowerCase()) ?? new Set());
  return out;
}

/**
 * IMPORT mode: the users just imported (`createdIds`) get the memberships LDAP holds copied into `field` (groupIds or
 * roleIds), as Keycloak copies them on import only; other modes store nothing.
 */
export async function applyMemberships(
  server: ServerContext,
  realm: RealmRecord,
  provider: ComponentRecord,
  mapping: MembershipMapping,
  entries: Entry[],
  idByName: Map<string, string>,
  field: "groupIds" | "roleIds",
  createdIds: string[],
): Promise<void> {
  // READ_ONLY and LDAP_ONLY memberships are never stored: they are read from the directory on every use.
  if (mapping.mode !== "IMPORT" || !createdIds.length) return;
  const wanted = new Set(createdIds);
  const users: UserRecord[] = [];
  for (const user of server.db.iterate("users", realm.id))
    if (user.federationLink === provider.id && wanted.has(user.id)) users.push(user);
  const mapped = new Set<string>();
  for (const entry of entries) {
    const id = idByName.get(attributeValue(entry, mapping.nameAttribute) ?? "");
    if (id) mapped.add(id);
  }
  const namesOf = await entryNamesOfUsers(provider, mapping, entries, users);
  const changed: UserRecord[] = [];
  for (const user of users) {
    const fromLdap = [...(namesOf.get(user.id) ?? [])].map((name) => idByName.get(name)).filter((id) => !!id);
    const ids = [...new Set([...user[field].filter((id) => !mapped.has(id)), ...(fromLdap as string[])])];
    if (ids.length !== user[field].length || ids.some((id) => !user[field].includes(id)))
      changed.push({ ...user, [field]: ids });
  }
  if (changed.length) await server.db.write((tx) => changed.forEach((u) => tx.put("users", u)));
}

/**
 * Keycloak's groups or roles to LDAP: each item missing in the directory is created with the LDAP members holding
 * it; present ones get the members they lack added (as Keycloak, members LDAP holds are never removed).
 */
export async function pushEntries(
  provider: ComponentRecord,
  mapping: MembershipMapping,
  items: { name: string; members: string[] }[],
): Promise<MapperSyncResult> {
  const result = emptyResult();
  await withConnection(ldapConfig(provider), async (client) => {
    const inLdap = new Map<string, Entry>();
    for (const entry of await searchEntries(client, mapping))
      inLdap.set(attributeValue(entry, mapping.nameAttribute) ?? "", entry);
    for (const { name, members } of items) {
      try {
        const entry = inLdap.get(name);
        if (entry) {
          const held = new Set(attributeValues(entry, mapping.membershipAttribute).map((m) => m.toLowerCase()));
          const missing = members.filter((m) => !held.has(m.toLowerCase()));
          if (missing.length)
            await client.modify(
              entry.dn,
              new Change({
                operation: "add",
                modification: new Attribute({ type: mapping.membershipAttribute, values: missing }),
              }),
            );
          result.updated++;
        } else {
          await client.add(entryDn(mapping, name), {
            objectClass: mapping.objectClasses,
            [mapping.nameAttribute]: name,
            // groupOfNames needs a member; an empty one names no one but the directory's root.
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

/** Whether the entry `name` lists the user (READ_ONLY refuses removing such a membership). */
export async function listsMember(
  provider: ComponentRecord,
  mapping: MembershipMapping,
  name: string,
  user: UserRecord,
): Promise<boolean> {
  const member = memberValue(user, mapping);
  if (!member) return false;
  const found = await withConnection(ldapConfig(provider), (client) =>
    searchEntries(
      client,
      mapping,
      `(&${equals(mapping.nameAttribute, name)}${equals(mapping.membershipAttribute, member)})`,
    ),
  );
  return found.length > 0;
}

/** LDAP_ONLY: adds the user to the entry `name` (created when missing) or removes the user from it. */
export async function writeMembership(
  provider: ComponentRecord,
  mapping: MembershipMapping,
  name: string,
  user: UserRecord,
  operation: "add" | "delete",
): Promise<void> {
  const member = memberValue(user, mapping);
  if (!member) return;
  await withConnection(ldapConfig(provider), async (client) => {
    const [entry] = await searchEntries(client, mapping, equals(mapping.nameAttribute, name).toString());
    if (!entry) {
      if (operation === "add")
        await client.add(entryDn(mapping, name), {
          objectClass: mapping.objectClasses,
          [mapping.nameAttribute]: name,
          [mapping.membershipAttribute]: [member],
        });
      return;
    }
    const current = attributeValues(entry, mapping.membershipAttribute);
    const others = current.filter((m) => m.toLowerCase() !== member.toLowerCase());
    const values = operation === "add" ? [...others, member] : others;
    await client.modify(
      entry.dn,
      new Change({
        operation: "replace",
        // groupOfNames needs a member: the last one leaving leaves the empty placeholder.
        modification: new Attribute({ type: mapping.membershipAttribute, values: values.length ? values : [""] }),
      }),
    );
  });
}
