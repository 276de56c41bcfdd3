/**
 * `<kc-organizations-admin>`: a realm's organizations (list, create, settings, attributes, members,
 * linked identity providers), shown when the ORGANIZATION feature and the realm setting are on.
 *
 * Attributes: the base ones (server-url, realm, auth-realm, client-id, scope, locale, theme,
 * routing — memory by default —, base-path, token-provider). Properties: tokenProvider, keycloak.
 * Events (bubbling, composed, `detail: { id, name }`): kc-organization-created,
 * kc-organization-updated, kc-organization-deleted; kc-navigate ({ path }); kc-error ({ stage, status?, message }).
 */
import { defineArea } from "./define-element.ts";
import { OrganizationsAdmin } from "./organizations-admin/organizations-admin.tsx";

export const define = defineArea({ name: "organizations-admin", component: OrganizationsAdmin });
