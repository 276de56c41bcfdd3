import { badRequest } from "../http/errors.ts";

/** Keycloak 26's password policy providers; an int config must parse as a Java int when given. */
const INT_POLICIES = new Set([
  "length",
  "maxLength",
  "digits",
  "lowerCase",
  "upperCase",
  "specialChars",
  "hashIterations",
  "passwordHistory",
  "forceExpiredPasswordChange",
  "maxAuthAge",
  "recoveryCodesWarningThreshold",
]);
const OTHER_POLICIES = new Set([
  "notUsername",
  "notEmail",
  "notContainsUsername",
  "regexPattern",
  "passwordBlacklist",
  "hashAlgorithm",
]);
const MULTIPLE_ALLOWED = new Set(["regexPattern"]);
const HASH_ALGORITHMS = new Set(["pbkdf2", "pbkdf2-sha256", "pbkdf2-sha512", "argon2"]);
const JAVA_INT = /^[+-]?\d{1,10}$/;

function configError(id: string, config: string | undefined): string | undefined {
  if (config === undefined) return undefined;
  if (INT_POLICIES.has(id)) {
    const value = Number(config);
    return JAVA_INT.test(config) && value >= -2147483648 && value <= 2147483647 ? undefined : "Not a valid number";
  }
  if (id === "hashAlgorithm" && !HASH_ALGORITHMS.has(config)) return "Password hashing provider not found";
  if (id === "regexPattern") {
    try {
      new RegExp(config);
    } catch {
      return "Not a valid regular expression";
    }
  }
  return undefined;
}

/**
 * Throws Keycloak's 400 for a policy string PasswordPolicy.Builder refuses: `id(config) and id(config)`, each id a
 * known provider, once unless it allows several, with a config the provider can parse.
 */
export function checkPasswordPolicy(policy: string | null | undefined): void {
  if (!policy || !policy.trim()) return;
  const seen = new Set<string>();
  for (const raw of policy.split(" and ")) {
    const part = raw.trim();
    const open = part.indexOf("(");
    const id = (open === -1 ? part : part.slice(0, open)).trim();
    const config = open === -1 ? undefined : part.slice(open + 1, part.length - 1);
    if (!INT_POLICIES.has(id) && !OTHER_POLICIES.has(id)) throw badRequest("Password policy not found");
    const error = configError(id, config);
    if (error) throw badRequest(`Invalid config for ${id}: ${error}`);
    if (seen.has(id) && !MULTIPLE_ALLOWED.has(id)) throw badRequest(`Invalid multiple definition for config ${id}`);
    seen.add(id);
  }
}
