import { Attribute, BerWriter, Change, Client, type Entry } from "ldapts";
import type { ServerContext } from "../context.ts";
import type { ComponentRecord, RealmRecord, UserRecord } from "../store/types.ts";
import { newId, now } from "../common/ids.ts";
import { isLdapProvider, ldapConfig, LDAP_PROVIDER_TYPE, type LdapConfig } from "./ldap-config.ts";
import {
  anyOf,
  attributeValue,
  binaryUuidAttributes,
  equals,
  ldapIdOf,
  searchUsers,
  withConnection,
} from "./ldap-connection.ts";
import { applyEntry, changedLdapValues, mappersOf, newEntryValues } from "./ldap-mappers.ts";
import { syncGroupMemberships } from "./ldap-groups.ts";
import { syncRoleMemberships } from "./ldap-roles.ts";
import { parseProxiedUserId, proxiedUserId } from "./proxied-users.ts";
import { userIdByUsername } from "../admin/users/username-index.ts";

/** IMPORT-mode group and role mappers copy the memberships of the users just imported (`createdIds`). */
async function syncMemberships(
  server: ServerContext,
  realm: RealmRecord,
  provider: ComponentRecord,
  createdIds: string[],
): Promise<void> {
  await syncGroupMemberships(server, realm, provider, createdIds);
  await syncRoleMemberships(server, realm, provider, createdIds);
}

export const LDAP_ID = "LDAP_ID";
export const LDAP_ENTRY_DN = "LDAP_ENTRY_DN";

/** The enabled LDAP providers of a realm, by priority. */
export function ldapProviders(server: ServerContext, realm: RealmRecord): ComponentRecord[] {
  return server.db
    .list("components", realm.id)
    .filter((c) => c.parentId === realm.id && isLdapProvider(c) && ldapConfig(c).enabled)
    .sort((a, b) => Number(a.config.priority?.[0] ?? 0) - Number(b.config.priority?.[0] ?? 0));
}

export function userStorageProvider(server: ServerContext, realm: RealmRecord, id: string | undefined) {
  const component = id ? server.db.get("components", id) : undefined;
  return component && component.realmId === realm.id && component.providerType === LDAP_PROVIDER_TYPE
    ? component
    : undefined;
}

export function mappersOfProvider(server: ServerContext, provider: ComponentRecord): ComponentRecord[] {
  return mappersOf(server.db.list("components", provider.realmId), provider.id);
}

/** A user record for an LDAP entry: the mappers applied, linked to the provider by LDAP_ID and LDAP_ENTRY_DN. */
export function userFromEntry(
  realm: RealmRecord,
  config: LdapConfig,
  mappers: ComponentRecord[],
  entry: Entry,
  existing?: UserRecord,
): UserRecord {
  const user: UserRecord = existing
    ? { ...existing, attributes: { ...existing.attributes } }
    : {
        id: newId(),
        realmId: realm.id,
        username: "",
        enabled: true,
        emailVerified: false,
        attributes: {},
        requiredActions: [],
        createdTimestamp: now(),
        notBefore: 0,
        ...(config.importEnabled ? { federationLink: config.id } : {}),
        credentials: [],
        // Keycloak's import gives a new user the realm's default role and default groups.
        groupIds: [...realm.defaultGroupIds],
        roleIds: realm.defaultRoleId ? [realm.defaultRoleId] : [],
        federatedIdentities: [],
        consents: [],
      };
  applyEntry(user, entry, mappers);
  if (!user.username) user.username = (attributeValue(entry, config.usernameAttribute) ?? "").toLowerCase();
  user.attributes[LDAP_ID] = [ldapIdOf(entry, config)];
  user.attributes[LDAP_ENTRY_DN] = [entry.dn];
  applyKerberosPrincipal(user, config, mappers, entry, !existing);
  return user;
}

export const KERBEROS_PRINCIPAL = "KERBEROS_PRINCIPAL";

/**
 * The user's Kerberos principal from the provider's Kerberos principal attribute, as Keycloak: a new user gets it
 * when its entry has one; later, the Kerberos principal attribute mapper replaces a stored one that LDAP changed.
 */
function applyKerberosPrincipal(
  user: UserRecord,
  config: LdapConfig,
  mappers: ComponentRecord[],
  entry: Entry,
  isNew: boolean,
): void {
  const fromLdap = config.kerberosPrincipalAttribute && attributeValue(entry, config.kerberosPrincipalAttribute);
  if (!fromLdap) return;
  const stored = user.attributes[KERBEROS_PRINCIPAL]?.[0];
  const mapped = mappers.some((m) => m.providerId === "kerberos-principal-attribute-mapper");
  if (isNew || (mapped && stored !== undefined && stored !== fromLdap))
    user.attributes[KERBEROS_PRINCIPAL] = [fromLdap];
}

function linkedUsers(server: ServerContext, realm: RealmRecord, providerId: string): Map<string, UserRecord> {
  const byLdapId = new Map<string, UserRecord>();
  for (const user of server.db.iterate("users", realm.id))
    if (user.federationLink === providerId) byLdapId.set(user.attributes[LDAP_ID]?.[0] ?? user.id, user);
  return byLdapId;
}

function usernameTaken(server: ServerContext, realm: RealmRecord, username: string): UserRecord | undefined {
  for (const user of server.db.iterate("users", realm.id)) if (user.username === username) return user;
  return undefined;
}

export interface SyncResult {
  ignored: boolean;
  added: number;
  updated: number;
  removed: number;
  failed: number;
  status: string;
}

export function syncStatus(r: Omit<SyncResult, "status">, noun = "users"): string {
  if (r.ignored) return "Synchronization ignored as it's already in progress";
  let status = `${r.added} imported ${noun}, ${r.updated} updated ${noun}`;
  if (r.removed > 0) status += `, ${r.removed} removed ${noun}`;
  if (r.failed !== 0) status += `, ${r.failed} ${noun} failed sync! See server log for more details`;
  return status;
}

const running = new Set<string>();

/** The LDAP generalized time of a Unix time in seconds, for changed-users filters. */
function generalizedTime(seconds: number): string {
  return new Date(seconds * 1000)
    .toISOString()
    .replace(/[-:T]/g, "")
    .replace(/\.\d+Z$/, "Z");
}

/**
 * Keycloak's full or changed-users sync: imports new entries, updates linked users, and (full sync) removes linked
 * users whose entry is gone. Entries whose username belongs to another local user count as failed.
 */
export async function syncUsers(
  server: ServerContext,
  realm: RealmRecord,
  provider: ComponentRecord,
  changedOnly: boolean,
): Promise<SyncResult> {
  const settings = ldapConfig(provider);
  // Keycloak's UserStorageSyncManager ignores providers that import nothing or are disabled.
  if (running.has(provider.id) || !settings.importEnabled || !settings.enabled)
    return {
      ignored: true,
      added: 0,
      updated: 0,
      removed: 0,
      failed: 0,
      status: syncStatus({ ignored: true, added: 0, updated: 0, removed: 0, failed: 0 }),
    };
  running.add(provider.id);
  try {
    const config = ldapConfig(provider);
    const mappers = mappersOfProvider(server, provider);
    const started = Math.floor(Date.now() / 1000);
    const since = config.lastSync;
    const filter =
      changedOnly && since > 0
        ? `(|(createTimestamp>=${generalizedTime(since)})(modifyTimestamp>=${generalizedTime(since)}))`
        : undefined;
    const entries = await withConnection(config, (client) => searchUsers(client, config, filter));
    const linked = linkedUsers(server, realm, provider.id);
    const seen = new Set<string>();
    const result = { ignored: false, added: 0, updated: 0, removed: 0, failed: 0 };
    const writes: UserRecord[] = [];
    const createdIds: string[] = [];
    const taken = new Map<string, UserRecord>();
    for (const user of server.db.iterate("users", realm.id)) taken.set(user.username, user);
    for (const entry of entries) {
      const ldapId = ldapIdOf(entry, config);
      seen.add(ldapId);
      const existing = linked.get(ldapId);
      const user = userFromEntry(realm, config, mappers, entry, existing);
      const holder = taken.get(user.username);
      if (!user.username || (holder && holder.id !== user.id)) {
        result.failed++;
        continue;
      }
      taken.set(user.username, user);
      writes.push(user);
      if (existing) result.updated++;
      else {
        result.added++;
        createdIds.push(user.id);
      }
    }
    const removedIds: string[] = [];
    if (!changedOnly && provider.config.removeInvalidUsersEnabled?.[0] !== "false")
      for (const [ldapId, user] of linked) if (!seen.has(ldapId)) removedIds.push(user.id);
    result.removed = removedIds.length;
    const updatedProvider: ComponentRecord = {
      ...provider,
      config: { ...provider.config, lastSync: [String(started)] },
    };
    for (let i = 0; i < writes.length || i === 0; i += 1000)
      await server.db.write((tx) => {
        for (const user of writes.slice(i, i + 1000)) tx.put("users", user);
        if (i === 0) {
          for (const id of removedIds) tx.delete("users", id);
          tx.put("components", updatedProvider);
        }
      });
    await syncMemberships(server, realm, provider, createdIds);
    return { ...result, status: syncStatus(result) };
  } finally {
    running.delete(provider.id);
  }
}

/** Looks a login name (username, or email when it has an @) up in the realm's LDAP providers and imports the user. */
export async function importByLogin(
  server: ServerContext,
  realm: RealmRecord,
  login: string,
): Promise<UserRecord | undefined> {
  for (const provider of ldapProviders(server, realm)) {
    const config = ldapConfig(provider);
    if (!config.connectionUrl || !config.usersDn || !config.usernameAttribute) continue;
    const filter = login.includes("@")
      ? anyOf([equals(config.usernameAttribute, login), equals("mail", login)])
      : equals(config.usernameAttribute, login);
    let entries: Entry[];
    try {
      entries = await withConnection(config, (client) => searchUsers(client, config, filter, 1));
    } catch {
      continue;
    }
    const entry = entries[0];
    if (!entry) continue;
    if (!config.importEnabled) return (await keepProxied(server, realm, provider, entries))[0];
    const user = userFromEntry(realm, config, mappersOfProvider(server, provider), entry);
    if (usernameTaken(server, realm, user.username)) return undefined;
    await server.db.write((tx) => tx.put("users", user));
    await syncMemberships(server, realm, provider, [user.id]);
    return server.db.get("users", user.id);
  }
  return undefined;
}

/** Imports the directory users whose username, email, first or last name match a search term (admin search). */
export async function importBySearch(
  server: ServerContext,
  realm: RealmRecord,
  term: string,
  max: number,
): Promise<void> {
  const pattern = searchPattern(term);
  for (const provider of ldapProviders(server, realm)) {
    const config = ldapConfig(provider);
    if (!config.importEnabled || !config.connectionUrl || !config.usersDn || !config.usernameAttribute) continue;
    const attributes = [config.usernameAttribute, "mail", "givenName", "sn", "cn"];
    const filter = pattern ? `(|${attributes.map((a) => `(${a}=${pattern})`).join("")})` : undefined;
    let entries: Entry[];
    try {
      entries = await withConnection(config, (client) => searchUsers(client, config, filter, max));
    } catch {
      continue;
    }
    await importEntries(server, realm, provider, entries);
  }
}

/**
 * The stored users of directory entries: linked users as they are, the others imported (with the memberships of
 * IMPORT mappers); entries whose username another user has are left out.
 */
async function importEntries(
  server: ServerContext,
  realm: RealmRecord,
  provider: ComponentRecord,
  entries: Entry[],
): Promise<UserRecord[]> {
  const config = ldapConfig(provider);
  const linked = linkedUsers(server, realm, provider.id);
  const mappers = mappersOfProvider(server, provider);
  const users: UserRecord[] = [];
  const fresh: UserRecord[] = [];
  for (const entry of entries) {
    const known = linked.get(ldapIdOf(entry, config));
    if (known) {
      users.push(known);
      continue;
    }
    const user = userFromEntry(realm, config, mappers, entry);
    if (!user.username || usernameTaken(server, realm, user.username)) continue;
    fresh.push(user);
    users.push(user);
  }
  if (fresh.length) {
    await server.db.write((tx) => fresh.forEach((u) => tx.put("users", u)));
    await syncMemberships(
      server,
      realm,
      provider,
      fresh.map((u) => u.id),
    );
  }
  return users.map((u) => server.db.get("users", u.id) ?? u);
}

/**
 * The users of `usernames` as Keycloak's loadUsersByUsernames finds them, in that order: a user of the realm by
 * username, else the provider's entry imported (or, without import, served from the directory); unknown ones left out.
 */
export async function usersByUsernames(
  server: ServerContext,
  realm: RealmRecord,
  provider: ComponentRecord,
  usernames: string[],
): Promise<UserRecord[]> {
  const config = ldapConfig(provider);
  const found = new Map<string, UserRecord>();
  const missing: string[] = [];
  for (const username of usernames) {
    const id = userIdByUsername(server.db, realm.id, username);
    const user = id ? server.db.get("users", id) : undefined;
    if (!user) missing.push(username);
    // Keycloak leaves out a stored user of that name that an importing provider did not import itself.
    else if (!config.importEnabled || user.federationLink === provider.id) found.set(username.toLowerCase(), user);
  }
  if (missing.length) {
    const filter = anyOf(missing.map((u) => equals(config.usernameAttribute, u)));
    const entries = await withConnection(config, (client) => searchUsers(client, config, filter));
    const loaded = config.importEnabled
      ? await importEntries(server, realm, provider, entries)
      : await keepProxied(server, realm, provider, entries);
    for (const user of loaded) found.set(user.username.toLowerCase(), user);
  }
  return usernames.map((u) => found.get(u.toLowerCase())).filter((u): u is UserRecord => u !== undefined);
}

/**
 * The users of a provider with "Import users" off for its entries: built from the directory with the mappers applied
 * (what the server holds of them in memory, such as required actions, kept), the realm's default roles and groups on
 * first sight, never stored.
 */
async function keepProxied(
  server: ServerContext,
  realm: RealmRecord,
  provider: ComponentRecord,
  entries: Entry[],
): Promise<UserRecord[]> {
  const config = ldapConfig(provider);
  const mappers = mappersOfProvider(server, provider);
  const users: UserRecord[] = [];
  for (const entry of entries) {
    const fresh = userFromEntry(realm, config, mappers, entry);
    if (!fresh.username) continue;
    const id = proxiedUserId(provider.id, fresh.username);
    const known = server.db.get("users", id);
    users.push(
      known
        ? userFromEntry(realm, config, mappers, entry, known)
        : {
            ...fresh,
            id,
            roleIds: server.db.get("roles", realm.defaultRoleId) ? [realm.defaultRoleId] : [],
            groupIds: realm.defaultGroupIds.filter((g) => server.db.get("groups", g)?.realmId === realm.id),
          },
    );
  }
  await server.db.write((tx) => users.forEach((u) => tx.put("users", u)));
  return users;
}

/** Providers with "Import users" off whose settings allow a search. */
function proxyingProviders(server: ServerContext, realm: RealmRecord): ComponentRecord[] {
  return ldapProviders(server, realm).filter((p) => {
    const config = ldapConfig(p);
    return !config.importEnabled && config.connectionUrl && config.usersDn && config.usernameAttribute;
  });
}

/** The users of no-import providers matching an admin search term (every user for none), read from the directory. */
export async function searchProxied(
  server: ServerContext,
  realm: RealmRecord,
  term: string | undefined,
  max: number,
): Promise<UserRecord[]> {
  const pattern = searchPattern(term ?? "*");
  const found: UserRecord[] = [];
  for (const provider of proxyingProviders(server, realm)) {
    if (found.length >= max) break;
    const config = ldapConfig(provider);
    const attributes = [config.usernameAttribute, "mail", "givenName", "sn", "cn"];
    const filter = pattern ? `(|${attributes.map((a) => `(${a}=${pattern})`).join("")})` : undefined;
    let entries: Entry[];
    try {
      entries = await withConnection(config, (client) => searchUsers(client, config, filter, max - found.length));
    } catch {
      continue;
    }
    found.push(...(await keepProxied(server, realm, provider, entries)));
  }
  return found;
}

/**
 * Reads a proxied user (`f:` id) from its directory again before a request uses it; forgets it when its provider
 * no longer serves it or its entry is gone. Local ids are left alone.
 */
export async function refreshProxiedUser(server: ServerContext, realm: RealmRecord, id: string): Promise<void> {
  const parsed = parseProxiedUserId(id);
  if (!parsed) return;
  const provider = proxyingProviders(server, realm).find((p) => p.id === parsed.providerId);
  let entries: Entry[] = [];
  if (provider) {
    const config = ldapConfig(provider);
    try {
      entries = await withConnection(config, (client) =>
        searchUsers(client, config, equals(config.usernameAttribute, parsed.username), 1),
      );
    } catch {
      return;
    }
  }
  const users = entries.length && provider ? await keepProxied(server, realm, provider, entries) : [];
  if (!users.some((u) => u.id === id)) await server.db.write((tx) => tx.delete("users", id));
}

/** Keycloak's search semantics in an LDAP value: "exact" in quotes, `*` wildcards as typed, otherwise a prefix. */
function searchPattern(term: string): string | undefined {
  const trimmed = term.trim();
  if (!trimmed || trimmed === "*") return undefined;
  if (trimmed.length > 1 && trimmed.startsWith('"') && trimmed.endsWith('"')) return escape(trimmed.slice(1, -1));
  if (trimmed.includes("*")) return trimmed.split("*").map(escape).join("*");
  return `${escape(trimmed)}*`;
}

function escape(value: string): string {
  return value.replace(/[\\*()\0]/g, (c) => `\\${c.charCodeAt(0).toString(16).padStart(2, "0")}`);
}

/** The LDAP provider a user is linked to, when it is one. */
export function ldapProviderOf(server: ServerContext, user: UserRecord): ComponentRecord | undefined {
  const providerId = user.federationLink ?? parseProxiedUserId(user.id)?.providerId;
  const component = providerId ? server.db.get("components", providerId) : undefined;
  return component && isLdapProvider(component) ? component : undefined;
}

/** Checks a federated user's password by binding as the user's entry. */
export async function verifyLdapPassword(
  provider: ComponentRecord,
  user: UserRecord,
  password: string,
): Promise<boolean> {
  const dn = user.attributes[LDAP_ENTRY_DN]?.[0];
  if (!dn || !password) return false;
  const config = ldapConfig(provider);
  const client = new Client({ url: config.connectionUrl, connectTimeout: config.connectionTimeout || 10_000 });
  try {
    if (config.startTls) await client.startTLS({});
    await client.bind(dn, password);
    return true;
  } catch {
    return false;
  } finally {
    await client.unbind().catch(() => undefined);
  }
}

/** Writes a WRITABLE provider's changed attributes to the user's entry. */
export async function pushProfile(
  provider: ComponentRecord,
  before: UserRecord,
  after: UserRecord,
  mappers: ComponentRecord[],
): Promise<void> {
  const dn = before.attributes[LDAP_ENTRY_DN]?.[0];
  const values = changedLdapValues(before, after, mappers);
  if (!dn || Object.keys(values).length === 0) return;
  const changes = Object.entries(values).map(
    ([type, value]) =>
      new Change({
        operation: value === undefined ? "delete" : "replace",
        modification: new Attribute({ type, values: value === undefined ? [] : [value] }),
      }),
  );
  await withConnection(ldapConfig(provider), (client) => client.modify(dn, changes));
}

/** RFC 3062's password modify extended operation. */
const PASSWORD_MODIFY_OID = "1.3.6.1.4.1.4203.1.11.1";

/** The request value of a password modify: the entry (userIdentity [0]) and its new password (newPasswd [2]). */
function passwordModifyRequest(dn: string, password: string): Buffer {
  const writer = new BerWriter();
  writer.startSequence(0x30);
  writer.writeString(dn, 0x80);
  writer.writeString(password, 0x82);
  writer.endSequence();
  return writer.buffer;
}

/** Sets the password of a WRITABLE provider's user in LDAP (password modify extended operation when configured). */
export async function pushPassword(provider: ComponentRecord, user: UserRecord, password: string): Promise<void> {
  const dn = user.attributes[LDAP_ENTRY_DN]?.[0];
  if (!dn) throw new Error("No LDAP entry");
  const config = ldapConfig(provider);
  await withConnection(config, async (client) => {
    if (config.usePasswordModifyExtendedOp) await client.exop(PASSWORD_MODIFY_OID, passwordModifyRequest(dn, password));
    else
      await client.modify(
        dn,
        new Change({ operation: "replace", modification: new Attribute({ type: "userPassword", values: [password] }) }),
      );
  });
}

/** The provider that takes new users of the realm: the first enabled WRITABLE one with "sync registrations" on. */
export function registrationProvider(server: ServerContext, realm: RealmRecord): ComponentRecord | undefined {
  return ldapProviders(server, realm).find((p) => {
    const config = ldapConfig(p);
    return config.syncRegistrations && config.editMode === "WRITABLE";
  });
}

/**
 * Creates the directory entry of a new user (Keycloak's LDAPStorageProvider.addUser) and links the user to it:
 * RDN attribute and mapped attributes from the user, the provider's object classes, LDAP_ID read back.
 */
export async function addLdapUser(server: ServerContext, provider: ComponentRecord, user: UserRecord): Promise<void> {
  const config = ldapConfig(provider);
  const mappers = mappersOfProvider(server, provider);
  const values: Record<string, string | string[]> = { ...newEntryValues(user, mappers) };
  values[config.usernameAttribute] = user.username;
  const rdnValue = config.rdnAttribute === config.usernameAttribute ? user.username : values[config.rdnAttribute];
  if (typeof rdnValue !== "string" || !rdnValue.trim())
    throw new Error(`Can't create user in LDAP: no value for its RDN attribute ${config.rdnAttribute}`);
  const dn = `${config.rdnAttribute}=${escapeDnValue(rdnValue)},${config.usersDn}`;
  values.objectClass = config.userObjectClasses;
  await withConnection(config, async (client) => {
    await client.add(dn, values);
    const { searchEntries } = await client.search(dn, {
      scope: "base",
      attributes: ["*", config.uuidAttribute],
      explicitBufferAttributes: binaryUuidAttributes(config),
    });
    const entry = searchEntries[0];
    user.federationLink = provider.id;
    user.attributes[LDAP_ID] = [entry ? ldapIdOf(entry, config) : dn];
    user.attributes[LDAP_ENTRY_DN] = [entry?.dn ?? dn];
  });
}

/** RFC 4514 escaping of an attribute value in a DN. */
function escapeDnValue(value: string): string {
  return value
    .replace(/[\\,+"<>;=]/g, (c) => `\\${c}`)
    .replace(/^[ #]/, (c) => `\\${c}`)
    .replace(/ $/, "\\ ");
}
