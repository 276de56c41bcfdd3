/**
 * `<kc-realm-settings-admin>`: one realm's settings — header (enabled, partial import and export, delete)
 * and the settings tabs at the upstream console's addresses (`/{realm}/realm-settings/{tab}`).
 *
 * Attributes: the base ones (server-url, realm, auth-realm, client-id, scope, locale, theme,
 * routing — memory by default —, base-path, token-provider). Properties: tokenProvider, keycloak.
 * Events (bubbling, composed): kc-navigate ({ path }); kc-error ({ stage, status?, message }).
 * Without manage-realm, the settings are shown read-only and no action is offered.
 */
import { defineArea } from "./define-element.ts";
import { RealmSettingsAdmin } from "./realm-settings-admin/realm-settings-admin.tsx";

export const define = defineArea({ name: "realm-settings-admin", component: RealmSettingsAdmin });
