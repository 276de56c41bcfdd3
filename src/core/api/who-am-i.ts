import type KeycloakAdminClient from "@keycloak/keycloak-admin-client";
import type WhoAmIRepresentation from "@keycloak/keycloak-admin-client/lib/defs/whoAmIRepresentation.js";

export type WhoAmI = Omit<WhoAmIRepresentation, "realm_access"> & { realm_access: Record<string, string[]> };

/** Used when who-am-I cannot be read: nobody, no access, English. */
export const ANONYMOUS_USER: WhoAmI = {
  userId: "",
  realm: "",
  displayName: "",
  locale: "en",
  createRealm: false,
  temporary: false,
  realm_access: {},
};

export const whoAmIKey = (authRealm: string, currentRealm: string) => ["who-am-i", authRealm, currentRealm] as const;

export async function fetchWhoAmI(
  client: KeycloakAdminClient,
  authRealm: string,
  currentRealm: string,
): Promise<WhoAmI> {
  try {
    return (await client.whoAmI.find({ realm: authRealm, currentRealm })) as unknown as WhoAmI;
  } catch {
    return ANONYMOUS_USER;
  }
}
