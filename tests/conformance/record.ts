// Records real Keycloak's answers to every conformance sequence as fixtures (tests/conformance/fixtures/*.json), so
// the embedded server's side runs without Java: `npm run conformance:record` (Java and Maven needed; a Keycloak of
// KC_REAL_URL is used when set).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startKeycloak, KEYCLOAK_VERSION } from "../support/real-keycloak.ts";
import { prepareKeycloak } from "../support/target.ts";
import { runSequence } from "./run.ts";
import { SEQUENCES } from "./sequences.ts";

export const FIXTURES = join(import.meta.dirname, "fixtures");
export const fixtureFile = (name: string) => join(FIXTURES, `${name.replace(/[^a-z0-9]+/gi, "-").toLowerCase()}.json`);

if (process.argv[1] === import.meta.filename) {
  const keycloak = process.env.KC_REAL_URL ? undefined : await startKeycloak();
  const url = process.env.KC_REAL_URL ?? keycloak!.url;
  try {
    await prepareKeycloak(url, true);
    mkdirSync(FIXTURES, { recursive: true });
    // CONFORMANCE_ONLY="name,name" records just those sequences (e.g. a new one) and leaves the other fixtures as they are.
    const only = process.env.CONFORMANCE_ONLY?.split(",").map((name) => name.trim());
    for (const name of Object.keys(SEQUENCES).filter((name) => !only || only.includes(name))) {
      const exchanges = await runSequence(url, name);
      writeFileSync(
        fixtureFile(name),
        JSON.stringify({ keycloak: KEYCLOAK_VERSION, sequence: name, exchanges }, null, 2) + "\n",
      );
      console.log(`recorded ${name}: ${exchanges.length} exchanges`);
    }
  } finally {
    await keycloak?.stop();
  }
}
