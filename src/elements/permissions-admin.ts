/**
 * `<kc-permissions-admin>`: a realm's fine-grained admin permissions (list, search, filter, create, edit, delete).
 * Shown when the ADMIN_FINE_GRAINED_AUTHZ_V2 feature and the realm's admin permissions are on.
 *
 * Attributes: the base ones (server-url, realm, auth-realm, client-id, scope, locale, theme,
 * routing — memory by default —, base-path, token-provider). Properties: tokenProvider, keycloak.
 * Events (bubbling, composed): kc-navigate ({ path }); kc-error ({ stage, status?, message }).
 */
import { defineArea } from "./define-element.ts";
import { PermissionsAdmin } from "./permissions-admin/permissions-admin.tsx";

export const define = defineArea({ name: "permissions-admin", component: PermissionsAdmin });
