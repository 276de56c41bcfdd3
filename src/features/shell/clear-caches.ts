import type KeycloakAdminClient from "@keycloak/keycloak-admin-client";

/** The four cache-clearing calls for a realm. */
export async function clearAllCaches(client: KeycloakAdminClient, realm: string): Promise<void> {
  await Promise.all([
    client.cache.clearUserCache({ realm }),
    client.cache.clearKeysCache({ realm }),
    client.cache.clearCrlCache({ realm }),
    client.cache.clearRealmCache({ realm }),
  ]);
}
