import type { ServerContext } from "../context.ts";
import type { Db } from "../store/db.ts";
import type { RealmRecord, UserSessionRecord } from "../store/types.ts";
import { forgetExpiredSessions, isSessionActive } from "./sessions.ts";
import { sessionIdsOfUser, sessionIndex } from "./session-index.ts";

/**
 * How often every realm's expired sessions are removed: Keycloak's scheduled-task interval (900 s); tests shorten it
 * with KC_SESSION_SWEEP_MS.
 */
const SWEEP_EVERY_MS = Number(process.env.KC_SESSION_SWEEP_MS) || 900_000;

/**
 * The live sessions among these ids, in their order; the expired ones met are removed.
 */
export function liveSessions(db: Db, realm: RealmRecord, ids: Iterable<string>): UserSessionRecord[] {
  const live: UserSessionRecord[] = [];
  const expired: UserSessionRecord[] = [];
  for (const id of ids) {
    const session = db.get("userSessions", id);
    if (!session || session.realmId !== realm.id) continue;
    (isSessionActive(realm, session) ? live : expired).push(session);
  }
  forgetExpiredSessions(db, expired);
  return live;
}

/** A user's live sessions (regular and offline), oldest first, read through the session index. */
export function liveSessionsOfUser(db: Db, realm: RealmRecord, userId: string): UserSessionRecord[] {
  return liveSessions(db, realm, sessionIdsOfUser(db, realm.id, userId));
}

/** Removes every expired session of the realm now; the number removed. */
export async function sweepExpiredSessions(db: Db, realm: RealmRecord): Promise<number> {
  const index = sessionIndex(db, realm.id);
  const expired: string[] = [];
  let lastAccess = Infinity;
  let start = Infinity;
  for (const session of db.iterate("userSessions", realm.id)) {
    if (!isSessionActive(realm, session)) expired.push(session.id);
    else {
      lastAccess = Math.min(lastAccess, session.lastAccess);
      start = Math.min(start, session.start);
    }
  }
  // The removal is applied before write() first waits, so no session is added between the walk and the new bounds.
  const removed = expired.length
    ? db.write((tx) => {
        for (const id of expired) tx.delete("userSessions", id);
      })
    : Promise.resolve();
  index.earliestLastAccess = lastAccess;
  index.earliestStart = start;
  await removed;
  return expired.length;
}

/** While the server runs, removes every realm's expired sessions every SWEEP_EVERY_MS. Returns the stop function. */
export function startSessionSweep(server: ServerContext): () => void {
  let busy = false;
  const tick = async () => {
    if (busy) return;
    busy = true;
    try {
      for (const realm of server.db.all("realms")) {
        const current = server.db.get("realms", realm.id); // not deleted while an earlier realm's removal was written
        if (current) await sweepExpiredSessions(server.db, current).catch(() => 0);
      }
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void tick(), SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
