import type { UserRecord } from "../../store/types.ts";
import { accountFields, profileValues, validateProfileForm, type ProfileScope } from "./action-update-profile.ts";
import { enabledRequiredActions } from "./required-action-list.ts";

export const VERIFY_PROFILE = "VERIFY_PROFILE";

/** What the user's stored profile lacks or has wrong, per field, as the Update Account Information page says it. */
export function profileProblems(scope: ProfileScope, user: UserRecord) {
  const current = profileValues(user);
  return validateProfileForm(scope, accountFields(scope), current, user.id).errors;
}

/**
 * Keycloak's VERIFY_PROFILE trigger: with the action enabled in the realm, a user whose profile fails the realm's user
 * profile (a required email or name missing, a value its validators refuse) completes it before signing in, unless
 * an UPDATE_PROFILE the user already owes asks for it anyway.
 */
export function owesProfileCompletion(scope: ProfileScope, user: UserRecord): boolean {
  if (user.requiredActions.includes("UPDATE_PROFILE")) return false;
  if (!enabledRequiredActions(scope).some((a) => a.alias === VERIFY_PROFILE)) return false;
  return Object.keys(profileProblems(scope, user)).length > 0;
}
