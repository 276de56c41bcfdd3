import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import type { CredentialRecord, UserRecord } from "../../store/types.ts";
import { newId } from "../../common/ids.ts";

export const RECOVERY_CODES_TYPE = "recovery-authn-codes";
/** Keycloak's RecoveryAuthnCodesUtils: 12 codes of 12 characters, without O and 0. */
const CODE_COUNT = 12;
const CODE_LENGTH = 12;
const CODE_CHARS = "ABCDEFGHIJKLMNPQRSTUVWXYZ123456789";

interface StoredCode {
  number: number;
  encodedHashedValue: string;
}

/** Keycloak's credential data; its `hashIterations` is null, so it leaves it out. */
interface RecoveryCodesData {
  algorithm: string;
  totalCodes: number;
  remainingCodes: number;
}

const hashOf = (code: string) => createHash("sha512").update(code, "utf8").digest();

export function generateRecoveryCodes(): string[] {
  return Array.from({ length: CODE_COUNT }, () =>
    Array.from({ length: CODE_LENGTH }, () => CODE_CHARS[randomInt(CODE_CHARS.length)]).join(""),
  );
}

/** A code as the setup page shows it: XXXX-XXXX-XXXX. */
export const displayedCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;

/** A new `recovery-authn-codes` credential in Keycloak's stored shape: each code's SHA-512, base64, numbered from 1. */
export function recoveryCodesCredential(
  codes: string[],
  createdDate: number,
  userLabel: string | undefined,
  priority: number,
): CredentialRecord {
  const stored: StoredCode[] = codes.map((code, i) => ({
    number: i + 1,
    encodedHashedValue: hashOf(code).toString("base64"),
  }));
  const data: RecoveryCodesData = {
    algorithm: "SHA-512",
    totalCodes: codes.length,
    remainingCodes: codes.length,
  };
  const credential: CredentialRecord = {
    id: newId(),
    type: RECOVERY_CODES_TYPE,
    createdDate,
    secretData: JSON.stringify({ codes: stored }),
    credentialData: JSON.stringify(data),
    priority,
  };
  if (userLabel) credential.userLabel = userLabel;
  return credential;
}

export const recoveryCodesOf = (user: UserRecord): CredentialRecord | undefined =>
  user.credentials.find((c) => c.type === RECOVERY_CODES_TYPE);

function storedCodes(credential: CredentialRecord): StoredCode[] {
  try {
    const codes = (JSON.parse(credential.secretData) as { codes?: unknown }).codes;
    return Array.isArray(codes) ? (codes as StoredCode[]) : [];
  } catch {
    return [];
  }
}

/** The number of the code the user is asked for: the first one not used yet. */
export const nextCodeNumber = (credential: CredentialRecord): number | undefined => storedCodes(credential)[0]?.number;

/**
 * Checks the typed code (dashes ignored) against the next unused code only, as Keycloak does. When it matches, the
 * credential without that code (its remaining count updated), or undefined when the code is wrong.
 */
export function consumeRecoveryCode(credential: CredentialRecord, typed: string): CredentialRecord | undefined {
  const [next, ...rest] = storedCodes(credential);
  if (!next) return undefined;
  const expected = Buffer.from(next.encodedHashedValue, "base64");
  const actual = hashOf(typed.replace(/-/g, ""));
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return undefined;
  let data: Partial<RecoveryCodesData> = {};
  try {
    data = JSON.parse(credential.credentialData) as RecoveryCodesData;
  } catch {
    // a credential imported without its data keeps going with the codes it has
  }
  return {
    ...credential,
    secretData: JSON.stringify({ codes: rest }),
    credentialData: JSON.stringify({ ...data, remainingCodes: rest.length }),
  };
}
