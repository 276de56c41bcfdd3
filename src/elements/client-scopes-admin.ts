/**
 * `<kc-client-scopes-admin>`: the client scopes of one realm — list with assigned types, create,
 * settings, protocol mappers (by configuration or predefined) and mapper details.
 *
 * Attributes: the base ones (server-url, realm, auth-realm, client-id, scope, locale, theme,
 * routing — memory by default —, base-path, token-provider). Properties: tokenProvider, keycloak.
 * Events: kc-navigate ({ path }); kc-error ({ stage, status?, message }) for each start-up failure.
 * Without manage-clients, no create, edit or delete control is shown.
 */
import { defineArea } from "./define-element.ts";
import { ClientScopesAdmin } from "./client-scopes-admin/client-scopes-admin.tsx";

export const define = defineArea({ name: "client-scopes-admin", component: ClientScopesAdmin });
