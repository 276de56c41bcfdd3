import type { ServerContext } from "../context.ts";
import type { LoginFailureRecord, RealmRecord, UserRecord } from "../store/types.ts";
import { now } from "../common/ids.ts";
import { realmNumber } from "../oidc/lookup.ts";

const PERMANENT = Number.MAX_SAFE_INTEGER;

export const loginFailureId = (realm: RealmRecord, userId: string) => `${realm.id}/${userId}`;

export function isBruteForceProtected(realm: RealmRecord): boolean {
  return realm.settings.bruteForceProtected === true;
}

/** True while the user is locked out by brute force detection. */
export function isLockedOut(server: ServerContext, realm: RealmRecord, user: UserRecord): boolean {
  if (!isBruteForceProtected(realm)) return false;
  const failure = server.db.get("loginFailures", loginFailureId(realm, user.id));
  return !!failure && failure.lockedUntil > now();
}

/** Counts a failed login and locks the user as Keycloak's brute force detector does. */
export async function recordLoginFailure(
  server: ServerContext,
  realm: RealmRecord,
  user: UserRecord,
  ipAddress: string,
): Promise<void> {
  if (!isBruteForceProtected(realm)) return;
  const at = now();
  const previous = server.db.get("loginFailures", loginFailureId(realm, user.id));
  const maxDeltaMs = realmNumber(realm, "maxDeltaTimeSeconds", 43200) * 1000;
  const stale = !previous || at - previous.lastFailure > maxDeltaMs;
  const failure: LoginFailureRecord = {
    id: loginFailureId(realm, user.id),
    realmId: realm.id,
    userId: user.id,
    numFailures: stale ? 1 : previous.numFailures + 1,
    numTemporaryLockouts: previous?.numTemporaryLockouts ?? 0,
    lastFailure: at,
    lastIPFailure: ipAddress,
    lockedUntil: previous && previous.lockedUntil > at ? previous.lockedUntil : 0,
  };
  const failureFactor = realmNumber(realm, "failureFactor", 30);
  const quickCheckMs = realmNumber(realm, "quickLoginCheckMilliSeconds", 1000);
  let waitSeconds = 0;
  if (previous && !stale && at - previous.lastFailure < quickCheckMs)
    waitSeconds = realmNumber(realm, "minimumQuickLoginWaitSeconds", 60);
  if (failure.numFailures >= failureFactor) {
    const permanent = realm.settings.permanentLockout === true;
    const maxTemporary = realmNumber(realm, "maxTemporaryLockouts", 0);
    if (permanent && (maxTemporary === 0 || failure.numTemporaryLockouts >= maxTemporary)) {
      failure.lockedUntil = PERMANENT;
    } else {
      const increments = Math.floor(failure.numFailures / failureFactor);
      const incremental = realmNumber(realm, "waitIncrementSeconds", 60) * increments;
      waitSeconds = Math.max(waitSeconds, Math.min(incremental, realmNumber(realm, "maxFailureWaitSeconds", 900)));
      failure.numTemporaryLockouts += 1;
    }
  }
  if (waitSeconds > 0 && failure.lockedUntil !== PERMANENT)
    failure.lockedUntil = Math.max(failure.lockedUntil, at + waitSeconds * 1000);
  await server.db.write((tx) => tx.put("loginFailures", failure));
}

/** A successful login clears the counters (only when the user was not locked). */
export async function clearLoginFailures(server: ServerContext, realm: RealmRecord, user: UserRecord): Promise<void> {
  const id = loginFailureId(realm, user.id);
  if (!server.db.get("loginFailures", id)) return;
  await server.db.write((tx) => tx.delete("loginFailures", id));
}

/** Keycloak's brute-force status of a user (attack-detection endpoint). */
export function bruteForceStatus(server: ServerContext, realm: RealmRecord, userId: string) {
  const failure = server.db.get("loginFailures", loginFailureId(realm, userId));
  // numSecondaryAuthFailures: the embedded server counts no second-factor failures apart
  if (!failure)
    return {
      numFailures: 0,
      numTemporaryLockouts: 0,
      numSecondaryAuthFailures: 0,
      disabled: false,
      lastIPFailure: "n/a",
      lastFailure: 0,
      failedLoginNotBefore: 0,
    };
  return {
    numFailures: failure.numFailures,
    numTemporaryLockouts: failure.numTemporaryLockouts,
    numSecondaryAuthFailures: 0,
    disabled: isBruteForceProtected(realm) && failure.lockedUntil > now(),
    lastIPFailure: failure.lastIPFailure,
    lastFailure: failure.lastFailure,
    // Keycloak's is in seconds
    failedLoginNotBefore: failure.lockedUntil === PERMANENT ? 0 : Math.floor(failure.lockedUntil / 1000),
  };
}
