import type KeycloakAdminClient from "@keycloak/keycloak-admin-client";
import type { QueryClient } from "@tanstack/react-query";
import type { i18n as I18n } from "i18next";
import type { AuthSession } from "../auth/auth-session.ts";

/** Everything the elements of one server + sign-in share on a page. */
export interface Runtime {
  readonly serverUrl: string;
  readonly authRealm: string;
  readonly clientId: string;
  readonly auth: AuthSession;
  readonly adminClient: KeycloakAdminClient;
  readonly queryClient: QueryClient;
  readonly i18n: I18n;
}
