/**
 * `<kc-custom-pages-admin>`: one custom page (the `UiPageProvider` named by `provider`, else the first the server
 * reports): its items listed, added, edited through its form and deleted.
 *
 * Attributes: the base ones (server-url, realm, auth-realm, client-id, scope, locale, theme, routing — memory by
 * default —, base-path, token-provider) and `provider` (the page provider's id; the first one the server reports
 * when absent). Properties: tokenProvider, keycloak. Events: kc-navigate ({ path }); kc-error ({ stage, status?, message }).
 */
import { defineArea } from "./define-element.ts";
import { CustomPagesAdmin } from "./custom-pages-admin/custom-pages-admin.tsx";

export const define = defineArea({
  name: "custom-pages-admin",
  component: CustomPagesAdmin,
  attributes: { provider: { prop: "provider", type: "string" } },
});
