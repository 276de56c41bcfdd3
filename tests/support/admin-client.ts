import KcAdminClient from "@keycloak/keycloak-admin-client";
import { adminToken } from "./server.ts";

/**
 * Keycloak's own admin client (`@keycloak/keycloak-admin-client`) signed in to `baseUrl` as `username` of
 * `authRealm` through admin-cli, addressing `realm`; a fresh token is fetched before each test's calls run out.
 */
export async function keycloakAdminClient(
  baseUrl: string,
  { realm = "master", authRealm = "master", username = "admin", password = "admin" } = {},
): Promise<KcAdminClient> {
  const client = new KcAdminClient({ baseUrl, realmName: realm });
  let fetchedAt = 0;
  let token = "";
  client.registerTokenProvider({
    getAccessToken: async () => {
      if (!token || Date.now() - fetchedAt > 30_000) {
        token = await adminToken(baseUrl, authRealm, username, password);
        fetchedAt = Date.now();
      }
      return token;
    },
  });
  return client;
}
