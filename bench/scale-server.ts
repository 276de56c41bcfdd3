/**
 * The embedded server with the `scale` realm (100,000 users, 5,000 groups), for the benches:
 * in a temporary folder, or in the data folder named by KC_BENCH_DATA (seeded on its first run).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { freePort } from "../tests/support/server.ts";

const root = resolve(import.meta.dirname, "..");
export const SCALE_REALM = "scale";
const READY_WITHIN_MS = 600_000;

export interface ScaleServer {
  baseUrl: string;
  /** The server process (undefined when KC_BENCH_URL names a running one). */
  pid?: number;
  stop(): Promise<void>;
}

export async function startScaleServer(): Promise<ScaleServer> {
  // KC_BENCH_URL: a scale server already running (started with --seed-scale --demo-pages).
  if (process.env.KC_BENCH_URL) return { baseUrl: process.env.KC_BENCH_URL, stop: async () => undefined };
  const dataDir = process.env.KC_BENCH_DATA ?? mkdtempSync(join(tmpdir(), "kc-bench-"));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      join(root, "demo/server/src/main.ts"),
      "--port",
      String(port),
      "--data-dir",
      dataDir,
      "--seed-scale",
      "--demo-pages",
    ],
    {
      cwd: root,
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise((done) => child.once("exit", done));
    }
    if (!process.env.KC_BENCH_DATA) rmSync(dataDir, { recursive: true, force: true });
  };
  const started = Date.now();
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      if (
        await fetch(`${baseUrl}/health/ready`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (Date.now() - started > READY_WITHIN_MS) throw new Error("server not ready after 10 minutes");
      await new Promise((done) => setTimeout(done, 250));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  console.log(`scale server ready in ${Date.now() - started} ms (data: ${dataDir})`);
  return { baseUrl, pid: child.pid, stop };
}

/** Runs `bench` against a scale server of its own when a bench file is run directly. */
export async function runAlone(bench: (baseUrl: string) => Promise<boolean>): Promise<never> {
  const server = await startScaleServer();
  let ok = false;
  try {
    ok = await bench(server.baseUrl);
  } finally {
    await server.stop();
  }
  process.exit(ok ? 0 : 1);
}
