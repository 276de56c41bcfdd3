import type { CredentialRecord, RealmRecord, UserRecord } from "../store/types.ts";
import { HttpError } from "../http/errors.ts";
import { newId } from "../common/ids.ts";
import { verifyPasswordCredential } from "./passwords.ts";

/** Keycloak's password policy messages (English, as the login and admin themes both word them). */
const MESSAGES: Record<string, string> = {
  invalidPasswordMinLengthMessage: "Invalid password: minimum length {0}.",
  invalidPasswordMaxLengthMessage: "Invalid password: maximum length {0}.",
  invalidPasswordMinDigitsMessage: "Invalid password: must contain at least {0} numerical digits.",
  invalidPasswordMinLowerCaseCharsMessage: "Invalid password: must contain at least {0} lower case characters.",
  invalidPasswordMinUpperCaseCharsMessage: "Invalid password: must contain at least {0} upper case characters.",
  invalidPasswordMinSpecialCharsMessage: "Invalid password: must contain at least {0} special characters.",
  invalidPasswordNotUsernameMessage: "Invalid password: must not be equal to the username.",
  invalidPasswordNotContainsUsernameMessage: "Invalid password: Can not contain the username.",
  invalidPasswordNotEmailMessage: "Invalid password: must not be equal to the email.",
  invalidPasswordRegexPatternMessage: "Invalid password: fails to match regex pattern(s).",
  invalidPasswordHistoryMessage: "Invalid password: must not be equal to any of last {0} passwords.",
};

/** Keycloak's defaults for a policy given without a value (`length` is `length(8)`). */
const DEFAULTS: Record<string, number> = {
  length: 8,
  maxLength: 64,
  digits: 1,
  lowerCase: 1,
  upperCase: 1,
  specialChars: 1,
  passwordHistory: 3,
  forceExpiredPasswordChange: 365,
};

export const PASSWORD_HISTORY = "password-history";

export interface PolicyEntry {
  id: string;
  config?: string;
}

/** A refused password: Keycloak's message key, its parameters and the English text. */
export class PasswordPolicyError extends Error {
  constructor(
    readonly key: string,
    readonly params: (string | number)[],
  ) {
    super((MESSAGES[key] ?? key).replace(/\{(\d+)\}/g, (_m, i: string) => String(params[Number(i)] ?? "")));
  }

  /** The admin API's answer: 400 `{ error: key, error_description: text }`. */
  toHttp(): HttpError {
    return new HttpError(400, { error: this.key, error_description: this.message });
  }
}

/** The realm's policy string (already checked when it was saved) as its entries, in the order written. */
export function policyEntries(realm: RealmRecord): PolicyEntry[] {
  const policy = realm.settings.passwordPolicy;
  if (typeof policy !== "string" || !policy.trim()) return [];
  return policy.split(" and ").map((raw) => {
    const part = raw.trim();
    const open = part.indexOf("(");
    if (open === -1) return { id: part };
    return { id: part.slice(0, open).trim(), config: part.slice(open + 1, part.length - 1) };
  });
}

/** The number a policy is set to (its default when given without one), or undefined when the realm lacks it. */
export function policyNumber(realm: RealmRecord, id: string): number | undefined {
  const entry = policyEntries(realm).find((e) => e.id === id);
  if (!entry) return undefined;
  return entry.config === undefined || entry.config.trim() === "" ? DEFAULTS[id] : Number(entry.config);
}

const count = (password: string, test: (c: string) => boolean) => [...password].filter(test).length;
const isDigit = (c: string) => /\p{Nd}/u.test(c);
const isLower = (c: string) => /\p{Ll}/u.test(c);
const isUpper = (c: string) => /\p{Lu}/u.test(c);
const isLetterOrDigit = (c: string) => /[\p{L}\p{Nd}]/u.test(c);

function fails(entry: PolicyEntry, user: Pick<UserRecord, "username" | "email">, password: string) {
  const n = entry.config === undefined || entry.config.trim() === "" ? DEFAULTS[entry.id] : Number(entry.config);
  switch (entry.id) {
    case "length":
      return password.length < n! ? new PasswordPolicyError("invalidPasswordMinLengthMessage", [n!]) : undefined;
    case "maxLength":
      return password.length > n! ? new PasswordPolicyError("invalidPasswordMaxLengthMessage", [n!]) : undefined;
    case "digits":
      return count(password, isDigit) < n!
        ? new PasswordPolicyError("invalidPasswordMinDigitsMessage", [n!])
        : undefined;
    case "lowerCase":
      return count(password, isLower) < n!
        ? new PasswordPolicyError("invalidPasswordMinLowerCaseCharsMessage", [n!])
        : undefined;
    case "upperCase":
      return count(password, isUpper) < n!
        ? new PasswordPolicyError("invalidPasswordMinUpperCaseCharsMessage", [n!])
        : undefined;
    case "specialChars":
      return count(password, (c) => !isLetterOrDigit(c)) < n!
        ? new PasswordPolicyError("invalidPasswordMinSpecialCharsMessage", [n!])
        : undefined;
    case "notUsername":
      return user.username && password === user.username
        ? new PasswordPolicyError("invalidPasswordNotUsernameMessage", [])
        : undefined;
    case "notContainsUsername":
      return user.username && password.toLowerCase().includes(user.username.toLowerCase())
        ? new PasswordPolicyError("invalidPasswordNotContainsUsernameMessage", [])
        : undefined;
    case "notEmail":
      return user.email && password === user.email
        ? new PasswordPolicyError("invalidPasswordNotEmailMessage", [])
        : undefined;
    case "regexPattern":
      return entry.config !== undefined && !new RegExp(`^(?:${entry.config})$`, "u").test(password)
        ? new PasswordPolicyError("invalidPasswordRegexPatternMessage", [entry.config])
        : undefined;
    default:
      return undefined;
  }
}

/** The passwords passwordHistory(n) compares with: the current one and the n-1 newest history entries. */
function remembered(user: UserRecord, depth: number): CredentialRecord[] {
  const current = user.credentials.filter((c) => c.type === "password");
  const history = user.credentials
    .filter((c) => c.type === PASSWORD_HISTORY)
    .sort((a, b) => b.createdDate - a.createdDate)
    .slice(0, Math.max(0, depth - 1));
  return depth > 0 ? [...current, ...history] : [];
}

/**
 * Checks a new password against the realm's policy in the order the policy names its parts, and throws
 * PasswordPolicyError for the first one it fails (as Keycloak's PasswordPolicyManager).
 */
export async function checkPasswordPolicyOf(realm: RealmRecord, user: UserRecord, password: string): Promise<void> {
  for (const entry of policyEntries(realm)) {
    const error = fails(entry, user, password);
    if (error) throw error;
    if (entry.id === "passwordHistory") {
      const depth = policyNumber(realm, "passwordHistory") ?? 0;
      for (const old of remembered(user, depth)) {
        if (await verifyPasswordCredential(old, password))
          throw new PasswordPolicyError("invalidPasswordHistoryMessage", [depth]);
      }
    }
  }
}

/**
 * Before a password is replaced: keeps the current one as a `password-history` credential and drops history
 * beyond what passwordHistory(n) needs (n-1 entries); without the policy no history is kept.
 */
export function rememberCurrentPassword(realm: RealmRecord, user: UserRecord): void {
  const depth = policyNumber(realm, "passwordHistory") ?? 0;
  const current = user.credentials.find((c) => c.type === "password");
  const history = user.credentials.filter((c) => c.type === PASSWORD_HISTORY);
  if (current && depth > 1) history.push({ ...current, id: newId(), type: PASSWORD_HISTORY, userLabel: undefined });
  const kept = history.sort((a, b) => b.createdDate - a.createdDate).slice(0, Math.max(0, depth - 1));
  user.credentials = [...user.credentials.filter((c) => c.type !== PASSWORD_HISTORY), ...kept];
}

/** forceExpiredPasswordChange(days): true when the user's password is older than that. */
export function passwordExpired(realm: RealmRecord, user: UserRecord, at = Date.now()): boolean {
  const days = policyNumber(realm, "forceExpiredPasswordChange");
  const current = user.credentials.find((c) => c.type === "password");
  if (!days || !current) return false;
  return current.createdDate + days * 86_400_000 < at;
}
