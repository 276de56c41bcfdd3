import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { startTestServer, type TestServer } from "../support/server.ts";
import { onRealKeycloak, prepareKeycloak } from "../support/target.ts";
import { showKeycloakLogOnFailure, startKeycloak, type RealKeycloak } from "../support/real-keycloak.ts";
import type { Exchange } from "./exchange.ts";
import { differences } from "./compare.ts";
import { ALLOWED_DIFFERENCES } from "./allow-list.ts";
import { fixtureFile } from "./record.ts";
import { runSequence } from "./run.ts";
import { SEQUENCES } from "./sequences.ts";

/**
 * The embedded server answers the console's admin REST sequences and OIDC requests as real Keycloak does. With
 * KC_TARGET=keycloak both servers run and their answers are compared live; otherwise the embedded server's answers
 * are compared with real Keycloak's recorded ones (fixtures/, refreshed by `npm run conformance:record`).
 */
describe(`conformance with real Keycloak (${onRealKeycloak() ? "live" : "recorded answers"})`, () => {
  let embedded: TestServer;
  let keycloakUrl: string | undefined;
  let ownKeycloak: RealKeycloak | undefined;

  before(async () => {
    embedded = await startTestServer();
    if (onRealKeycloak()) {
      if (!process.env.KC_REAL_URL) ownKeycloak = await startKeycloak();
      keycloakUrl = process.env.KC_REAL_URL ?? ownKeycloak!.url;
      showKeycloakLogOnFailure(ownKeycloak?.logFile ?? process.env.KC_REAL_LOG);
      await prepareKeycloak(keycloakUrl, true);
    }
  });
  after(async () => {
    await embedded?.dispose();
    await ownKeycloak?.stop();
  });

  for (const name of Object.keys(SEQUENCES)) {
    it(name, async () => {
      const keycloak: Exchange[] = keycloakUrl
        ? await runSequence(keycloakUrl, name)
        : (JSON.parse(readFileSync(fixtureFile(name), "utf8")) as { exchanges: Exchange[] }).exchanges;
      const ours = await runSequence(embedded.baseUrl, name);
      const unexplained = differences(name, keycloak, ours).filter(
        (line) => !ALLOWED_DIFFERENCES.some((allowed) => allowed.pattern.test(line)),
      );
      assert.deepEqual(unexplained, [], `the embedded server answers ${name} unlike Keycloak`);
    });
  }
});
