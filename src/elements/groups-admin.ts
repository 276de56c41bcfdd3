/**
 * `<kc-groups-admin>`: the groups of one realm — tree navigation, members, attributes, role mapping.
 *
 * Attributes: the base ones (server-url, realm, auth-realm, client-id, scope, locale, theme,
 * routing, base-path, token-provider). Properties: tokenProvider, keycloak.
 * Events: kc-group-created ({ id, name, parentId }), kc-group-updated ({ id, … }),
 * kc-group-deleted ({ id }), kc-navigate ({ path }), kc-error ({ stage, status?, message }).
 */
import { defineArea } from "./define-element.ts";
import { GroupsArea } from "./groups-admin/groups-area.tsx";

export const define = defineArea({ name: "groups-admin", component: GroupsArea });
