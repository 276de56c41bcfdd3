import KeycloakAdminClient from "@keycloak/keycloak-admin-client";
import type { AuthSession } from "../auth/auth-session.ts";

/** One admin client per runtime; its token provider is registered exactly once. */
export function createAdminClient(serverUrl: string, authRealm: string, session: AuthSession): KeycloakAdminClient {
  const client = new KeycloakAdminClient({ baseUrl: serverUrl, realmName: authRealm });
  client.registerTokenProvider({ getAccessToken: () => session.getAccessToken() });
  return client;
}

export type { KeycloakAdminClient };
