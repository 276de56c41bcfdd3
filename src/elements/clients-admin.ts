/**
 * `<kc-clients-admin>`: a realm's clients (list searched by client ID, create wizard, details with
 * the settings tab, export, delete).
 *
 * Attributes: the base ones (server-url, realm, auth-realm, client-id, scope, locale, theme,
 * routing, base-path, token-provider). Properties: tokenProvider, keycloak.
 * Events: kc-navigate ({ path }), kc-error ({ stage, status?, message }). Without manage-clients, no
 * create, edit or delete control is shown.
 */
import { defineArea } from "./define-element.ts";
import { ClientsAdmin } from "./clients-admin/clients-admin.tsx";

export const define = defineArea({ name: "clients-admin", component: ClientsAdmin });
