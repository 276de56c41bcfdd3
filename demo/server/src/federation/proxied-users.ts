import type { Db } from "../store/db.ts";

/**
 * Users of a provider with "Import users" off are never stored: Keycloak serves them from the directory on every
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

/** Keeps proxied users in memory only: what an admin or a sign-in reads of them comes from the directory. */
export function keepProxiedUsersInMemory(db: Db): void {
  db.keepTransient("users", isProxiedUserId);
}
