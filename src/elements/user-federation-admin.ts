/**
 * `<kc-user-federation-admin>`: a realm's user federation — LDAP (settings, connection tests, sync with counts and
 * history, mappers), Kerberos and other user-storage providers.
 *
 * Attributes: the base ones (server-url, realm, auth-realm, client-id, scope, locale, theme,
 * routing — memory by default —, base-path, token-provider). Properties: tokenProvider, keycloak.
 * Events: kc-navigate ({ path }); kc-error ({ stage, status?, message }).
 */
import { defineArea } from "./define-element.ts";
import { UserFederationAdmin } from "./user-federation-admin/user-federation-admin.tsx";

export const define = defineArea({ name: "user-federation-admin", component: UserFederationAdmin });
