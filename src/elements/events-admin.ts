/**
 * `<kc-events-admin>`: a realm's user events and admin events, searched through the address
 * (bookmarkable), with usernames shown, expandable details and the admin events' auth and
 * representation dialogs.
 *
 * Attributes: the base ones (server-url, realm, auth-realm, client-id, scope, locale, theme,
 * routing — memory by default —, base-path, token-provider). Properties: tokenProvider, keycloak.
 * Events: kc-navigate ({ path }); kc-error ({ stage, status?, message }).
 */
import { defineArea } from "./define-element.ts";
import { EventsAdmin } from "./events-admin/events-admin.tsx";

export const define = defineArea({ name: "events-admin", component: EventsAdmin });
