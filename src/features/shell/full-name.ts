import type { IdTokenClaims } from "../../core/auth/auth-session.ts";

/** Given and family name; else either one; else the preferred username; else 'unknown user'. */
export function fullName(claims: IdTokenClaims | undefined, unknownUser: string): string {
  const given = claims?.given_name?.trim();
  const family = claims?.family_name?.trim();
  if (given && family) return `${given} ${family}`;
  return given || family || claims?.preferred_username || unknownUser;
}
