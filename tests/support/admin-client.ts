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

/** Status and body of the error the admin client throws for a refused call (throws if the call succeeded). */
export async function refusal(call: Promise<unknown>): Promise<{ status: number; body: Record<string, unknown> }> {
  try {
    await call;
  } catch (error) {
    const { response, responseData } = error as { response?: Response; responseData?: Record<string, unknown> };
    return { status: response?.status ?? 0, body: responseData ?? {} };
  }
  throw new Error("the call was not refused");
}
