import type { Db } from "../store/db.ts";

/**
 * Users of a provider with "Import users" off are not imported: Keycloak serves them from the directory on every
 * lookup under a storage id `f:{provider id}:{username}` (StorageId), without a federation link.
 */
const PREFIX = "f:";

export function proxiedUserId(providerId: string, username: string): string {
  return `${PREFIX}${providerId}:${username}`;
}

/** The provider id and username of a storage id, undefined for a local user's id. */
export function parseProxiedUserId(id: string): { providerId: string; username: string } | undefined {
  if (!id.startsWith(PREFIX)) return undefined;
  const colon = id.indexOf(":", PREFIX.length);
  if (colon < 0) return undefined;
  return { providerId: id.slice(PREFIX.length, colon), username: id.slice(colon + 1) };
}

export const isProxiedUserId = (id: string): boolean => id.startsWith(PREFIX);

/**
 * Keeps proxied users out of the realm's user lists (what an admin or a sign-in reads of their profile comes from the
 * directory) but on disk, as Keycloak's federated storage keeps their role mappings, groups, required actions and
 * credentials.
 */
export function keepProxiedUsersUnlisted(db: Db): void {
  db.keepUnlisted("users", isProxiedUserId);
}

/** The ids of the users a provider served without import that the store keeps (their grants, groups, credentials). */
export function proxiedUserIdsOf(db: Db, providerId: string): string[] {
  const prefix = `${PREFIX}${providerId}:`;
  return db.unlistedIds("users", (id) => id.startsWith(prefix));
}
