import { createPortalTokenProvider } from "../shared/portal-token-provider.js";

const DARK_CLASS = "pf-v6-theme-dark";

const consoleElement = document.getElementById("hostile-console");
consoleElement.setAttribute("server-url", location.origin);
consoleElement.tokenProvider = createPortalTokenProvider();

const toggle = document.getElementById("theme-toggle");
toggle.addEventListener("click", () => {
  const dark = document.documentElement.classList.toggle(DARK_CLASS);
  toggle.setAttribute("aria-pressed", String(dark));
});
