import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createServer } from "node:net";
import { serverBundle } from "./server-bundle.ts";

const root = resolve(import.meta.dirname, "../..");

export interface TestServer {
  baseUrl: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  /** What the current server process has printed so far (stdout and stderr). */
  output: string;
  /** Graceful stop (SIGTERM) and wait for exit. */
  stop(): Promise<void>;
  /** SIGKILL and wait for exit. */
  kill(): Promise<void>;
  /** Stop (if still running) and start again on the same port and data folder, with these variables added. */
  restart(env?: Record<string, string>): Promise<void>;
  /** Stop and delete the data folder. */
  dispose(): Promise<void>;
}

/**
 * How long a starting server may take to answer /health/ready: a ceiling, not a wait. Generous because test files run
 * side by side with the real-Keycloak step, and a server seeding 100,000 users on a busy 2-core machine needed over 60 s.
 */
const READY_WITHIN_MS = 180_000;

export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
    s.on("error", fail);
  });
}

/**
 * Starts the real server process (demo/server/src/main.ts) on a free port with
 * a fresh data folder, and waits for its health endpoint.
 */
export async function startTestServer(
  options: { args?: string[]; env?: Record<string, string>; dataDir?: string } = {},
): Promise<TestServer> {
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "kc-test-"));
  const baseUrl = `http://127.0.0.1:${port}`;
  let child: ChildProcess;
  let output = "";
  let restartEnv: Record<string, string> = {};
  const entry =
    process.env.KC_TEST_SERVER_TSX === "1"
      ? ["--import", "tsx", join(root, "demo/server/src/main.ts")]
      : // Stack traces in the server's output name the TypeScript sources' lines, as under tsx (~0.1 s of CPU).
        ["--enable-source-maps", await serverBundle()];
  const launch = async () => {
    child = spawn(
      process.execPath,
      [...entry, "--port", String(port), "--data-dir", dataDir, ...(options.args ?? [])],
      {
        cwd: root,
        env: { ...process.env, ...options.env, ...restartEnv },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    output = "";
    child.stdout!.on("data", (d) => (output += d));
    child.stderr!.on("data", (d) => (output += d));
    const started = Date.now();
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
      try {
        const res = await fetch(`${baseUrl}/health/ready`);
        if (res.ok) break;
      } catch {
        /* not listening yet */
      }
      if (Date.now() - started > READY_WITHIN_MS) {
        // a server left running would keep the test file's process, and so the whole step, from ever ending
        await waitExit("SIGKILL");
        throw new Error(`server did not become ready within ${READY_WITHIN_MS / 1000} s:\n${output}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const waitExit = (signal: NodeJS.Signals) =>
    new Promise<void>((ok) => {
      if (child.exitCode !== null || child.signalCode !== null) return ok();
      child.once("exit", () => ok());
      child.kill(signal);
    });
  await launch();
  const server: TestServer = {
    baseUrl,
    port,
    dataDir,
    get process() {
      return child;
    },
    get output() {
      return output;
    },
    stop: () => waitExit("SIGTERM"),
    kill: () => waitExit("SIGKILL"),
    // A server still running is stopped first, so the new process can take the port.
    restart: async (env) => {
      await waitExit("SIGTERM");
      restartEnv = { ...restartEnv, ...env };
      await launch();
    },
    async dispose() {
      await waitExit("SIGTERM");
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

/** A token for the master admin through the password grant of admin-cli. */
export async function adminToken(
  baseUrl: string,
  realm = "master",
  username = "admin",
  password = "admin",
  clientId = "admin-cli",
): Promise<string> {
  const res = await fetch(`${baseUrl}/realms/${realm}/protocol/openid-connect/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "password", client_id: clientId, username, password }),
  });
  if (!res.ok) throw new Error(`token request failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** fetch against the admin API with a bearer token; JSON bodies. */
export function adminFetch(baseUrl: string, token: string) {
  return async (path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, ...init.headers };
    let body: string | undefined;
    if (init.body !== undefined) {
      if (typeof init.body === "string" && headers["content-type"]) body = init.body;
      else {
        body = JSON.stringify(init.body);
        headers["content-type"] = "application/json";
      }
    }
    return fetch(`${baseUrl}${path}`, { method: init.method ?? "GET", headers, body });
  };
}
