import { pbkdf2, randomBytes } from "node:crypto";
import { promisify } from "node:util";

const pbkdf2Async = promisify(pbkdf2);

/** Keycloak 26's default password hashing: pbkdf2-sha512, 210,000 iterations, 512-bit key, 16-byte salt. */
export const DEFAULT_HASH_ALGORITHM = "pbkdf2-sha512";
export const DEFAULT_HASH_ITERATIONS = 210_000;

export interface PasswordHash {
  secretData: string;
  credentialData: string;
}

/** Hashes a password into Keycloak's stored credential format (the JSON strings of a password CredentialRepresentation). */
export async function hashPassword(
  password: string,
  iterations = DEFAULT_HASH_ITERATIONS,
  algorithm = DEFAULT_HASH_ALGORITHM,
): Promise<PasswordHash> {
  const salt = randomBytes(16);
  const digest = algorithm === "pbkdf2-sha256" ? "sha256" : algorithm === "pbkdf2" ? "sha1" : "sha512";
  const value = await pbkdf2Async(password, salt, iterations, 64, digest);
  return {
    secretData: JSON.stringify({
      value: value.toString("base64"),
      salt: salt.toString("base64"),
      additionalParameters: {},
    }),
    credentialData: JSON.stringify({ hashIterations: iterations, algorithm, additionalParameters: {} }),
  };
}
