/**
 * `<kc-sessions-admin>`: a realm's sessions (regular and offline, paged on the server), with sign out,
 * revoke, sign out of several, the revocation dialog (not before, push) and sign out all.
 *
 * Attributes: the base ones (server-url, realm, auth-realm, client-id, scope, locale, theme,
 * routing — memory by default —, base-path, token-provider). Properties: tokenProvider, keycloak.
 * Events: kc-navigate ({ path }); kc-error ({ stage, status?, message }).
 */
import { defineArea } from "./define-element.ts";
import { SessionsAdmin } from "./sessions-admin/sessions-admin.tsx";

export const define = defineArea({ name: "sessions-admin", component: SessionsAdmin });
