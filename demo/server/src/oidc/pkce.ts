import { createHash } from "node:crypto";

export const PKCE_METHODS = ["plain", "S256"];

/** RFC 7636 verifier syntax: 43-128 characters of [A-Za-z0-9-._~]. */
export const isValidCodeVerifier = (verifier: string) => /^[A-Za-z0-9\-._~]{43,128}$/.test(verifier);

export function pkceChallengeMatches(method: string | undefined, challenge: string, verifier: string): boolean {
  if ((method ?? "plain") === "plain") return challenge === verifier;
  return createHash("sha256").update(verifier).digest("base64url") === challenge;
}
