import type { Db } from "../../store/db.ts";
import type { RealmRecord } from "../../store/types.ts";

/** Required action provider ids of Keycloak 26; a UserRepresentation may only name these (others are ignored). */
const BUILT_IN_ACTIONS = [
  "CONFIGURE_TOTP",
  "TERMS_AND_CONDITIONS",
  "UPDATE_PASSWORD",
  "UPDATE_PROFILE",
  "VERIFY_EMAIL",
  "VERIFY_PROFILE",
  "UPDATE_EMAIL",
  "CONFIGURE_RECOVERY_AUTHN_CODES",
  "delete_account",
  "delete_credential",
  "update_user_locale",
  "webauthn-register",
  "webauthn-register-passwordless",
  "idp_link",
];

export function knownRequiredActions(db: Db, realm: RealmRecord): Set<string> {
  const known = new Set(BUILT_IN_ACTIONS);
  for (const action of db.iterate("requiredActions", realm.id)) known.add(action.alias);
  return known;
}

/** Actions every new user gets: the realm's enabled required actions marked "default action". */
export function defaultRequiredActions(db: Db, realm: RealmRecord): string[] {
  const actions: string[] = [];
  for (const action of db.iterate("requiredActions", realm.id))
    if (action.enabled && action.defaultAction) actions.push(action.alias);
  return actions;
}

/**
 * The user's required actions after a representation named `wanted`:
 * known actions are added; on update, known actions not named are removed.
 */
export function mergeRequiredActions(
  db: Db,
  realm: RealmRecord,
  current: string[],
  wanted: unknown,
  removeMissing: boolean,
): string[] {
  if (!Array.isArray(wanted)) return current;
  const known = knownRequiredActions(db, realm);
  const named = new Set(wanted.filter((a): a is string => typeof a === "string" && known.has(a)));
  const kept = current.filter((a) => !known.has(a) || named.has(a) || !removeMissing);
  for (const action of named) if (!kept.includes(action)) kept.push(action);
  return kept;
}
