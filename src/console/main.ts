import { readEnvironment } from "./environment.ts";

const root = document.getElementById("console-root") ?? document.body;
document.documentElement.style.height = "100%";
document.body.style.margin = "0";
document.body.style.height = "100%";
root.style.display = "block";
root.style.height = "100%";

function showPageMessage(text: string) {
  const message = document.createElement("p");
  message.setAttribute("role", "alert");
  message.textContent = text;
  root.replaceChildren(message);
}

async function start() {
  const environment = readEnvironment();
  await import("../elements/admin-console/index.ts");
  const consoleElement = document.createElement("kc-admin-console");
  consoleElement.setAttribute("routing", "hash");
  consoleElement.setAttribute("server-url", environment.serverBaseUrl || location.origin);
  consoleElement.setAttribute("auth-realm", environment.realm);
  consoleElement.setAttribute("realm", environment.realm);
  consoleElement.setAttribute("client-id", environment.clientId);
  if (environment.scope) consoleElement.setAttribute("scope", environment.scope);
  consoleElement.style.display = "block";
  consoleElement.style.height = "100%";
  root.replaceChildren(consoleElement);
}

start().catch((error: unknown) => showPageMessage(error instanceof Error ? error.message : String(error)));
