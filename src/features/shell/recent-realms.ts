export interface RecentRealm {
  name: string;
  displayName?: string;
}

export const RECENT_REALMS_KEY = "recentRealms";
export const RECENT_REALMS_KEPT = 3;

export function readRecentRealms(storage: Storage | undefined = globalThis.localStorage): RecentRealm[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(RECENT_REALMS_KEY) ?? "[]");
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((entry): entry is RecentRealm => typeof entry?.name === "string")
      .map(({ name, displayName }) => ({
        name,
        displayName: typeof displayName === "string" ? displayName : undefined,
      }));
  } catch {
    return [];
  }
}

/** Puts the realm first, drops its older entry, keeps 3. */
export function withRecentRealm(recent: readonly RecentRealm[], realm: RecentRealm): RecentRealm[] {
  return [realm, ...recent.filter((entry) => entry.name !== realm.name)].slice(0, RECENT_REALMS_KEPT);
}

/** Drops entries whose realm no longer exists. */
export function existingRecentRealms(recent: readonly RecentRealm[], existing: ReadonlySet<string>): RecentRealm[] {
  return recent.filter((entry) => existing.has(entry.name));
}

export function rememberRecentRealm(
  realm: RecentRealm,
  storage: Storage | undefined = globalThis.localStorage,
): RecentRealm[] {
  const next = withRecentRealm(readRecentRealms(storage), realm);
  try {
    storage?.setItem(RECENT_REALMS_KEY, JSON.stringify(next));
  } catch {
    /* storage unavailable */
  }
  return next;
}
