// The end-to-end suites that run against a real Keycloak 26 (every tests/e2e file that starts its server through
// startTarget(), less REAL_KEYCLOAK_EXCLUSIONS), the server test files written for either server (realmOnTarget() or
// KC_REAL_URL) and the conformance suite, with ONE Keycloak for the whole run.
// Without Java or Maven it prints why it skipped and exits 0; KC_REQUIRE_KEYCLOAK=1 (set by .ci/run) makes that a
// failure. Keycloak's log goes to test-results/keycloak/ (a failing file prints its path and what Keycloak wrote while
// the file ran). Usage: node --import tsx scripts/real-keycloak-tests.ts [test files...]
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { missingTools, startKeycloak } from "../tests/support/real-keycloak.ts";
import { REAL_KEYCLOAK_EXCLUSIONS } from "../tests/e2e/real-keycloak-exclusions.ts";

const files = (dir: string): string[] => {
  try {
    return readdirSync(dir, { recursive: true, encoding: "utf8" })
      .filter((name) => /\.test\.tsx?$/.test(name))
      .map((name) => join(dir, name))
      .sort();
  } catch {
    return [];
  }
};

/** startTarget() itself, or the realm settings suites' startSuite(), which calls it. */
const STARTS_A_TARGET = /\bstart(Target|Suite)\(/;
/** A server test file written for either server: its realm through realmOnTarget(), or KC_REAL_URL read itself. */
const RUNS_ON_EITHER = /\brealmOnTarget\(|\bKC_REAL_URL\b/;
const excludedFiles = new Set(REAL_KEYCLOAK_EXCLUSIONS.filter((entry) => !entry.test).map((entry) => entry.file));
const suites =
  process.argv.length > 2
    ? process.argv.slice(2)
    : [
        ...files("tests/e2e").filter(
          (file) => STARTS_A_TARGET.test(readFileSync(file, "utf8")) && !excludedFiles.has(file),
        ),
        ...files("tests/server").filter((file) => RUNS_ON_EITHER.test(readFileSync(file, "utf8"))),
        ...files("tests/conformance"),
      ];

const missing = missingTools();
if (missing) {
  const message = `real Keycloak suites SKIPPED: ${missing}; ${suites.length} suites ran against the embedded server only`;
  if (process.env.KC_REQUIRE_KEYCLOAK === "1") {
    console.error(`${message}, and KC_REQUIRE_KEYCLOAK=1 requires them`);
    process.exit(1);
  }
  console.log(message);
  process.exit(0);
}

console.log(`real Keycloak suites: ${suites.join(" ")}`);
for (const entry of REAL_KEYCLOAK_EXCLUSIONS)
  console.log(`not run on real Keycloak: ${entry.file}${entry.test ? ` › ${entry.test}` : ""} (${entry.reason})`);

// KC_REAL_URL: a Keycloak that already runs (e.g. scripts/keycloak.ts while working on a suite)
const keycloak = process.env.KC_REAL_URL
  ? { url: process.env.KC_REAL_URL, startupMs: 0, logFile: process.env.KC_REAL_LOG, stop: async () => {} }
  : await startKeycloak();
// a stopped run stops its Keycloak too (process.exit runs the harness's exit hook)
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => process.exit(1));
const started = Date.now();
const code = await new Promise<number>((done) => {
  const child = spawn(process.execPath, ["--import", "tsx", "--test", "--test-concurrency=1", ...suites], {
    stdio: "inherit",
    env: {
      ...process.env,
      KC_TARGET: "keycloak",
      KC_REAL_URL: keycloak.url,
      ...(keycloak.logFile ? { KC_REAL_LOG: keycloak.logFile } : {}),
    },
  });
  child.on("exit", (exitCode) => done(exitCode ?? 1));
});
const suiteSeconds = ((Date.now() - started) / 1000).toFixed(0);
await keycloak.stop();
console.log(
  `real Keycloak: start-up ${(keycloak.startupMs / 1000).toFixed(1)} s, suites ${suiteSeconds} s (${suites.length} files)`,
);
if (code !== 0 && keycloak.logFile) console.log(`real Keycloak: its whole log is in ${keycloak.logFile}`);
process.exit(code);
