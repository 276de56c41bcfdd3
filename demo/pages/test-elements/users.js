/**
 * Test page of <kc-users-admin>: the password grant of the page address (default: the master admin),
 * or with `?portal` the portal's service-account token; the element's events on `window.kcEvents`.
 */
import { createPortalTokenProvider } from "../shared/portal-token-provider.js";
import { mountWithToken } from "./element-test-page.js";

const params = new URLSearchParams(location.search);
const element = document.getElementById("element");
const theme = mountWithToken(
  element,
  ["kc-user-created", "kc-user-updated", "kc-user-deleted", "kc-navigate"],
  params.has("portal") ? createPortalTokenProvider() : undefined,
);
if (params.has("portal")) element.setAttribute("auth-realm", "demo");
// A dark host page for the dark theme, as a product team would have (the element paints no page background).
if (theme === "dark")
  Object.assign(document.documentElement.style, { background: "#151515", color: "#e0e0e0", colorScheme: "dark" });
