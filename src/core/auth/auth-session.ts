/** Claims the console reads from the identity token. */
export interface IdTokenClaims {
  sub?: string;
  given_name?: string;
  family_name?: string;
  preferred_username?: string;
  picture?: string;
  [claim: string]: unknown;
}

/** One signed-in session, whatever the token came from. */
export interface AuthSession {
  /** Where tokens come from: our own keycloak-js sign-in, the host's keycloak-js, or a host token provider. */
  readonly kind: "sign-in" | "host-keycloak" | "host-provider";
  /** A valid access token for the next admin call (refreshed when it expires within 5 s). */
  getAccessToken(): Promise<string | undefined>;
  /** Claims of the identity token, when known. */
  idTokenClaims(): IdTokenClaims | undefined;
  /** Signs out (only sessions we or the host's keycloak-js own can). */
  signOut(): Promise<void>;
}

/** Seconds before expiry at which a token is refreshed before an admin call. */
export const TOKEN_MIN_VALIDITY = 5;
