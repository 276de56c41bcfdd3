import { pbkdf2, pbkdf2Sync, randomBytes, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import type { CredentialRecord, UserRecord } from "../store/types.ts";
import { newId, now } from "../common/ids.ts";
import { DEFAULT_HASH_ALGORITHM, DEFAULT_HASH_ITERATIONS } from "../realm/password-hash.ts";

const pbkdf2Async = promisify(pbkdf2);

/** Keycloak 26's default password hash (see realm/password-hash.ts): 512-bit key, 16-byte salt. */
const DERIVED_KEY_BYTES = 64;

const DIGESTS: Record<string, string> = { "pbkdf2-sha512": "sha512", "pbkdf2-sha256": "sha256", pbkdf2: "sha1" };

export interface PasswordHash {
  secretData: string;
  credentialData: string;
}

/** Hashes a password in Keycloak's stored format (secretData / credentialData JSON strings). */
export function hashPassword(password: string, iterations = DEFAULT_HASH_ITERATIONS): PasswordHash {
  const salt = randomBytes(16);
  const value = pbkdf2Sync(password, salt, iterations, DERIVED_KEY_BYTES, "sha512");
  return {
    secretData: JSON.stringify({
      value: value.toString("base64"),
      salt: salt.toString("base64"),
      additionalParameters: {},
    }),
    credentialData: JSON.stringify({
      hashIterations: iterations,
      algorithm: DEFAULT_HASH_ALGORITHM,
      additionalParameters: {},
    }),
  };
}

/**
 * A new "password" credential. Keycloak does not keep temporariness on the
 * credential: a temporary password is the user's UPDATE_PASSWORD required
 * action, which `setUserPassword` maintains.
 */
export function createPasswordCredential(
  password: string,
  temporary = false,
  iterations = DEFAULT_HASH_ITERATIONS,
): CredentialRecord {
  void temporary;
  return { id: newId(), type: "password", createdDate: now(), priority: 10, ...hashPassword(password, iterations) };
}

/** Replaces the user's password credential and sets or clears UPDATE_PASSWORD; the caller stores the user. */
export function setUserPassword(user: UserRecord, password: string, temporary = false): CredentialRecord {
  const credential = createPasswordCredential(password);
  const previous = user.credentials.find((c) => c.type === "password");
  if (previous?.userLabel) credential.userLabel = previous.userLabel;
  user.credentials = [...user.credentials.filter((c) => c.type !== "password"), credential];
  const others = user.requiredActions.filter((a) => a !== "UPDATE_PASSWORD");
  user.requiredActions = temporary ? [...others, "UPDATE_PASSWORD"] : others;
  return credential;
}

/** Checks a password against a stored Keycloak PBKDF2 credential. */
export async function verifyPasswordCredential(credential: CredentialRecord, password: string): Promise<boolean> {
  try {
    const data = JSON.parse(credential.credentialData) as { hashIterations?: number; algorithm?: string };
    const secret = JSON.parse(credential.secretData) as { value?: string; salt?: string };
    const digest = DIGESTS[data.algorithm ?? DEFAULT_HASH_ALGORITHM];
    if (!digest || !secret.value || !secret.salt) return false;
    const expected = Buffer.from(secret.value, "base64");
    const salt = Buffer.from(secret.salt, "base64");
    const actual = await pbkdf2Async(
      password,
      salt,
      data.hashIterations ?? DEFAULT_HASH_ITERATIONS,
      expected.length,
      digest,
    );
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  } catch {
    return false;
  }
}

export async function verifyUserPassword(user: UserRecord, password: string): Promise<boolean> {
  const credential = user.credentials.find((c) => c.type === "password");
  return credential ? verifyPasswordCredential(credential, password) : false;
}
