import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "../..");

/** A folder holding only `node`: PATH on a machine without Java and Maven (Debian puts java and mvn beside node). */
const nodeOnly = mkdtempSync(join(tmpdir(), "node-only-"));
symlinkSync(process.execPath, join(nodeOnly, "node"));

/** Runs the real-Keycloak step with that PATH, as on a machine without Java and Maven. */
function runWithoutJava(env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/real-keycloak-tests.ts"], {
    cwd: root,
    encoding: "utf8",
    timeout: 60_000,
    env: {
      HOME: process.env.HOME ?? "/root",
      PATH: nodeOnly,
      MAVEN_REPO_LOCAL: "/nonexistent",
      ...env,
    },
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe("the real-Keycloak step without Java or Maven", () => {
  it("says it skipped the real-Keycloak suites and why, and passes", () => {
    const { status, output } = runWithoutJava();
    assert.equal(status, 0, output);
    assert.match(output, /real Keycloak suites SKIPPED: missing Java .* and Maven/);
  });

  it("fails when KC_REQUIRE_KEYCLOAK=1 (as .ci/run sets it)", () => {
    const { status, output } = runWithoutJava({ KC_REQUIRE_KEYCLOAK: "1" });
    assert.equal(status, 1, output);
    assert.match(output, /KC_REQUIRE_KEYCLOAK=1 requires them/);
  });
});
