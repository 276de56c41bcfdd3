import type { Realm } from "./queries.ts";
import { fromSeconds, toSeconds, type SecondsValues } from "./time-values.ts";

export const SECURITY_HEADERS = [
  "xFrameOptions",
  "contentSecurityPolicy",
  "contentSecurityPolicyReportOnly",
  "xContentTypeOptions",
  "xRobotsTag",
  "strictTransportSecurity",
  "referrerPolicy",
] as const;
export type SecurityHeader = (typeof SECURITY_HEADERS)[number];

export const BRUTE_FORCE_MODES = [
  "Disabled",
  "PermanentLockout",
  "TemporaryLockout",
  "PermanentAfterTemporaryLockout",
] as const;
export type BruteForceMode = (typeof BRUTE_FORCE_MODES)[number];

export const BRUTE_FORCE_TIMES = [
  "waitIncrementSeconds",
  "maxFailureWaitSeconds",
  "maxDeltaTimeSeconds",
  "minimumQuickLoginWaitSeconds",
] as const;
type BruteForceTime = (typeof BRUTE_FORCE_TIMES)[number];

export type SecurityDefensesValues = SecondsValues<BruteForceTime> & {
  headers: Record<SecurityHeader, string>;
  mode: BruteForceMode;
  failureFactor: number;
  maxTemporaryLockouts: number;
  quickLoginCheckMilliSeconds: number;
  bruteForceStrategy: "MULTIPLE" | "LINEAR";
};

/** Keycloak keeps the mode in three fields: bruteForceProtected, permanentLockout and maxTemporaryLockouts. */
export function modeOf(realm: Realm): BruteForceMode {
  if (realm.bruteForceProtected !== true) return "Disabled";
  if (realm.permanentLockout !== true) return "TemporaryLockout";
  return (realm.maxTemporaryLockouts ?? 0) > 0 ? "PermanentAfterTemporaryLockout" : "PermanentLockout";
}

export const isTemporary = (mode: BruteForceMode) =>
  mode === "TemporaryLockout" || mode === "PermanentAfterTemporaryLockout";

export function toSecurityDefensesValues(realm: Realm): SecurityDefensesValues {
  const stored = (realm.browserSecurityHeaders ?? {}) as Record<string, string | undefined>;
  return {
    ...toSeconds(realm, BRUTE_FORCE_TIMES),
    headers: Object.fromEntries(SECURITY_HEADERS.map((name) => [name, stored[name] ?? ""])) as Record<
      SecurityHeader,
      string
    >,
    mode: modeOf(realm),
    failureFactor: realm.failureFactor ?? 30,
    maxTemporaryLockouts: realm.maxTemporaryLockouts ?? 0,
    quickLoginCheckMilliSeconds: realm.quickLoginCheckMilliSeconds ?? 1000,
    bruteForceStrategy: realm.bruteForceStrategy === "LINEAR" ? "LINEAR" : "MULTIPLE",
  };
}

export function securityDefensesChanges(realm: Realm, values: SecurityDefensesValues): Partial<Realm> {
  const temporaryLockouts =
    values.mode === "PermanentAfterTemporaryLockout" ? Math.max(1, Number(values.maxTemporaryLockouts)) : 0;
  return {
    browserSecurityHeaders: { ...realm.browserSecurityHeaders, ...values.headers },
    bruteForceProtected: values.mode !== "Disabled",
    permanentLockout: values.mode === "PermanentLockout" || values.mode === "PermanentAfterTemporaryLockout",
    maxTemporaryLockouts: temporaryLockouts,
    failureFactor: Number(values.failureFactor),
    quickLoginCheckMilliSeconds: Number(values.quickLoginCheckMilliSeconds),
    bruteForceStrategy: values.bruteForceStrategy,
    ...fromSeconds(values, BRUTE_FORCE_TIMES),
  };
}
