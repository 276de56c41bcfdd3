import type { Realm } from "./queries.ts";
import { fromSeconds, toSeconds, type SecondsValues } from "./time-values.ts";

export const TOKEN_TIME_FIELDS = [
  "oauth2DeviceCodeLifespan",
  "accessTokenLifespan",
  "accessTokenLifespanForImplicitFlow",
  "accessCodeLifespan",
  "actionTokenGeneratedByUserLifespan",
  "actionTokenGeneratedByAdminLifespan",
] as const;
export type TokenTimeField = (typeof TOKEN_TIME_FIELDS)[number];

/** Actions whose user-initiated lifespan can be overridden, with the message key of their name. */
export const OVERRIDABLE_ACTIONS = [
  ["verify-email", "emailVerification"],
  ["idp-verify-account-via-email", "idpAccountEmailVerification"],
  ["reset-credentials", "forgotPassword"],
  ["execute-actions", "executeActions"],
] as const;
export type OverridableAction = (typeof OVERRIDABLE_ACTIONS)[number][0];
const OVERRIDE_PREFIX = "actionTokenGeneratedByUserLifespan.";
export const SHORT_VERIFICATION_URI = "shortVerificationUri";

export type TokensValues = SecondsValues<TokenTimeField> & {
  defaultSignatureAlgorithm: string;
  oauth2DevicePollingInterval: number;
  shortVerificationUri: string;
  revokeRefreshToken: boolean;
  refreshTokenMaxReuse: number;
  /** Per action, its override in seconds ("" for none). */
  overrides: Record<OverridableAction, number | "">;
};

export function toTokensValues(realm: Realm): TokensValues {
  const attributes = (realm.attributes ?? {}) as Record<string, string | undefined>;
  const overrides = Object.fromEntries(
    OVERRIDABLE_ACTIONS.map(([action]) => {
      const stored = Number(attributes[`${OVERRIDE_PREFIX}${action}`]);
      return [action, attributes[`${OVERRIDE_PREFIX}${action}`] && Number.isFinite(stored) ? stored : ""];
    }),
  ) as TokensValues["overrides"];
  return {
    ...toSeconds(realm, TOKEN_TIME_FIELDS),
    defaultSignatureAlgorithm: realm.defaultSignatureAlgorithm ?? "RS256",
    oauth2DevicePollingInterval: realm.oauth2DevicePollingInterval ?? 5,
    shortVerificationUri: attributes[SHORT_VERIFICATION_URI] ?? "",
    revokeRefreshToken: realm.revokeRefreshToken === true,
    refreshTokenMaxReuse: realm.refreshTokenMaxReuse ?? 0,
    overrides,
  };
}

/** The realm's changed fields; an override emptied is stored empty (attributes are merged on update, so a missing key would stay). */
export function tokensChanges(realm: Realm, values: TokensValues): Partial<Realm> {
  const attributes: Record<string, string> = { ...(realm.attributes as Record<string, string> | undefined) };
  for (const [action] of OVERRIDABLE_ACTIONS) {
    const seconds = values.overrides[action];
    const key = `${OVERRIDE_PREFIX}${action}`;
    if (seconds !== "" && seconds !== 0) attributes[key] = String(seconds);
    else if (key in attributes) attributes[key] = "";
  }
  attributes[SHORT_VERIFICATION_URI] = values.shortVerificationUri.trim();
  return {
    ...fromSeconds(values, TOKEN_TIME_FIELDS),
    defaultSignatureAlgorithm: values.defaultSignatureAlgorithm,
    oauth2DevicePollingInterval: Number(values.oauth2DevicePollingInterval),
    revokeRefreshToken: values.revokeRefreshToken,
    refreshTokenMaxReuse: Number(values.refreshTokenMaxReuse),
    attributes,
  };
}
