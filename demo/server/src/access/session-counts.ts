import type { Db } from "../store/db.ts";
import type { RealmRecord, UserSessionRecord } from "../store/types.ts";
import { now } from "../common/ids.ts";
import { realmNumber } from "../oidc/lookup.ts";
import { forgetExpiredSessions, IDLE_GRACE_MS, isSessionActive } from "./sessions.ts";
import { sessionIndex, type RealmSessionIndex } from "./session-index.ts";

/**
 * The shortest time any of the realm's sessions (regular, remember-me or offline) may live: idle and lifespan,
 * in ms. A session cannot have expired before `min(last access + idle, start + lifespan)`.
 */
function shortestLifetimes(realm: RealmRecord): { idle: number; lifespan: number } {
  const idle = realmNumber(realm, "ssoSessionIdleTimeout", 1800);
  const lifespan = realmNumber(realm, "ssoSessionMaxLifespan", 36000);
  const rememberIdle = realmNumber(realm, "ssoSessionIdleTimeoutRememberMe", 0) || idle;
  const rememberLifespan = realmNumber(realm, "ssoSessionMaxLifespanRememberMe", 0) || lifespan;
  const offlineIdle = realmNumber(realm, "offlineSessionIdleTimeout", 2592000);
  const offlineLifespan =
    realm.settings.offlineSessionMaxLifespanEnabled === true
      ? realmNumber(realm, "offlineSessionMaxLifespan", 5184000)
      : Infinity;
  return {
    idle: Math.min(idle, rememberIdle, offlineIdle) * 1000,
    lifespan: Math.min(lifespan, rememberLifespan, offlineLifespan) * 1000,
  };
}

/** Whether some stored session of the realm may have expired by now (else every indexed session is live). */
export function mayHaveExpired(realm: RealmRecord, index: RealmSessionIndex): boolean {
  const { idle, lifespan } = shortestLifetimes(realm);
  const earliestEnd = Math.min(index.earliestLastAccess + idle, index.earliestStart + lifespan);
  return !(now() < earliestEnd + IDLE_GRACE_MS);
}

/**
 * Live regular and offline sessions per client (internal id), as client-session-stats reports them: the sizes of
 * the index's per-client lists, checked one by one only when some session may have expired.
 */
export function clientSessionCounts(db: Db, realm: RealmRecord): Map<string, { active: number; offline: number }> {
  const index = sessionIndex(db, realm.id);
  const exact = mayHaveExpired(realm, index);
  // A walk also renews the lower bounds, which removals never raise.
  let lastAccess = Infinity;
  let start = Infinity;
  const expired: UserSessionRecord[] = [];
  const live = (ids: Set<string>) => {
    if (!exact) return ids.size;
    let count = 0;
    for (const id of ids) {
      const session = db.get("userSessions", id);
      if (!session) continue;
      if (!isSessionActive(realm, session)) {
        expired.push(session);
        continue;
      }
      lastAccess = Math.min(lastAccess, session.lastAccess);
      start = Math.min(start, session.start);
      count++;
    }
    return count;
  };
  const counts = new Map<string, { active: number; offline: number }>();
  for (const [clientId, ids] of index.regularByClient) counts.set(clientId, { active: live(ids), offline: 0 });
  for (const [clientId, ids] of index.offlineByClient) {
    const count = counts.get(clientId) ?? { active: 0, offline: 0 };
    count.offline = live(ids);
    counts.set(clientId, count);
  }
  forgetExpiredSessions(db, expired);
  if (exact) {
    index.earliestLastAccess = lastAccess;
    index.earliestStart = start;
  }
  for (const [clientId, count] of counts) if (count.active + count.offline === 0) counts.delete(clientId);
  return counts;
}
