/**
 * `<kc-roles-admin>`: the realm roles of one realm — list, create, details, attributes,
 * associated roles, users in role, default roles.
 *
 * Attributes: the base ones (server-url, realm, auth-realm, client-id, scope, locale, theme,
 * routing, base-path, token-provider). Properties: tokenProvider, keycloak.
 * Events: kc-role-created ({ id, name }), kc-role-updated ({ id }), kc-role-deleted ({ id, name }),
 * kc-navigate ({ path }), kc-error ({ stage, status?, message }).
 */
import { defineArea } from "./define-element.ts";
import { RolesArea } from "./roles-admin/roles-area.tsx";

export const define = defineArea({ name: "roles-admin", component: RolesArea });
