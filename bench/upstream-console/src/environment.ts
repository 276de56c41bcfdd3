import type { AdminEnvironment } from "@keycloak/keycloak-admin-ui";

// The upstream console is configured by a JSON block that the server
// writes into the page: <script id="environment" type="application/json">.
// Here serve.mjs writes it (see README for the fields).
export function readEnvironment(): AdminEnvironment {
  const block = document.getElementById("environment");
  if (!block?.textContent) {
    throw new Error('No <script id="environment"> block in the page: serve dist/ with serve.mjs.');
  }
  return JSON.parse(block.textContent) as AdminEnvironment;
}
