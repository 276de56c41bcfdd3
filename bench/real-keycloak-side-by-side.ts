/**
 * The performance anchor on a real Keycloak 26.7.3 (started for the run; needs Java and Maven): Keycloak's own console
 * as Keycloak serves it against our console in front of the same Keycloak, on `#/demo/users`, cold (Sign In → first
 * user row) and warm (new tab → first user row), in interleaved runs; then our console on real Keycloak against our
 * console on the embedded server.
 *
 *   node --import tsx bench/real-keycloak-side-by-side.ts
 */
import type { Browser } from "playwright-core";
import { launchBrowser } from "../tests/support/browser.ts";
import { startKeycloak } from "../tests/support/real-keycloak.ts";
import { startKeycloakFront } from "../tests/support/keycloak-front.ts";
import { prepareKeycloak } from "../tests/support/target.ts";
import { freePort, startTestServer } from "../tests/support/server.ts";
import type { RowTarget } from "./page-traffic.ts";
import {
  RUNS,
  demoNames,
  emptySamples,
  kb,
  list,
  mb,
  ms,
  ratioLine,
  record,
  runConsole,
  type Samples,
} from "./side-by-side.ts";

async function sample(browser: Browser, origin: string, users: RowTarget, samples: Samples, name?: string) {
  record(samples, await runConsole(browser, origin, users, name ? { name } : undefined));
}

export async function benchRealKeycloakSideBySide(): Promise<void> {
  // the JVM's own compile thresholds: measured as users run it, not as the tests do
  const keycloak = await startKeycloak(undefined, undefined, { javaOptions: "" });
  const embedded = await startTestServer();
  const browser = await launchBrowser();
  try {
    await prepareKeycloak(keycloak.url, true);
    const front = await startKeycloakFront(keycloak.url, await freePort());
    try {
      const users: RowTarget = { host: "", texts: (await demoNames(keycloak.url)).users };
      const keycloaks = emptySamples();
      const oursOnKeycloak = emptySamples();
      const oursEmbedded = emptySamples();
      // One unmeasured round first: every server's first requests are not what a user waits for.
      await runConsole(browser, keycloak.url, users, { name: "keycloak-real" });
      await runConsole(browser, front.url, users, { name: "ours-on-keycloak" });
      await runConsole(browser, embedded.baseUrl, users);
      for (let i = 0; i < RUNS; i++) {
        await sample(browser, keycloak.url, users, keycloaks);
        await sample(browser, front.url, users, oursOnKeycloak);
        await sample(browser, embedded.baseUrl, users, oursEmbedded);
      }
      console.log(
        `medians of ${RUNS} interleaved runs, #/demo/users; Keycloak ${keycloak.url} started in ` +
          `${(keycloak.startupMs / 1000).toFixed(1)} s, its console served by itself`,
      );
      console.log(ratioLine("cold: Sign In → first user row", oursOnKeycloak.coldMs, keycloaks.coldMs, 0.5, ms));
      console.log(ratioLine("warm: new tab → first user row", oursOnKeycloak.warmMs, keycloaks.warmMs, 0.5, ms));
      console.log(ratioLine("cold: bytes on the wire", oursOnKeycloak.coldBytes, keycloaks.coldBytes, 0.5, mb));
      console.log(ratioLine("warm: bytes on the wire", oursOnKeycloak.warmBytes, keycloaks.warmBytes, 0.1, kb));
      const servers: [string, string] = ["on Keycloak", "embedded"];
      console.log("ours on real Keycloak against ours on the embedded server (no target: the servers differ)");
      console.log(
        ratioLine("cold: Sign In → first user row", oursOnKeycloak.coldMs, oursEmbedded.coldMs, undefined, ms, servers),
      );
      console.log(
        ratioLine("warm: new tab → first user row", oursOnKeycloak.warmMs, oursEmbedded.warmMs, undefined, ms, servers),
      );
      for (const [label, samples] of [
        ["Keycloak's console", keycloaks],
        ["ours on Keycloak", oursOnKeycloak],
        ["ours embedded", oursEmbedded],
      ] as const)
        console.log(
          `  ${label} runs: cold ${list(samples.coldMs, ms)} / ${list(samples.coldBytes, mb)};` +
            ` warm ${list(samples.warmMs, ms)} / ${list(samples.warmBytes, kb)}`,
        );
    } finally {
      await front.close();
    }
  } finally {
    await browser.close();
    await embedded.dispose();
    await keycloak.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchRealKeycloakSideBySide();
