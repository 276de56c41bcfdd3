import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

const root = resolve(import.meta.dirname, "../..");
const serverSources = join(root, "demo/server/src");
const bundleDir = join(root, ".cache/test-server");

/** Every file below the server's sources, sorted (their contents name the bundle). */
function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(path));
    else files.push(path);
  }
  return files.sort();
}

function sourcesHash(): string {
  const hash = createHash("sha256");
  hash.update(readFileSync(join(root, "package-lock.json")));
  hash.update(readFileSync(join(root, "tsconfig.json")));
  hash.update(readFileSync(import.meta.filename)); // how the bundle is made
  for (const file of sourceFiles(serverSources)) {
    hash.update(relative(serverSources, file));
    hash.update(readFileSync(file));
  }
  return hash.digest("hex").slice(0, 16);
}

/**
 * Pure ES-module packages copied into the bundle: typebox alone is ~700 small files, whose resolving and loading cost
 * every server start ~0.35 s of CPU. The others stay in node_modules.
 */
const BUNDLED_PACKAGES = ["typebox", "jose"];

let made: Promise<string> | undefined;

/**
 * The embedded server's entry (demo/server/src/main.ts) as one plain JavaScript file that node starts without tsx:
 * loading ~420 TypeScript modules through tsx's loader costs each server start about 1.5 s of CPU, and the tests start
 * a few hundred servers. Named by a hash of the server's sources, so an edited source gets a new bundle (made once,
 * by whichever test file needs it first; a parallel maker writes the same file). npm packages stay outside (loaded
 * from node_modules as usual) but for BUNDLED_PACKAGES, and each module's `import.meta.url` / `import.meta.dirname` keep their source file's
 * values, so files the server reads beside its sources are found as before. `KC_TEST_SERVER_TSX=1` runs the sources
 * through tsx instead.
 */
export function serverBundle(): Promise<string> {
  made ??= makeBundle();
  return made;
}

async function makeBundle(): Promise<string> {
  const outfile = join(bundleDir, `main-${sourcesHash()}.mjs`);
  try {
    if (statSync(outfile).size > 0) return outfile;
  } catch {
    /* not made yet */
  }
  mkdirSync(bundleDir, { recursive: true });
  const partial = `${outfile}.${process.pid}.tmp`;
  await build({
    entryPoints: [join(serverSources, "main.ts")],
    outfile: partial,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: "inline",
    logLevel: "error",
    plugins: [
      {
        name: "external-packages",
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            BUNDLED_PACKAGES.some((name) => args.path === name || args.path.startsWith(`${name}/`))
              ? undefined
              : { path: args.path, external: true },
          );
        },
      },
      {
        name: "source-import-meta",
        setup(b) {
          b.onLoad({ filter: /\.ts$/ }, (args) => {
            const text = readFileSync(args.path, "utf8")
              .replaceAll("import.meta.dirname", JSON.stringify(dirname(args.path)))
              .replaceAll("import.meta.url", JSON.stringify(pathToFileURL(args.path).href));
            return { contents: text, loader: "ts" };
          });
        },
      },
    ],
  });
  renameSync(partial, outfile);
  // Bundles of sources edited since (an hour old, so no running test file still starts one).
  for (const name of readdirSync(bundleDir)) {
    const path = join(bundleDir, name);
    if (path !== outfile && Date.now() - statSync(path).mtimeMs > 3_600_000) rmSync(path, { force: true });
  }
  return outfile;
}
