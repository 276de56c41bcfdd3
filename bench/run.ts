/**
 * `npm run bench`: bundle sizes, the dashboard's first paint, and on one server with the scale realm
 * the admin API latency and the time the screens take to show a page once its answer has arrived.
 * Then our console side by side with Keycloak's own (from npm), and the elements on host pages.
 * BENCH_SKIP_SERVER=1 leaves the scale realm out; BENCH_SKIP_UPSTREAM=1 the side-by-side; BENCH_SKIP_LDAP=1 the
 * user federation bench (20,000 directory users in OpenLDAP); BENCH_SKIP_KEYCLOAK=1 the side-by-side on a real Keycloak
 * 26.7.3 (skipped, saying why, without Java or Maven).
 */
import { bundleReport, ensureBuild, kilobytes, measureBundle } from "./bundle-size.ts";
import { firstPaintLine, measureFirstPaint } from "./first-paint.ts";
import { startScaleServer } from "./scale-server.ts";
import { benchScaleScreens } from "./scale-screens.ts";
import { benchAdminApi } from "./server-bench.ts";
import { benchAuthorizationDecisions } from "./scale-authorization.ts";
import { benchSideBySide } from "./side-by-side.ts";
import { benchLdapFederation } from "./ldap-federation.ts";
import { missedTargets, verdict } from "./verdicts.ts";
import { benchEventsApi, residentMb } from "./scale-events-api.ts";
import { benchEventsExport } from "./scale-events-screens.ts";
import { benchRealKeycloakSideBySide } from "./real-keycloak-side-by-side.ts";
import { missingTools } from "../tests/support/real-keycloak.ts";

function heading(title: string) {
  console.log(`\n== ${title}`);
}

ensureBuild();
const bundle = measureBundle();
heading("bundle (gzip, level 9)");
for (const line of bundleReport(bundle)) console.log(line);

heading("first paint (headless Chromium, embedded server)");
const paints = await measureFirstPaint();
for (const result of paints) {
  console.log(firstPaintLine(result));
  const loaded = bundle.filter((file) => result.elementFiles.includes(file.path));
  const gzip = loaded.reduce((sum, file) => sum + file.gzipBytes, 0);
  console.log(
    `  ${result.label.replace(/ first paint$/, "")} loads ${loaded.length} script/style files before the dashboard: ${kilobytes(gzip)} gzip`,
  );
}

if (process.env.BENCH_SKIP_SERVER !== "1") {
  const server = await startScaleServer();
  try {
    heading("admin API on the scale realm (target: p95 under 50 ms)");
    verdict("admin API p95 on the scale realm", await benchAdminApi(server.baseUrl));
    heading("client authorization on the scale realm: one user against 5,000 resources (evaluate and UMA agree)");
    verdict("authorization decisions", await benchAuthorizationDecisions(server.baseUrl));
    heading("scale realm screens: rows shown after the response (target: under 300 ms)");
    verdict("scale realm screens", await benchScaleScreens(server.baseUrl));
    heading("sessions and events API on the scale realm (target: p95 under 50 ms)");
    verdict("sessions and events API p95", await benchEventsApi(server.baseUrl));
    heading("events export on the scale realm (throughput; the page's heap stays flat)");
    verdict("events export heap flat", await benchEventsExport(server.baseUrl));
    const rss = await residentMb(server.pid);
    if (rss !== undefined) console.log(`\nserver resident memory with the scale realm loaded: ${rss.toFixed(0)} MB`);
  } finally {
    await server.stop();
  }
}

if (process.env.BENCH_SKIP_LDAP !== "1") {
  heading("user federation: 20,000 LDAP users, 500 groups (target: console search rows under 300 ms)");
  verdict("LDAP federated user search", await benchLdapFederation());
}

if (process.env.BENCH_SKIP_UPSTREAM !== "1") {
  heading("side by side with Keycloak's console (ours/Keycloak; targets: time ≤ 0.5×, bytes ≤ 0.5× cold, ≤ 0.1× warm)");
  await benchSideBySide();
}

if (process.env.BENCH_SKIP_KEYCLOAK !== "1") {
  heading("on a real Keycloak: its own console against ours (ours/Keycloak; same targets), and ours on both servers");
  const missing = missingTools();
  if (missing) console.log(`skipped: ${missing}`);
  else await benchRealKeycloakSideBySide();
}

if (missedTargets().length > 0) {
  console.log(`\n${missedTargets().length} target(s) missed: ${missedTargets().join("; ")}`);
  process.exitCode = 1;
}
