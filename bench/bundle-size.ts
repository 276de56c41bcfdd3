/**
 * Gzipped size of every script and stylesheet in dist/ (building first when dist/ is missing).
 *
 *   node --import tsx bench/bundle-size.ts
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { gzipSync } from "node:zlib";

export const root = resolve(import.meta.dirname, "..");
export const distDir = join(root, "dist");

export interface BundleFile {
  path: string;
  bytes: number;
  gzipBytes: number;
}

const MEASURED = /\.(?:js|css)$/;

function filesBelow(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesBelow(path) : [path];
  });
}

/** Runs the product build when dist/loader.js is not there. */
export function ensureBuild(): void {
  if (existsSync(join(distDir, "loader.js"))) return;
  console.log("dist/ missing: npm run build");
  execFileSync("npx", ["vite", "build"], { cwd: root, stdio: "inherit" });
}

export function measureBundle(dir = distDir): BundleFile[] {
  return filesBelow(dir)
    .filter((path) => MEASURED.test(path))
    .map((path) => {
      const body = readFileSync(path);
      return { path: relative(dir, path), bytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length };
    })
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
}

export const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** One `name gzip: n KB` line for the loader, then a table of every file and the total. */
export function bundleReport(files: BundleFile[]): string[] {
  const loader = files.find((file) => file.path === "loader.js");
  const width = Math.max(...files.map((file) => file.path.length), 10);
  const total = files.reduce(
    (sum, file) => ({ bytes: sum.bytes + file.bytes, gzipBytes: sum.gzipBytes + file.gzipBytes }),
    { bytes: 0, gzipBytes: 0 },
  );
  return [
    loader ? `loader.js gzip: ${kilobytes(loader.gzipBytes)}` : "loader.js gzip: missing",
    `${"file".padEnd(width)}  ${"raw".padStart(10)}  ${"gzip".padStart(10)}`,
    ...files.map(
      (file) =>
        `${file.path.padEnd(width)}  ${kilobytes(file.bytes).padStart(10)}  ${kilobytes(file.gzipBytes).padStart(10)}`,
    ),
    `${"total".padEnd(width)}  ${kilobytes(total.bytes).padStart(10)}  ${kilobytes(total.gzipBytes).padStart(10)}`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureBuild();
  for (const line of bundleReport(measureBundle())) console.log(line);
}
