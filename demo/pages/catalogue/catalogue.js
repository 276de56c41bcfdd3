import { createPortalTokenProvider } from "../shared/portal-token-provider.js";

const THEME_KEY = "kc-catalogue-theme";
const catalogue = document.getElementById("catalogue");
const darkSwitch = document.getElementById("dark-theme");

catalogue.setAttribute("server-url", location.origin);
// The demo backend's service token for realm demo; set before the loader defines the element.
catalogue.tokenProvider = createPortalTokenProvider();

function applyTheme(theme) {
  catalogue.setAttribute("theme", theme);
  document.documentElement.dataset.theme = theme;
  darkSwitch.checked = theme === "dark";
}

const requested = new URLSearchParams(location.search).get("theme");
applyTheme(requested === "dark" || requested === "light" ? requested : (localStorage.getItem(THEME_KEY) ?? "light"));

darkSwitch.addEventListener("change", () => {
  const theme = darkSwitch.checked ? "dark" : "light";
  localStorage.setItem(THEME_KEY, theme);
  applyTheme(theme);
});
