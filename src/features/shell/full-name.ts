import type { IdTokenClaims } from "../../core/auth/auth-session.ts";
import { displayText } from "../../core/ui/text/display-text.ts";

/** Given and family name; else either one; else the preferred username; else 'unknown user'. */
export function fullName(claims: IdTokenClaims | undefined, unknownUser: string): string {
  const given = displayText(claims?.given_name).trim();
  const family = displayText(claims?.family_name).trim();
  if (given && family) return `${given} ${family}`;
  return given || family || displayText(claims?.preferred_username) || displayText(unknownUser);
}
