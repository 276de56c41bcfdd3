import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import {
  createReadStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createServer, type Server } from "node:http";
import { dirname, extname, join, normalize, relative, resolve } from "node:path";
import { promisify } from "node:util";
import { freePort } from "../support/server.ts";

const run = promisify(execFile);

export const repoRoot = resolve(import.meta.dirname, "../..");

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".woff2": "font/woff2",
  ".svg": "image/svg+xml",
  ".txt": "text/plain; charset=utf-8",
};

export interface StaticSite {
  url: string;
  server: Server;
  /** Paths asked for that were not there. */
  missing: string[];
  close(): Promise<void>;
}

/**
 * Serves a folder under `prefix` (`/kc/1.2.3/`) as a plain static host does: files only, `index.html` for a folder,
 * optional CORS and extra headers (a CSP for pages).
 */
export async function serveFolder(
  folder: string,
  options: {
    prefix?: string;
    cors?: boolean;
    headers?: Record<string, string>;
    /** Fixed answers by path: an HTML page, or `{ type, body }`. */
    pages?: Record<string, string | { type: string; body: string }>;
  } = {},
): Promise<StaticSite> {
  const prefix = options.prefix ?? "/";
  const missing: string[] = [];
  const server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? "/", "http://host").pathname);
    if (options.cors) res.setHeader("access-control-allow-origin", "*");
    const page = options.pages?.[pathname];
    if (page !== undefined) {
      const { type, body } = typeof page === "string" ? { type: CONTENT_TYPES[".html"]!, body: page } : page;
      res.writeHead(200, { "content-type": type, ...(typeof page === "string" ? options.headers : {}) });
      res.end(body);
      return;
    }
    let file = pathname.startsWith(prefix) ? normalize(join(folder, pathname.slice(prefix.length))) : "";
    if (file && existsSync(file) && statSync(file).isDirectory()) file = join(file, "index.html");
    if (!file || !file.startsWith(folder) || !existsSync(file)) {
      missing.push(pathname);
      res.writeHead(404, { "content-type": "text/plain" }).end("Not Found");
      return;
    }
    const type = CONTENT_TYPES[extname(file)] ?? "application/octet-stream";
    res.writeHead(200, { "content-type": type, ...(type.startsWith("text/html") ? options.headers : {}) });
    createReadStream(file).pipe(res);
  });
  const port = await freePort();
  await new Promise<void>((ok) => server.listen(port, "127.0.0.1", ok));
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    missing,
    close: () => new Promise((ok) => server.close(() => ok())),
  };
}

/** The repository files the package is made from (sources, build scripts and configuration, lock file, README). */
function packageSources(): string[] {
  const files = ["package.json", "package-lock.json", "README.md", "tsconfig.json", "vite.config.ts"];
  for (const dir of ["src", "build", "scripts"])
    for (const entry of readdirSync(join(repoRoot, dir), { recursive: true, withFileTypes: true }))
      if (entry.isFile()) files.push(relative(repoRoot, join(entry.parentPath, entry.name)));
  return files.sort();
}

const HOSTS_LOCK = join(repoRoot, ".tmp/hosts.lock");

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/**
 * Waits until no other test process is packing the package or installing and building the hosts (the e2e step and
 * the real-Keycloak step run this file at the same time), then holds that right until the returned release is called.
 * A lock left by a process that is gone is taken over.
 */
export async function lockHostsPreparation(): Promise<() => void> {
  mkdirSync(dirname(HOSTS_LOCK), { recursive: true });
  const owner = join(HOSTS_LOCK, "pid");
  for (;;) {
    try {
      mkdirSync(HOSTS_LOCK);
      writeFileSync(owner, String(process.pid));
      return () => rmSync(HOSTS_LOCK, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    let pid = 0;
    try {
      pid = Number(readFileSync(owner, "utf8"));
    } catch {
      /* its owner has not written its pid yet */
    }
    if (pid > 0 && !isRunning(pid)) rmSync(HOSTS_LOCK, { recursive: true, force: true });
    else await new Promise((wait) => setTimeout(wait, 1000));
  }
}

const PACKED = join(repoRoot, ".tmp/package/keycloak-admin-elements.tgz");
const PACKED_FROM = join(repoRoot, ".tmp/package/packed-from");

/**
 * Builds the elements in package mode, assembles the package and packs it to .tmp/package/keycloak-admin-elements.tgz
 * — unless that tarball was packed from exactly these sources (the e2e step packed it and the real-Keycloak step runs
 * the same file again): the build is reproducible, so packing again would make the same file.
 */
export async function packPackage(): Promise<string> {
  const hash = createHash("sha256");
  for (const file of packageSources()) hash.update(file).update(readFileSync(join(repoRoot, file)));
  const key = hash.digest("hex");
  try {
    if (readFileSync(PACKED_FROM, "utf8") === key && statSync(PACKED).isFile()) return PACKED;
  } catch {
    /* not packed yet */
  }
  rmSync(PACKED_FROM, { force: true });
  const { stdout } = await run(process.execPath, ["--import", "tsx", "scripts/build-package.ts", "--build", "--pack"], {
    cwd: repoRoot,
    maxBuffer: 16 * 1024 * 1024,
  });
  const packed = stdout.trim().split("\n").at(-1)!;
  if (resolve(packed) === PACKED) writeFileSync(PACKED_FROM, key);
  return packed;
}

export interface HostApp {
  name: string;
  dir: string;
  /** The built site's folder. */
  outDir: string;
}

const ALL_HOSTS: HostApp[] = [
  { name: "react", dir: join(repoRoot, "demo/hosts/react"), outDir: join(repoRoot, "demo/hosts/react/dist") },
  { name: "vue", dir: join(repoRoot, "demo/hosts/vue"), outDir: join(repoRoot, "demo/hosts/vue/dist") },
  {
    name: "angular",
    dir: join(repoRoot, "demo/hosts/angular"),
    outDir: join(repoRoot, "demo/hosts/angular/dist/browser"),
  },
];

/** All three, or those named in KC_HOSTS (`KC_HOSTS=vue,react`) while working on one. */
export const HOSTS = ALL_HOSTS.filter(
  (host) => !process.env.KC_HOSTS || process.env.KC_HOSTS.split(",").includes(host.name),
);

const NPM_ENV = { ...process.env, NG_CLI_ANALYTICS: "false", NO_UPDATE_NOTIFIER: "1", CI: "true" };

/**
 * `npm ci` from the host's committed lock file: framework packages from the registry (or npm's cache), ours from the
 * packed tarball. The lock file records no integrity for our tarball, which changes with every build; the lock file
 * is left exactly as committed.
 */
export async function installHost(host: HostApp): Promise<number> {
  const lockFile = join(host.dir, "package-lock.json");
  const lock = readFileSync(lockFile, "utf8");
  const started = Date.now();
  try {
    await run("npm", ["ci", "--no-audit", "--no-fund", "--prefer-offline"], {
      cwd: host.dir,
      env: NPM_ENV,
      maxBuffer: 16 * 1024 * 1024,
    });
  } finally {
    if (readFileSync(lockFile, "utf8") !== lock) writeFileSync(lockFile, lock);
  }
  return Date.now() - started;
}

export async function buildHost(host: HostApp): Promise<number> {
  const started = Date.now();
  try {
    await run("npm", ["run", "build"], { cwd: host.dir, env: NPM_ENV, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`${host.name} host build failed:\n${stdout ?? ""}\n${stderr ?? ""}`);
  }
  return Date.now() - started;
}

/** The host's own files (not its installed packages or build output), sorted. */
function hostSources(dir: string, top = dir): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (dir === top && ["node_modules", "dist", ".angular"].includes(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...hostSources(path, top));
    else files.push(path);
  }
  return files.sort();
}

const stampFile = (host: HostApp) => join(repoRoot, ".cache/hosts", `${host.name}.built-from`);

/** What a host's build is made from: the packed package (its build is reproducible) and the host's own files. */
export function hostBuildKey(host: HostApp, packedPackage: string): string {
  const hash = createHash("sha256").update(readFileSync(packedPackage));
  for (const file of hostSources(host.dir)) hash.update(relative(host.dir, file)).update(readFileSync(file));
  return hash.digest("hex");
}

/**
 * Whether the host's build output is already the build of exactly this package and these host files (the e2e step
 * built it, and the real-Keycloak step runs the same file again): then installing and building again would make the
 * same files.
 */
export function hostBuiltFrom(host: HostApp, key: string): boolean {
  try {
    return readFileSync(stampFile(host), "utf8") === key && statSync(join(host.outDir, "index.html")).isFile();
  } catch {
    return false;
  }
}

/** Forgets what the host was built from (before installing and building it again). */
export function forgetHostBuild(host: HostApp): void {
  rmSync(stampFile(host), { force: true });
}

/** Records what the host's build output was made from (after a successful build). */
export function markHostBuilt(host: HostApp, key: string): void {
  mkdirSync(join(repoRoot, ".cache/hosts"), { recursive: true });
  writeFileSync(stampFile(host), key);
}
