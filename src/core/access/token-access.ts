import type { AccessTokenClaims } from "../auth/token-claims.ts";

export const MASTER_REALM = "master";
/** The client whose roles administer a realm from inside it. */
export const REALM_MANAGEMENT_CLIENT = "realm-management";
/** The client in master whose roles administer `{realm}` from master. */
export const masterManagementClient = (realm: string) => `${realm}-realm`;

const rolesOf = (claims: AccessTokenClaims, clientId: string): string[] =>
  claims.resource_access?.[clientId]?.roles ?? [];
const realmRolesOf = (claims: AccessTokenClaims): string[] => claims.realm_access?.roles ?? [];

/**
 * The access names who-am-I would report for `currentRealm`, read from the token's own roles as
 * Keycloak puts them there (composites already expanded): from master, the roles of the
 * `{realm}-realm` client plus `admin` for master's realm role; inside a realm, the roles of its
 * `realm-management` client (and nothing for other realms).
 */
export function accessNamesFromToken(claims: AccessTokenClaims, authRealm: string, currentRealm: string): string[] {
  if (authRealm === MASTER_REALM) {
    const names = [...rolesOf(claims, masterManagementClient(currentRealm))];
    if (realmRolesOf(claims).includes("admin")) names.push("admin");
    return names;
  }
  return authRealm === currentRealm ? [...rolesOf(claims, REALM_MANAGEMENT_CLIENT)] : [];
}

/** Who-am-I's `createRealm`: master's realm role `create-realm` (the `admin` role includes it). */
export function canCreateRealmFromToken(claims: AccessTokenClaims, authRealm: string): boolean {
  return authRealm === MASTER_REALM && realmRolesOf(claims).includes("create-realm");
}

/** The name to show for the token's user: its full name, else its username. */
export function displayNameFromToken(claims: AccessTokenClaims): string {
  const fullName = [claims.given_name, claims.family_name].filter(Boolean).join(" ");
  return claims.name || fullName || claims.preferred_username || "";
}
