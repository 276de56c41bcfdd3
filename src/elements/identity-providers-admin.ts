/**
 * `<kc-identity-providers-admin>`: a realm's identity providers (list, add by type, settings, mappers,
 * permissions).
 *
 * Attributes: the base ones (server-url, realm, auth-realm, client-id, scope, locale, theme,
 * routing — memory by default —, base-path, token-provider). Properties: tokenProvider, keycloak.
 * Events (bubbling, composed): kc-navigate ({ path }); kc-error ({ stage, status?, message }).
 */
import { defineArea } from "./define-element.ts";
import { IdentityProvidersAdmin } from "./identity-providers-admin/identity-providers-admin.tsx";

export const define = defineArea({ name: "identity-providers-admin", component: IdentityProvidersAdmin });
