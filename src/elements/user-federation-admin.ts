/**
 * `<kc-user-federation-admin>`: a realm's user federation — LDAP providers (settings, Test connection / Test
 * authentication, sync with its counts and history, mappers), Kerberos providers and other user-storage types.
 *
 * Attributes: the base ones (server-url, realm, auth-realm, client-id, scope, locale, theme,
 * routing — memory by default —, base-path, token-provider). Properties: tokenProvider, keycloak.
 * Events: kc-navigate ({ path }); kc-error ({ stage, status?, message }).
 */
import { defineArea } from "./define-element.ts";
import { UserFederationAdmin } from "./user-federation-admin/user-federation-admin.tsx";

export const define = defineArea({ name: "user-federation-admin", component: UserFederationAdmin });
