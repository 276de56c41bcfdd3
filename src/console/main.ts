import { signInWithKeycloak } from "../core/auth/keycloak-sign-in.ts";
import { signInErrorFromUrl } from "../core/runtime/sign-in-failure.ts";
import { readEnvironment } from "./environment.ts";
import { answerSilentCheckSso, silentCheckSsoRedirectUri } from "./silent-check-sso.ts";

const root = document.getElementById("console-root") ?? document.body;

function showPageMessage(text: string) {
  const message = document.createElement("p");
  message.setAttribute("role", "alert");
  message.textContent = text;
  root.replaceChildren(message);
}

/**
 * Starts the sign-in first and loads the console element meanwhile: the element takes over the same sign-in, so the
 * token exchange (or the silent check-sso) runs while the element's code downloads and parses.
 */
async function start() {
  const environment = readEnvironment();
  // Keycloak 24 gives its admin theme authServerUrl with a trailing slash (the theme passes it when serverBaseUrl is absent).
  const serverUrl = (environment.serverBaseUrl || location.origin).replace(/\/+$/, "");
  // After a failed sign-in the element shows the failure and starts no sign-in until 'try again'.
  if (!signInErrorFromUrl())
    void signInWithKeycloak({
      serverUrl,
      realm: environment.realm,
      clientId: environment.clientId,
      scope: environment.scope,
      silentCheckSsoRedirectUri: silentCheckSsoRedirectUri(location),
    }).catch(() => undefined); // the element reports a failed sign-in
  await import("../elements/admin-console/index.ts");
  const consoleElement = document.createElement("kc-admin-console");
  consoleElement.setAttribute("routing", "hash");
  consoleElement.setAttribute("server-url", serverUrl);
  consoleElement.setAttribute("auth-realm", environment.realm);
  consoleElement.setAttribute("realm", environment.realm);
  consoleElement.setAttribute("client-id", environment.clientId);
  if (environment.scope) consoleElement.setAttribute("scope", environment.scope);
  consoleElement.style.display = "block";
  consoleElement.style.height = "100%";
  root.replaceChildren(consoleElement);
}

if (!answerSilentCheckSso(window)) {
  document.documentElement.style.height = "100%";
  document.body.style.margin = "0";
  document.body.style.height = "100%";
  root.style.display = "block";
  root.style.height = "100%";
  start().catch((error: unknown) => showPageMessage(error instanceof Error ? error.message : String(error)));
}
