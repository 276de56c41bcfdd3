import type { ServerContext } from "../context.ts";
import type { ComponentRecord, GroupRecord, RealmRecord, RoleRecord, UserRecord } from "../store/types.ts";
import { HttpError, badRequest, fieldErrors } from "../http/errors.ts";
import { groupMapping, groupMappersOf } from "./ldap-groups.ts";
import { listsMember, writeMembership, type MembershipMapping } from "./ldap-memberships.ts";
import { roleMapperFor } from "./ldap-roles.ts";
import { hardcodedMemberships } from "./ldap-hardcoded.ts";
import { readDirectoryMemberships } from "./ldap-directory-memberships.ts";
import { verifyUserPassword } from "../access/passwords.ts";
import { userByLogin } from "../oidc/lookup.ts";
import { ldapConfig } from "./ldap-config.ts";
import { readOnlyAttributes } from "./ldap-mappers.ts";
import { isProxiedUserId } from "./proxied-users.ts";
import {
  addLdapUser,
  registrationProvider,
  importBySearch,
  importByLogin,
  ldapProviderOf,
  mappersOfProvider,
  pushPassword,
  pushProfile,
  refreshProxiedUser,
  searchProxied,
  verifyLdapPassword,
} from "./ldap-users.ts";

/**
 * Admin search terms reach the directory first: Keycloak imports the matches of its LDAP providers, and reads those
 * of providers with "Import users" off, which this returns (they are listed after the local users).
 */
export async function searchDirectory(
  server: ServerContext,
  realm: RealmRecord,
  term: string | undefined,
  max: number,
): Promise<UserRecord[]> {
  if (term?.startsWith("id:")) return [];
  const limit = max > 0 ? max : 100;
  if (term !== undefined) await importBySearch(server, realm, term, limit);
  return searchProxied(server, realm, term, limit);
}

/**
 * Before a request uses a directory user: a user served without import is read from the directory again, and the
 * memberships of READ_ONLY and LDAP_ONLY mappers are read (they are never stored).
 */
export async function refreshDirectoryUser(server: ServerContext, realm: RealmRecord, userId: string): Promise<void> {
  await refreshProxiedUser(server, realm, userId);
  const user = server.db.get("users", userId);
  if (user && user.realmId === realm.id) await readDirectoryMemberships(server, realm, user);
}

/** At sign-in, a login name unknown here is looked up in the realm's LDAP providers and imported. */
export function lookupInDirectory(server: ServerContext, realm: RealmRecord, login: string) {
  return importByLogin(server, realm, login);
}

/** The password check of a federated user: a bind against its LDAP entry; undefined for local users. */
export async function checkFederatedPassword(
  server: ServerContext,
  user: UserRecord,
  password: string,
): Promise<boolean | undefined> {
  const provider = ldapProviderOf(server, user);
  return provider ? verifyLdapPassword(provider, user, password) : undefined;
}

const FIELDS = ["username", "email", "firstName", "lastName"] as const;

/** The profile attributes a federated user's provider keeps read-only (shown read-only in the user profile metadata). */
export function federatedReadOnlyAttributes(server: ServerContext, user: UserRecord): Set<string> {
  const provider = ldapProviderOf(server, user);
  if (!provider) return new Set();
  return readOnlyAttributes(mappersOfProvider(server, provider), ldapConfig(provider).editMode);
}

/**
 * Before an admin edit of a federated user is stored: READ_ONLY refuses changed mapped attributes as Keycloak's user
 * profile does ("error-user-attribute-read-only"); WRITABLE writes the changes to the directory; UNSYNCED keeps them here.
 */
export async function beforeFederatedUpdate(
  server: ServerContext,
  before: UserRecord,
  after: UserRecord,
): Promise<void> {
  const provider = ldapProviderOf(server, before);
  if (!provider) return;
  const config = ldapConfig(provider);
  const mappers = mappersOfProvider(server, provider);
  const readOnly = readOnlyAttributes(mappers, config.editMode);
  const changed = FIELDS.filter((f) => readOnly.has(f) && (before[f] ?? "") !== (after[f] ?? ""));
  if (changed.length)
    throw fieldErrors(
      changed.map((field) => ({ field, errorMessage: "error-user-attribute-read-only", params: [field] })),
    );
  if (config.editMode === "WRITABLE") await pushProfile(provider, before, after, mappers);
}

/** Before a password of a federated user is set: READ_ONLY refuses, WRITABLE sets it in LDAP, UNSYNCED keeps it here. */
export async function beforeFederatedPassword(
  server: ServerContext,
  user: UserRecord,
  password: string,
): Promise<boolean> {
  const provider = ldapProviderOf(server, user);
  if (!provider) return false;
  const editMode = ldapConfig(provider).editMode;
  if (editMode === "READ_ONLY")
    throw new HttpError(400, { errorMessage: "Can't reset password as account is read only" });
  if (editMode === "WRITABLE") {
    await pushPassword(provider, user, password);
    return true;
  }
  return false;
}

/** A user's password check: the local credential when there is one, else the directory for federated users. */
export async function verifyPassword(server: ServerContext, user: UserRecord, password: string): Promise<boolean> {
  if (user.credentials.some((c) => c.type === "password")) return verifyUserPassword(user, password);
  return (await checkFederatedPassword(server, user, password)) ?? false;
}

/** The user of a login name, from this server or imported from the realm's directories. */
export async function findLoginUser(server: ServerContext, realm: RealmRecord, login: string) {
  const user = userByLogin(server.db, realm, login) ?? (await lookupInDirectory(server, realm, login));
  if (user && (user.federationLink || isProxiedUserId(user.id))) await readDirectoryMemberships(server, realm, user);
  return user;
}

/**
 * A new user of the realm (admin create, registration) is created in the first WRITABLE provider that syncs
 * registrations, and linked to it; a directory refusal is Keycloak's "Could not create user".
 */
export async function registerInDirectory(server: ServerContext, realm: RealmRecord, user: UserRecord): Promise<void> {
  const provider = user.federationLink ? undefined : registrationProvider(server, realm);
  if (!provider) return;
  try {
    await addLdapUser(server, provider, user);
  } catch {
    throw new HttpError(400, { errorMessage: "Could not create user" });
  }
}

/**
 * Before an admin maps (`add`) or unmaps (`delete`) roles of a directory user, as Keycloak's role mapper does: in
 * LDAP_ONLY mode the membership is written to the role's LDAP entry; in READ_ONLY mode removing a membership LDAP
 * holds is refused; IMPORT and roles of other containers stay local.
 */
export async function beforeFederatedRoleChange(
  server: ServerContext,
  realm: RealmRecord,
  user: UserRecord,
  roles: RoleRecord[],
  operation: "add" | "delete",
): Promise<void> {
  const provider = ldapProviderOf(server, user);
  if (!provider) return;
  const hardcoded = hardcodedMemberships(server.db, user).roleIds;
  if (operation === "delete" && roles.some((r) => hardcoded.includes(r.id)))
    throw badRequest("Not possible to delete role. It's hardcoded by LDAP mapper");
  let written = false;
  for (const role of roles) {
    const mapping = roleMapperFor(server, realm, provider, role);
    if (mapping)
      written = (await beforeMembershipChange(provider, mapping, role.name, user, operation, "role")) || written;
  }
  if (written) await readDirectoryMemberships(server, realm, user);
}

/**
 * Before an admin adds a directory user to a top-level group or removes it: the group mapper's mode decides. True
 * when an LDAP_ONLY mapper wrote the change to LDAP, where alone it is kept.
 */
export async function beforeFederatedGroupChange(
  server: ServerContext,
  user: UserRecord,
  group: GroupRecord,
  operation: "add" | "delete",
): Promise<boolean> {
  const provider = ldapProviderOf(server, user);
  if (!provider) return false;
  if (operation === "delete" && hardcodedMemberships(server.db, user).groupIds.includes(group.id))
    throw badRequest("Not possible to delete group. It's hardcoded by LDAP mapper");
  if (group.parentId !== null) return false;
  let written = false;
  for (const mapper of groupMappersOf(server, provider))
    written =
      (await beforeMembershipChange(provider, groupMapping(mapper), group.name, user, operation, "group")) || written;
  const realm = server.db.get("realms", user.realmId);
  if (written && realm) await readDirectoryMemberships(server, realm, user);
  return written;
}

async function beforeMembershipChange(
  provider: ComponentRecord,
  mapping: MembershipMapping,
  name: string,
  user: UserRecord,
  operation: "add" | "delete",
  kind: "role" | "group",
): Promise<boolean> {
  if (mapping.mode === "LDAP_ONLY") {
    await writeMembership(provider, mapping, name, user, operation);
    return true;
  }
  if (mapping.mode === "READ_ONLY" && operation === "delete" && (await listsMember(provider, mapping, name, user)))
    throw badRequest(`Not possible to delete LDAP ${kind} mappings as mapper mode is READ_ONLY`);
  return false;
}

/**
 * After an admin created a user in a WRITABLE directory: the password of the representation's credentials is set in
 * LDAP and not kept here (Keycloak's LDAP provider takes the password credential).
 */
export async function passwordToDirectory(
  server: ServerContext,
  user: UserRecord,
  credentials: unknown,
): Promise<void> {
  if (!Array.isArray(credentials)) return;
  const provider = ldapProviderOf(server, user);
  if (!provider || ldapConfig(provider).editMode !== "WRITABLE") return;
  const password = credentials.find(
    (c): c is { value: string } =>
      !!c &&
      typeof c === "object" &&
      ((c as { type?: unknown }).type ?? "password") === "password" &&
      typeof (c as { value?: unknown }).value === "string",
  );
  if (!password) return;
  await pushPassword(provider, user, password.value);
  user.credentials = user.credentials.filter((c) => c.type !== "password");
}
