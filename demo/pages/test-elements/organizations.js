import { passwordGrantTokenProvider, recordElementEvents } from "./organizations-token.js";

const element = document.getElementById("element");
const params = new URLSearchParams(location.search);
element.setAttribute("server-url", location.origin);
element.setAttribute("auth-realm", params.get("token-realm") ?? "master");
if (params.get("theme")) {
  element.setAttribute("theme", params.get("theme"));
  document.body.classList.toggle("dark", params.get("theme") === "dark");
}
recordElementEvents(["kc-organization-created", "kc-organization-updated", "kc-organization-deleted", "kc-navigate"]);
element.tokenProvider = passwordGrantTokenProvider(params);
