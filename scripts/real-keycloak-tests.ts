// The end-to-end suites that run against a real Keycloak 26 (every tests/e2e file that starts its server through
// startTarget(), less REAL_KEYCLOAK_EXCLUSIONS), the server test files written for either server (realmOnTarget() or
// KC_REAL_URL) and the conformance suite, shared between two Keycloaks started for the whole run (KC_CHAINS).
// Without Java or Maven it prints why it skipped and exits 0; KC_REQUIRE_KEYCLOAK=1 (set by .ci/run) makes that a
// failure. Keycloak's log goes to test-results/keycloak/ (a failing file prints its path and what Keycloak wrote while
// the file ran). Usage: node --import tsx scripts/real-keycloak-tests.ts [test files...]
import { spawn } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
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

/**
 * Test files run one at a time against a Keycloak (they reset its demo realm), so one Keycloak's files back to back
 * were the run's longest lane, running alone for its last ~20 minutes on a two-core machine. KC_CHAINS Keycloaks (2 by
 * default for the whole set; 1 for files named on the command line) instead each take the next file from one queue
 * until it is empty (a split fixed in advance by file size left one Keycloak ~12 minutes of files after the other's
 * on CI); one when KC_REAL_URL names a Keycloak that already runs (e.g. scripts/keycloak.ts while working on a suite).
 */
const CHAINS = process.env.KC_REAL_URL
  ? 1
  : Math.max(1, Number(process.env.KC_CHAINS ?? (process.argv.length > 2 ? 1 : 2)));

/**
 * The files in the order the Keycloaks take them: first those that start a Keycloak of their own (a variant build and
 * start-up make them the longest, ~5 minutes each on CI), then the largest first, so that what is left at the end is short.
 */
function queueOrder(all: string[]): string[] {
  const ownKeycloak = (file: string) => readFileSync(file, "utf8").includes("keycloakVariant:");
  return [...all].sort(
    (a, b) => Number(ownKeycloak(b)) - Number(ownKeycloak(a)) || statSync(b).size - statSync(a).size,
  );
}

interface Keycloak {
  url: string;
  startupMs: number;
  logFile?: string;
  stop: () => Promise<void>;
}

/** One test file against one Keycloak, its output kept (several Keycloaks' files run side by side). */
function runFile(file: string, keycloak: Keycloak, buffered: boolean): Promise<{ code: number; output: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ["--import", "tsx", "--test", "--test-concurrency=1", file], {
      stdio: buffered ? ["ignore", "pipe", "pipe"] : "inherit",
      env: {
        ...process.env,
        KC_TARGET: "keycloak",
        KC_REAL_URL: keycloak.url,
        ...(keycloak.logFile ? { KC_REAL_LOG: keycloak.logFile } : {}),
      },
    });
    let output = "";
    child.stdout?.on("data", (data) => (output += data));
    child.stderr?.on("data", (data) => (output += data));
    child.on("close", (exitCode) => done({ code: exitCode ?? 1, output }));
  });
}

/** A Keycloak's part of the run: the next file from the shared queue until none is left. */
async function runChain(queue: string[], keycloak: Keycloak, buffered: boolean) {
  const files: string[] = [];
  let output = "";
  let code = 0;
  for (let file = queue.shift(); file; file = queue.shift()) {
    files.push(file);
    const result = await runFile(file, keycloak, buffered);
    output += result.output;
    if (result.code !== 0) code = result.code;
  }
  return { files, output, code };
}

const queue = queueOrder(suites);
const chains = Math.min(CHAINS, queue.length);
const keycloaks: Keycloak[] = process.env.KC_REAL_URL
  ? [{ url: process.env.KC_REAL_URL, startupMs: 0, logFile: process.env.KC_REAL_LOG, stop: async () => {} }]
  : await Promise.all(Array.from({ length: chains }, () => startKeycloak()));
// a stopped run stops its Keycloaks too (process.exit runs the harness's exit hooks)
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => process.exit(1));
const started = Date.now();
const buffered = keycloaks.length > 1;
const results = await Promise.all(
  keycloaks.map(async (keycloak, index) => {
    const result = await runChain(queue, keycloak, buffered);
    if (buffered) {
      console.log(
        `\n--- real Keycloak ${index + 1} of ${keycloaks.length} (${keycloak.url}): ${result.files.length} files`,
      );
      process.stdout.write(result.output);
    }
    return result;
  }),
);
const suiteSeconds = ((Date.now() - started) / 1000).toFixed(0);
await Promise.all(keycloaks.map((keycloak) => keycloak.stop()));
const startups = keycloaks.map((keycloak) => `${(keycloak.startupMs / 1000).toFixed(1)} s`).join(" and ");
console.log(`real Keycloak: start-up ${startups}, suites ${suiteSeconds} s (${suites.length} files)`);
const failed = results.some((result) => result.code !== 0);
for (const keycloak of keycloaks)
  if (failed && keycloak.logFile) console.log(`real Keycloak: its whole log is in ${keycloak.logFile}`);
process.exit(failed ? 1 : 0);
