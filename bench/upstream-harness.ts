/**
 * Keycloak's own admin console from npm (`@keycloak/keycloak-admin-ui`, pinned in bench/upstream-console), installed
 * into its own node_modules (React 18, PatternFly 5), built with that folder's Vite, and served same-origin in front of
 * a server: its files at /admin/master/console/, every other request forwarded with the Host header kept.
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { root } from "./bundle-size.ts";

export const upstreamDir = join(root, "bench/upstream-console");
const lockFile = join(upstreamDir, "package-lock.json");
const installed = join(upstreamDir, "node_modules/.package-lock.json");
const builtPage = join(upstreamDir, "dist/index.html");

const newerThan = (file: string, ...than: string[]) =>
  existsSync(file) && than.every((other) => statSync(file).mtimeMs >= statSync(other).mtimeMs);
/** What the build reads besides node_modules. */
const buildInputs = ["index.html", "vite.config.ts", "src/main.tsx", "src/i18n.ts", "src/environment.ts"].map((file) =>
  join(upstreamDir, file),
);

/** `npm ci` into bench/upstream-console/node_modules and `vite build`, each only when out of date. */
export function ensureUpstreamBuild(): void {
  if (!newerThan(installed, lockFile)) {
    console.log("upstream console: npm ci --prefix bench/upstream-console");
    execFileSync("npm", ["ci", "--prefix", upstreamDir, "--no-audit", "--no-fund"], { cwd: root, stdio: "inherit" });
  }
  if (!newerThan(builtPage, installed, ...buildInputs)) {
    console.log("upstream console: vite build");
    execFileSync(join(upstreamDir, "node_modules/.bin/vite"), ["build", "--logLevel", "warn"], {
      cwd: upstreamDir,
      stdio: "inherit",
    });
  }
}

export interface UpstreamConsole {
  /** Origin of the same-origin front (no trailing slash). */
  origin: string;
  stop(): Promise<void>;
}

/** Runs the harness's serve.mjs in same-origin mode (KC_PROXY=1) on a free port in front of `serverUrl`. */
export async function serveUpstreamConsole(serverUrl: string): Promise<UpstreamConsole> {
  const child = spawn(process.execPath, [join(upstreamDir, "serve.mjs"), "--port", "0"], {
    cwd: upstreamDir,
    env: { ...process.env, KC_URL: serverUrl, KC_PROXY: "1", LOG: "0" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill("SIGTERM");
    await new Promise((done) => child.once("exit", done));
  };
  const origin = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on("line", (line) => {
      const match = /^upstream console: (http:\/\/[^/]+)\//.exec(line);
      if (match) resolve(match[1]!);
    });
    child.once("exit", (code) => reject(new Error(`upstream console server exited with ${code}`)));
    setTimeout(() => reject(new Error("upstream console server did not start within 20 s")), 20_000);
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { origin, stop };
}
