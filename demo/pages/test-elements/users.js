/**
 * Test page of <kc-users-admin>: a token from the password grant of admin-cli (`token-realm`,
 * `username`, `password` from the address; default: the master admin), or with `?portal` the
 * portal's service-account token; the element's events are logged on `window.kcEvents`.
 */
import { createPortalTokenProvider } from "../shared/portal-token-provider.js";

const EVENTS = ["kc-user-created", "kc-user-updated", "kc-user-deleted", "kc-navigate"];
const params = new URLSearchParams(location.search);

function passwordGrantProvider() {
  const realm = params.get("token-realm") ?? "master";
  let cached;
  return {
    async getAccessToken() {
      if (cached && Date.now() < cached.expiresAt - 10_000) return cached.token;
      const response = await fetch(`/realms/${encodeURIComponent(realm)}/protocol/openid-connect/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ grant_type: "password", client_id: "admin-cli", username: params.get("username") ?? "admin", password: params.get("password") ?? "admin" }),
      });
      if (!response.ok) throw new Error(`Token request answered ${response.status}`);
      const body = await response.json();
      cached = { token: body.access_token, expiresAt: Date.now() + body.expires_in * 1000 };
      return cached.token;
    },
  };
}

const element = document.getElementById("element");
window.kcEvents = [];
for (const name of EVENTS) document.addEventListener(name, (event) => window.kcEvents.push({ type: event.type, detail: event.detail }));
element.setAttribute("server-url", location.origin);
element.setAttribute("auth-realm", params.has("portal") ? "demo" : (params.get("token-realm") ?? "master"));
if (params.get("theme")) element.setAttribute("theme", params.get("theme"));
// A dark host page for the dark theme, as a product team would have (the element paints no page background).
if (params.get("theme") === "dark") Object.assign(document.documentElement.style, { background: "#151515", color: "#e0e0e0", colorScheme: "dark" });
element.tokenProvider = params.has("portal") ? createPortalTokenProvider() : passwordGrantProvider();
