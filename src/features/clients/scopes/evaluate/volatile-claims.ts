/** Claims that differ between any two generated tokens (times, ids, session), whoever they are for. */
export const VOLATILE_CLAIMS = ["exp", "iat", "jti", "sid", "auth_time", "session_state", "nonce"] as const;

/**
 * The generated token's JSON (as the evaluate tab shows it) without its volatile top-level claims, in the same
 * layout; text that is not a JSON object is returned as it is.
 */
export function withoutVolatileClaims(json: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return json;
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return json;
  const kept = Object.fromEntries(
    Object.entries(parsed).filter(([claim]) => !(VOLATILE_CLAIMS as readonly string[]).includes(claim)),
  );
  return JSON.stringify(kept, null, 2);
}
