import type { IdTokenClaims } from "./auth-session.ts";

/** The part of a keycloak-js instance we rely on (the host may hand us its own). */
export interface KeycloakLike {
  token?: string;
  idTokenParsed?: IdTokenClaims;
  updateToken(minValidity?: number): Promise<boolean>;
  login(options?: unknown): Promise<void>;
  logout(options?: { redirectUri?: string }): Promise<void>;
  onAuthLogout?: () => void;
}

export function isKeycloakLike(value: unknown): value is KeycloakLike {
  return typeof value === "object" && value !== null && typeof (value as KeycloakLike).updateToken === "function";
}
