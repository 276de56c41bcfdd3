/**
 * `<kc-users-admin>`: a realm's users (search, create, details, attributes, credentials, role
 * mapping, groups, organizations, consents, identity provider links, sessions).
 *
 * Attributes: the base ones (server-url, realm, auth-realm, client-id, scope, locale, theme,
 * routing — memory by default —, base-path, token-provider). Properties: tokenProvider, keycloak.
 * Events (bubbling, composed, `detail: { id, username }`): kc-user-created, kc-user-updated,
 * kc-user-deleted; kc-navigate ({ path }); kc-error ({ stage, status?, message }) for each start-up failure. Without manage-users, no create, edit or delete control
 * is shown and no call needing it is made.
 */
import { defineArea } from "./define-element.ts";
import { UsersAdmin } from "./users-admin/users-admin.tsx";

export const define = defineArea({ name: "users-admin", component: UsersAdmin });
