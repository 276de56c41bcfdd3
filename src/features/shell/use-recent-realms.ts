import { useEffect, useState } from "react";
import { existingRecentRealms, readRecentRealms, rememberRecentRealm, type RecentRealm } from "./recent-realms.ts";

/** Records the current realm as most recent and returns the list, minus realms that no longer exist. */
export function useRecentRealms(
  current: RecentRealm | undefined,
  existing: ReadonlySet<string> | undefined,
): RecentRealm[] {
  const [recent, setRecent] = useState(readRecentRealms);
  useEffect(() => {
    if (current) setRecent(rememberRecentRealm(current));
  }, [current?.name, current?.displayName]); // eslint-disable-line react-hooks/exhaustive-deps
  return existing ? existingRecentRealms(recent, existing) : recent;
}
