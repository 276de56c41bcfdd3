import type { Db } from "../store/db.ts";
import type { RealmRecord } from "../store/types.ts";
import { clientByClientId } from "../oidc/lookup.ts";
import { serviceAccountOf } from "../admin/common/user-links-index.ts";
import { activeSession } from "./sessions.ts";
import { offlineRecordId } from "./offline-sessions.ts";

/**
 * The id of the user a token speaks for: its `sub`; for a lightweight access token, which carries none, the user of
 * its session (regular, else offline), or without a session the service account of the client it was issued to.
 */
export function tokenUserId(
  db: Db,
  realm: RealmRecord,
  payload: { sub?: unknown; sid?: unknown; azp?: unknown },
): string | undefined {
  if (typeof payload.sub === "string") return payload.sub;
  if (typeof payload.sid === "string") {
    const session = activeSession(db, realm, payload.sid) ?? activeSession(db, realm, offlineRecordId(payload.sid));
    return session?.userId;
  }
  const client = typeof payload.azp === "string" ? clientByClientId(db, realm, payload.azp) : undefined;
  return client ? serviceAccountOf(db, client.id)?.id : undefined;
}
