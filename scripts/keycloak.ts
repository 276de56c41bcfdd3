// Our console and elements against a real Keycloak 26 (npm run start:keycloak): fetches and builds the distribution
// on first use (Java and Maven needed), starts it with admin/admin and the demo realm, and serves dist/ in front of
// it on --port (default 8180). KC_REAL_URL=http://… uses a Keycloak that already runs instead. Ctrl+C stops both.
import { parseArgs } from "node:util";
import { missingTools, startKeycloak } from "../tests/support/real-keycloak.ts";
import { startKeycloakFront } from "../tests/support/keycloak-front.ts";
import { prepareKeycloak } from "../tests/support/target.ts";

const { values } = parseArgs({ options: { port: { type: "string", default: process.env.KC_PORT ?? "8180" } } });
const missing = process.env.KC_REAL_URL ? undefined : missingTools();
if (missing) {
  console.error(`Cannot start a real Keycloak: ${missing}.`);
  process.exit(1);
}
const keycloak = process.env.KC_REAL_URL ? undefined : await startKeycloak();
const keycloakUrl = process.env.KC_REAL_URL ?? keycloak!.url;
await prepareKeycloak(keycloakUrl, true);
const front = await startKeycloakFront(keycloakUrl, Number(values.port));
console.log(`Our console on real Keycloak: ${front.url}/admin/master/console/ (admin / admin)`);
console.log(`Keycloak's own console: ${keycloakUrl}/admin/master/console/`);
if (keycloak)
  console.log(`Keycloak's log: ${keycloak.logFile} (KC_REAL_LOG=${keycloak.logFile} shows it when a test file fails)`);
const stop = async () => {
  await front.close();
  await keycloak?.stop();
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
