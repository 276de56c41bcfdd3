/**
 * `<kc-admin-console>`: the whole administration console in one element.
 *
 * Attributes: server-url, auth-realm (default master), realm (start realm), client-id
 * (default security-admin-console), scope, locale, theme, routing (memory | hash | path),
 * base-path, token-provider. Properties: tokenProvider, keycloak.
 * Events: kc-navigate ({ path }) on every navigation; kc-error ({ stage, status?, message }) for each start-up failure.
 */
import { defineArea } from "../define-element.ts";
import { AdminConsole } from "./admin-console.tsx";

export const define = defineArea({ name: "admin-console", component: AdminConsole });
