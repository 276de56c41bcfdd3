/**
 * `<kc-authentication-admin>`: a realm's authentication flows (list, create, duplicate, bind, delete, the
 * keyboard-operable step tree), required actions and credential policies (password, OTP, WebAuthn, CIBA).
 *
 * Attributes: the base ones (server-url, realm, auth-realm, client-id, scope, locale, theme,
 * routing — memory by default —, base-path, token-provider). Properties: tokenProvider, keycloak.
 * Events (bubbling, composed): kc-navigate ({ path }); kc-error ({ stage, status?, message }).
 */
import { defineArea } from "./define-element.ts";
import { AuthenticationAdmin } from "./authentication-admin/authentication-admin.tsx";

export const define = defineArea({ name: "authentication-admin", component: AuthenticationAdmin });
