import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import type { KeycloakVariant } from "./real-keycloak.ts";

const PROJECT = resolve(import.meta.dirname, "keycloak-extension");
const JAR = join(PROJECT, "target", "console-test-extension-1.jar");

const newestSource = (dir: string): number =>
  Math.max(...readdirSync(dir, { recursive: true, encoding: "utf8" }).map((name) => statSync(join(dir, name)).mtimeMs));

/**
 * The test harness's Keycloak extension (tests/support/keycloak-extension: the `realm-notices` page provider and the
 * `support-contacts` and `client-owner` tab providers the embedded server reports), built with Maven when its jar is
 * missing or older than its sources.
 */
export function buildTestExtension(log: (line: string) => void = console.log): string {
  const sources = Math.max(newestSource(join(PROJECT, "src")), statSync(join(PROJECT, "pom.xml")).mtimeMs);
  if (existsSync(JAR) && statSync(JAR).mtimeMs >= sources) return JAR;
  const started = Date.now();
  const args = ["-q", "-B", "package"];
  if (process.env.MAVEN_REPO_LOCAL) args.push(`-Dmaven.repo.local=${process.env.MAVEN_REPO_LOCAL}`);
  const result = spawnSync("mvn", args, { cwd: PROJECT, encoding: "utf8", maxBuffer: 16 * 1024 * 1024 });
  if (result.status !== 0 || !existsSync(JAR))
    throw new Error(`mvn package of the test extension failed:\n${`${result.stdout}${result.stderr}`.slice(-4000)}`);
  log(`keycloak: test extension built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return JAR;
}

/** Keycloak with the declarative UI on and the test extension installed (its own built distribution). */
export function declarativeUiKeycloak(log: (line: string) => void = console.log): KeycloakVariant {
  return { name: "declarative-ui", features: "declarative-ui", providers: [buildTestExtension(log)] };
}
