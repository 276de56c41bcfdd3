import type { Client, Entry } from "ldapts";
import type { ServerContext } from "../context.ts";
import type { ComponentRecord, GroupRecord, RealmRecord, RoleRecord, UserRecord } from "../store/types.ts";
import { ldapConfig, type LdapConfig } from "./ldap-config.ts";
import { anyOf, attributeValue, attributeValues, equals, searchUsers, withConnection } from "./ldap-connection.ts";
import { groupMapping, groupMappersOf } from "./ldap-groups.ts";
import { entryNamed, normalDn, type MembershipMapping } from "./ldap-memberships.ts";
import { roleMapping, roleMappersOf } from "./ldap-roles.ts";
import { ldapProviders, usersByUsernames } from "./ldap-users.ts";

/**
 * Members that READ_ONLY and LDAP_ONLY group and role mappers keep in LDAP only, for the group members and role users
 * lists (Keycloak asks each provider's mappers: GroupLDAPStorageMapper.getGroupMembers, RoleLDAPStorageMapper
 * .getRoleMembers). Only the asked page of an entry's members is loaded: imported, or served without import.
 */

/** One page of an entry's members and how many members the entry has in all. */
interface MembersPage {
  usernames: string[];
  total: number;
}

/** The first attribute value of a DN's first RDN, when that RDN is of `attribute` ("uid=jo\,e,ou=x" gives "jo,e"). */
function firstRdnValue(dn: string, attribute: string): string | undefined {
  const match = /^\s*([^=]+?)\s*=((?:\\.|[^,+])*)/.exec(dn);
  if (!match || match[1]!.toLowerCase() !== attribute.toLowerCase()) return undefined;
  return match[2]!.trim().replace(/\\(.)/g, "$1");
}

/**
 * The page of members an entry lists (Keycloak's MembershipType): DN members under the users DN whose RDN is the RDN
 * attribute, or UID members; or (memberOf strategy) the users whose memberOf names the entry. Sorted, for stable pages.
 */
async function membersOfEntry(
  client: Client,
  config: LdapConfig,
  mapping: MembershipMapping,
  entry: Entry,
  first: number,
  max: number,
): Promise<MembersPage> {
  if (mapping.memberOfAttribute) {
    const users = await searchUsers(client, config, equals(mapping.memberOfAttribute, entry.dn));
    const usernames = users
      .map((u) => attributeValue(u, config.usernameAttribute))
      .filter((u): u is string => !!u)
      .sort();
    return { usernames: usernames.slice(first, first + max), total: usernames.length };
  }
  const values = attributeValues(entry, mapping.membershipAttribute).filter(Boolean);
  if (mapping.membershipType === "UID") {
    const uids = [...new Set(values)].sort();
    return { usernames: uids.slice(first, first + max), total: uids.length };
  }
  const under = `,${normalDn(config.usersDn)}`;
  const dns = [...new Map(values.map((dn) => [normalDn(dn), dn])).entries()]
    .filter(([normal, dn]) => normal.endsWith(under) && firstRdnValue(dn, config.rdnAttribute) !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const shown = dns.slice(first, first + max);
  if (config.usernameAttribute.toLowerCase() === config.rdnAttribute.toLowerCase())
    return { usernames: shown.map(([, dn]) => firstRdnValue(dn, config.rdnAttribute)!), total: dns.length };
  if (!shown.length) return { usernames: [], total: dns.length };
  const wanted = new Set(shown.map(([normal]) => normal));
  const filter = anyOf(shown.map(([, dn]) => equals(config.rdnAttribute, firstRdnValue(dn, config.rdnAttribute)!)));
  const users = (await searchUsers(client, config, filter)).filter((u) => wanted.has(normalDn(u.dn)));
  const usernames = users.map((u) => attributeValue(u, config.usernameAttribute)).filter((u): u is string => !!u);
  return { usernames, total: dns.length };
}

/**
 * One provider's page: the first of its mappers (not IMPORT, whose members are stored here) whose entry `name` has
 * members answers, as Keycloak takes the first mapper with any.
 */
async function providerMembers(
  server: ServerContext,
  realm: RealmRecord,
  provider: ComponentRecord,
  mappings: MembershipMapping[],
  name: string,
  first: number,
  max: number,
): Promise<{ users: UserRecord[]; total: number }> {
  const config = ldapConfig(provider);
  for (const mapping of mappings) {
    if (mapping.mode === "IMPORT") continue;
    let found: MembersPage | undefined;
    try {
      found = await withConnection(config, async (client) => {
        const entry = await entryNamed(client, mapping, name);
        return entry ? membersOfEntry(client, config, mapping, entry, first, max) : undefined;
      });
    } catch {
      continue;
    }
    if (!found?.total) continue;
    const users = found.usernames.length ? await usersByUsernames(server, realm, provider, found.usernames) : [];
    return { users, total: found.total };
  }
  return { users: [], total: 0 };
}

/** A page across the realm's LDAP providers in priority order, each skipping the members the ones before it hold. */
async function directoryMembers(
  server: ServerContext,
  realm: RealmRecord,
  mappingsOf: (provider: ComponentRecord) => MembershipMapping[],
  name: string,
  first: number,
  max: number,
): Promise<UserRecord[]> {
  const out: UserRecord[] = [];
  let skip = first;
  for (const provider of ldapProviders(server, realm)) {
    if (out.length >= max) break;
    const mappings = mappingsOf(provider);
    if (!mappings.length) continue;
    const { users, total } = await providerMembers(server, realm, provider, mappings, name, skip, max - out.length);
    out.push(...users);
    skip = Math.max(skip - total, 0);
  }
  return out;
}

/** LDAP-only members of a top-level group, through the group mappers. */
export function directoryGroupMembers(
  server: ServerContext,
  realm: RealmRecord,
  group: GroupRecord,
  first: number,
  max: number,
): Promise<UserRecord[]> {
  if (group.parentId !== null) return Promise.resolve([]);
  return directoryMembers(server, realm, (p) => groupMappersOf(server, p).map(groupMapping), group.name, first, max);
}

/**
 * LDAP-only holders of a role, through every role mapper: Keycloak 26.7.3's RoleLDAPStorageMapper.getRoleMembers looks
 * the role's LDAP entry up by name alone, so a mapper of realm roles answers for a client's role of that name, and a
 * mapper of one client (or of a client that is gone) for the realm's role or another client's.
 */
export function directoryRoleMembers(
  server: ServerContext,
  realm: RealmRecord,
  role: RoleRecord,
  first: number,
  max: number,
): Promise<UserRecord[]> {
  const mappingsOf = (provider: ComponentRecord) =>
    roleMappersOf(server, provider).map((m) => roleMapping(server, realm, m));
  return directoryMembers(server, realm, mappingsOf, role.name, first, max);
}

/**
 * A page of `local` (the stored members, sorted) followed by the directory's, as Keycloak's UserStorageManager pages
 * over local storage and then each provider; directory members already listed are left out.
 */
export async function withDirectoryMembers(
  local: UserRecord[],
  first: number,
  max: number,
  directory: (first: number, max: number) => Promise<UserRecord[]>,
): Promise<UserRecord[]> {
  const start = Math.max(first, 0);
  const limit = max >= 0 ? max : Number.MAX_SAFE_INTEGER;
  const shown = local.slice(start, start + limit);
  if (shown.length >= limit) return shown;
  const listed = new Set(local.map((u) => u.id));
  const more = await directory(Math.max(start - local.length, 0), limit - shown.length);
  return [...shown, ...more.filter((u) => !listed.has(u.id))];
}
