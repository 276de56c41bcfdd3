import type { CredentialRecord, RealmRecord, UserRecord } from "../../store/types.ts";
import { hashPassword } from "../../access/passwords.ts";
import { newId, now } from "../../common/ids.ts";
import { omitUndefined } from "../common/omit-undefined.ts";
import {
  checkPasswordPolicyOf,
  PASSWORD_HISTORY,
  PasswordPolicyError,
  rememberCurrentPassword,
} from "../../access/password-policy.ts";
import { HttpError } from "../../http/errors.ts";

/** Keycloak spaces credential priorities by 10. */
const PRIORITY_STEP = 10;

const byPriority = (a: CredentialRecord, b: CredentialRecord) => a.priority - b.priority;

function nextPriority(user: UserRecord): number {
  return user.credentials.reduce((max, c) => Math.max(max, c.priority), 0) + PRIORITY_STEP;
}

/**
 * Sets the user's password the way Keycloak updates it: the existing password
 * credential keeps its id, label and priority; a temporary password adds the
 * UPDATE_PASSWORD required action. A permanent one removes it on reset-password
 * only (`clearOnPermanent`): a user created or updated with a permanent password
 * keeps an UPDATE_PASSWORD it was given, as on Keycloak.
 */
export function setPassword(user: UserRecord, password: string, temporary: boolean, clearOnPermanent = true): void {
  const hash = hashPassword(password);
  const previous = user.credentials.find((c) => c.type === "password");
  if (previous) {
    Object.assign(previous, hash, { createdDate: now() });
  } else {
    user.credentials.push({ id: newId(), type: "password", createdDate: now(), priority: nextPriority(user), ...hash });
  }
  if (!temporary && !clearOnPermanent) return;
  const others = user.requiredActions.filter((a) => a !== "UPDATE_PASSWORD");
  user.requiredActions = temporary ? [...others, "UPDATE_PASSWORD"] : others;
}

/**
 * Checks a new password against the realm's policy (Keycloak's 400 `{ error, error_description }` when refused,
 * or `refusal` instead when given) and keeps the current password in the history the policy asks for.
 */
export async function admitPassword(
  realm: RealmRecord,
  user: UserRecord,
  password: string,
  refusal?: () => HttpError,
): Promise<void> {
  try {
    await checkPasswordPolicyOf(realm, user, password);
  } catch (error) {
    if (error instanceof PasswordPolicyError) throw refusal ? refusal() : error.toHttp();
    throw error;
  }
  rememberCurrentPassword(realm, user);
}

/** The plain passwords of UserRepresentation.credentials, checked (and history kept) before they are applied. */
export async function admitCredentialPasswords(
  realm: RealmRecord,
  user: UserRecord,
  credentials: unknown,
  refusal?: () => HttpError,
): Promise<void> {
  if (!Array.isArray(credentials)) return;
  for (const raw of credentials) {
    if (!raw || typeof raw !== "object") continue;
    const cred = raw as Record<string, unknown>;
    const type = typeof cred.type === "string" ? cred.type : "password";
    if (type === "password" && typeof cred.value === "string") await admitPassword(realm, user, cred.value, refusal);
  }
}

/** Applies UserRepresentation.credentials: plain passwords are hashed, already hashed credentials are kept as given. */
export function applyCredentialRepresentations(user: UserRecord, credentials: unknown): void {
  if (!Array.isArray(credentials)) return;
  for (const raw of credentials) {
    if (!raw || typeof raw !== "object") continue;
    const cred = raw as Record<string, unknown>;
    const type = typeof cred.type === "string" ? cred.type : "password";
    if (typeof cred.value === "string") {
      if (type === "password") setPassword(user, cred.value, cred.temporary === true, false);
      continue;
    }
    if (typeof cred.secretData === "string" && typeof cred.credentialData === "string") {
      user.credentials = user.credentials.filter((c) => !(type === "password" && c.type === "password"));
      user.credentials.push(
        omitUndefined({
          id: typeof cred.id === "string" ? cred.id : newId(),
          type,
          userLabel: typeof cred.userLabel === "string" ? cred.userLabel : undefined,
          createdDate: typeof cred.createdDate === "number" ? cred.createdDate : now(),
          secretData: cred.secretData,
          credentialData: cred.credentialData,
          priority: typeof cred.priority === "number" ? cred.priority : nextPriority(user),
        }),
      );
    }
  }
}

/** CredentialRepresentation without the secret. */
export function credentialRepresentation(credential: CredentialRecord) {
  return omitUndefined({
    id: credential.id,
    type: credential.type,
    userLabel: credential.userLabel,
    createdDate: credential.createdDate,
    credentialData: credential.credentialData,
    priority: credential.priority,
  });
}

/** The user's credentials as the admin API lists them: password history stays hidden, as in Keycloak. */
export function sortedCredentials(user: UserRecord): CredentialRecord[] {
  return user.credentials.filter((c) => c.type !== PASSWORD_HISTORY).sort(byPriority);
}

/**
 * Moves a credential right after another one (or first when `afterId` is
 * undefined) and renumbers priorities 10, 20, ... Returns false when either
 * credential is missing.
 */
export function moveCredential(user: UserRecord, credentialId: string, afterId: string | undefined): boolean {
  const ordered = sortedCredentials(user);
  const moving = ordered.find((c) => c.id === credentialId);
  if (!moving) return false;
  const rest = ordered.filter((c) => c.id !== credentialId);
  let at = 0;
  if (afterId !== undefined) {
    const previous = rest.findIndex((c) => c.id === afterId);
    if (previous < 0) return false;
    at = previous + 1;
  }
  rest.splice(at, 0, moving);
  rest.forEach((c, i) => (c.priority = (i + 1) * PRIORITY_STEP));
  user.credentials = rest;
  return true;
}
