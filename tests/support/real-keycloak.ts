import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { homedir, tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { freePort } from "./server.ts";

/** The Keycloak release the tests run against (the newest 26.x that Maven Central serves here). */
export const KEYCLOAK_VERSION = "26.7.3";
const ARTIFACT = `org.keycloak:keycloak-quarkus-dist:${KEYCLOAK_VERSION}:zip`;
const root = resolve(import.meta.dirname, "../..");
const CACHE = join(root, ".cache");
export const KEYCLOAK_HOME = join(CACHE, `keycloak-${KEYCLOAK_VERSION}`);
/** Where each started Keycloak writes its log (git-ignored): one file per start, named by time and port. */
export const KEYCLOAK_LOGS = join(root, "test-results", "keycloak");

/**
 * Build-time options baked in once per cache folder by `kc.sh build`, so every start can be `start --optimized`
 * (about 10 s here instead of the 40 s or more of `start-dev`, which re-augments on each start). Features: Keycloak
 * 26's defaults already hold what the built screens use (organization, admin-fine-grained-authz:v2, client
 * policies, authorization); `KC_KEYCLOAK_FEATURES` adds more (a changed value rebuilds).
 */
function buildOptions(variant?: KeycloakVariant): string[] {
  const features = [process.env.KC_KEYCLOAK_FEATURES, variant?.features].filter(Boolean).join(",");
  return ["--db=dev-file", "--health-enabled=true", ...(features ? [`--features=${features}`] : [])];
}

/**
 * A second built distribution beside the default one (its own folder, so the default build stays as it is): more
 * features, and provider jars copied into its `providers/` before `kc.sh build`.
 */
export interface KeycloakVariant {
  /** The folder's suffix: `.cache/keycloak-<version>-<name>`. */
  name: string;
  features?: string;
  providers?: string[];
}

export interface RealKeycloak {
  /** Keycloak's own address (http://127.0.0.1:port), no path. */
  url: string;
  managementUrl: string;
  /** Milliseconds from spawn to /health/ready. */
  startupMs: number;
  /** Keycloak's whole output (its log at WARN and above), kept in this file under KEYCLOAK_LOGS. */
  logFile: string;
  output(): string;
  stop(): Promise<void>;
}

const has = (cmd: string, args: string[]) => spawnSync(cmd, args, { stdio: "ignore" }).status === 0;

/** Why a real Keycloak cannot run here (no Java, no Maven), or undefined when it can. */
export function missingTools(): string | undefined {
  const missing: string[] = [];
  if (!has("java", ["-version"])) missing.push("Java (a JDK 17, 21 or 25 as `java` on PATH)");
  if (!existsSync(distributionZip()) && !has("mvn", ["-v"]))
    missing.push("Maven (`mvn` on PATH, to fetch " + ARTIFACT + ")");
  return missing.length ? `missing ${missing.join(" and ")}` : undefined;
}

function localRepository(): string {
  return process.env.MAVEN_REPO_LOCAL ?? join(homedir(), ".m2", "repository");
}

function distributionZip(): string {
  return join(
    localRepository(),
    "org/keycloak/keycloak-quarkus-dist",
    KEYCLOAK_VERSION,
    `keycloak-quarkus-dist-${KEYCLOAK_VERSION}.zip`,
  );
}

function run(cmd: string, args: string[], cwd = root): { ok: boolean; output: string } {
  const result = spawnSync(cmd, args, { cwd, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  return { ok: result.status === 0, output: `${result.stdout ?? ""}${result.stderr ?? ""}${result.error ?? ""}` };
}

/** The distribution zip in the local Maven repository: fetched through Maven when missing, retried once. */
function fetchDistribution(log: (line: string) => void): string {
  const zip = distributionZip();
  if (existsSync(zip)) return zip;
  const args = ["-q", "-B", "dependency:get", `-Dartifact=${ARTIFACT}`, "-Dtransitive=false"];
  if (process.env.MAVEN_REPO_LOCAL) args.push(`-Dmaven.repo.local=${process.env.MAVEN_REPO_LOCAL}`);
  for (let attempt = 1; attempt <= 2; attempt++) {
    log(`keycloak: fetching ${ARTIFACT} through Maven (attempt ${attempt})`);
    const result = run("mvn", args);
    if (result.ok && existsSync(zip)) return zip;
    log(result.output.slice(-2000));
  }
  throw new Error(`could not fetch ${ARTIFACT} through Maven (tried twice); see the output above`);
}

/**
 * Makes `.cache/keycloak-<version>/` hold the unzipped distribution, built (`kc.sh build`) with the options above.
 * Cheap when done: a marker file records the options of the last build.
 */
export function ensureKeycloak(log: (line: string) => void = console.log, variant?: KeycloakVariant): string {
  const home = variant ? `${KEYCLOAK_HOME}-${variant.name}` : KEYCLOAK_HOME;
  const marker = join(home, ".built-with");
  const providers = (variant?.providers ?? []).map((jar) => ({ jar, hash: fileHash(jar) }));
  const options = [...buildOptions(variant), ...providers.map(({ jar, hash }) => `${basename(jar)}@${hash}`)].join(" ");
  if (existsSync(marker) && readFileSync(marker, "utf8") === options) return home;
  const started = Date.now();
  if (!existsSync(join(home, "bin", "kc.sh"))) {
    const zip = fetchDistribution(log);
    mkdirSync(CACHE, { recursive: true });
    rmSync(home, { recursive: true, force: true });
    // The zip holds keycloak-<version>/: a variant unzips it aside and renames it.
    const into = variant ? `${home}.unzip` : CACHE;
    if (variant) rmSync(into, { recursive: true, force: true });
    mkdirSync(into, { recursive: true });
    // unzip where Debian has it, else the JDK's jar tool (which keeps no file modes: kc.sh is made executable)
    const unzipped = has("unzip", ["-v"]) ? run("unzip", ["-q", "-o", zip, "-d", into]) : run("jar", ["xf", zip], into);
    if (!unzipped.ok) throw new Error(`could not unzip ${zip}:\n${unzipped.output}`);
    if (variant) {
      renameSync(join(into, `keycloak-${KEYCLOAK_VERSION}`), home);
      rmSync(into, { recursive: true, force: true });
    }
    run("chmod", ["+x", join(home, "bin", "kc.sh")]);
  }
  for (const { jar } of providers) copyFileSync(jar, join(home, "providers", basename(jar)));
  log(`keycloak: kc.sh build ${options} in ${home}`);
  const built = run(join(home, "bin", "kc.sh"), ["build", ...buildOptions(variant)], home);
  if (!built.ok) throw new Error(`kc.sh build failed:\n${built.output.slice(-4000)}`);
  writeFileSync(marker, options);
  log(`keycloak: distribution ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return home;
}

const fileHash = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex").slice(0, 12);

/**
 * Java options of a Keycloak that serves tests: C1 and C2 compile a method after 5× the default invocations. Keycloak
 * runs each of its many code paths only a few times in a test run, and C2 recompiled them all along: measured over the
 * users and organizations e2e files on a warm Keycloak, its CPU fell from 59 s (34 s of it in C2) to 34 s, key
 * generation stayed near its speed (a SAML client's certificate 3.0 → 4.1 s; C1 only made it 4× slower).
 */
export const TEST_JAVA_OPTIONS = "-XX:CompileThresholdScaling=5";

/**
 * Starts the built Keycloak on free ports (http and management) with the bootstrap administrator admin/admin and a
 * throw-away H2 database, and waits for /health/ready. `stop()` ends the whole process group and deletes the data.
 */
export async function startKeycloak(
  log: (line: string) => void = console.log,
  variant?: KeycloakVariant,
  { javaOptions = TEST_JAVA_OPTIONS }: { javaOptions?: string } = {},
): Promise<RealKeycloak> {
  const home = ensureKeycloak(log, variant);
  const [port, managementPort] = [await freePort(), await freePort()];
  const dataDir = mkdtempSync(join(tmpdir(), "kc-real-"));
  const url = `http://127.0.0.1:${port}`;
  const managementUrl = `http://127.0.0.1:${managementPort}`;
  mkdirSync(KEYCLOAK_LOGS, { recursive: true });
  const logFile = join(KEYCLOAK_LOGS, `${new Date().toISOString().replace(/[:.]/g, "-")}-${port}.log`);
  const logFd = openSync(logFile, "a");
  log(`keycloak: its log in ${logFile}`);
  const started = Date.now();
  const child: ChildProcess = spawn(
    join(home, "bin", "kc.sh"),
    [
      "start",
      "--optimized",
      "--http-enabled=true",
      "--http-host=127.0.0.1",
      `--http-port=${port}`,
      `--http-management-port=${managementPort}`,
      "--hostname-strict=false",
      `--db-url=jdbc:h2:file:${join(dataDir, "keycloakdb")};NON_KEYWORDS=VALUE`,
      "--log-level=WARN",
    ],
    {
      cwd: home,
      detached: true, // its own process group: kc.sh runs java as a child, and stop() signals both
      stdio: ["ignore", logFd, logFd],
      env: {
        ...process.env,
        KC_BOOTSTRAP_ADMIN_USERNAME: "admin",
        KC_BOOTSTRAP_ADMIN_PASSWORD: "admin",
        JAVA_OPTS_APPEND: [process.env.JAVA_OPTS_APPEND, javaOptions].filter(Boolean).join(" "),
      },
    },
  );
  closeSync(logFd); // the child holds its own copy
  const output = () => readFileSync(logFile, "utf8");
  const exited = new Promise<void>((ok) => child.once("exit", () => ok()));
  // never outlive the test process: its group is its own, so nothing else would end it
  const killOnExit = () => signal("SIGKILL");
  process.once("exit", killOnExit);
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, sig);
    } catch {
      /* already gone */
    }
  };
  const stop = async () => {
    process.off("exit", killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      signal("SIGTERM");
      const timer = setTimeout(() => signal("SIGKILL"), 20_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (;;) {
    if (child.exitCode !== null) {
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`Keycloak exited (${child.exitCode}) while starting:\n${output().slice(-4000)}`);
    }
    try {
      if ((await fetch(`${managementUrl}/health/ready`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() - started > 300_000) {
      await stop();
      throw new Error(`Keycloak did not become ready in 300 s:\n${output().slice(-4000)}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const startupMs = Date.now() - started;
  log(`keycloak: ${KEYCLOAK_VERSION} ready at ${url} in ${(startupMs / 1000).toFixed(1)} s`);
  return { url, managementUrl, startupMs, logFile, output, stop };
}

const KEYCLOAK_LOG_TAIL = 60;

/**
 * Makes a failing test file print where Keycloak's log is and what Keycloak wrote to it while the file ran (its last
 * lines): called once per file that runs against a real Keycloak, when the file starts.
 */
export function showKeycloakLogOnFailure(logFile: string | undefined): void {
  if (!logFile || !existsSync(logFile)) return;
  logFile = resolve(logFile);
  const from = statSync(logFile).size;
  process.once("exit", (code) => {
    if (code === 0 && !process.exitCode) return;
    let written = "";
    try {
      written = readFileSync(logFile).subarray(from).toString("utf8");
    } catch {
      /* the log went away */
    }
    // the entries and their causes, without Java's stack frames (the file has them)
    const lines = written
      .trimEnd()
      .split("\n")
      .filter((line) => line.trim() && !/^\s+(at |\.\.\. \d+ more)/.test(line));
    const tail = lines.length ? lines.slice(-KEYCLOAK_LOG_TAIL).join("\n") : "(nothing)";
    console.error(
      `Keycloak's log: ${logFile}\nwhat Keycloak wrote while this file ran (its last ${KEYCLOAK_LOG_TAIL} lines at most, stack frames left out):\n${tail}`,
    );
  });
}
