/**
 * Assembles the npm package from the package build of the elements (`vite build --mode package`, which `--build` runs;
 * `npm run pack` does both): .tmp/package/keycloak-admin-elements/ gets that build (without the standalone console),
 * all.js, TypeScript declarations, custom-elements.json, README.md and package.json. With `--pack` it also runs
 * `npm pack` there and copies the tarball to .tmp/package/keycloak-admin-elements.tgz, the file the host apps in
 * demo/hosts/ install.
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync, copyFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { readElementMetadata } from "../build/package/element-metadata.ts";
import { customElementsManifest } from "../build/package/custom-elements-manifest.ts";
import {
  allDeclarations,
  elementsDeclarations,
  entryDeclarations,
  loaderDeclarations,
  reactDeclarations,
  vueDeclarations,
} from "../build/package/type-declarations.ts";
import { PACKAGE_OUT_DIR } from "../vite.config.ts";
import { embedderGuide, withElementReference } from "../build/package/embedder-guide.ts";

export const PACKAGE_NAME = "keycloak-admin-elements";

export interface BuiltPackage {
  dir: string;
  /** The tarball under its fixed name, when packed. */
  tarball?: string;
}

export function packageJson(root: string, entries: Record<string, unknown>) {
  const rootPackage = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { version: string };
  const loader = { types: "./types/index.d.ts", default: "./loader.js" };
  return {
    name: PACKAGE_NAME,
    version: rootPackage.version,
    description:
      "Keycloak's administration console as web components: <kc-users-admin>, <kc-groups-admin>, … with React, PatternFly and the admin client inside.",
    keywords: ["keycloak", "admin", "web-components", "custom-elements", "iam"],
    type: "module",
    main: "./loader.js",
    module: "./loader.js",
    types: "./types/index.d.ts",
    customElements: "custom-elements.json",
    sideEffects: true,
    exports: {
      ".": loader,
      "./loader": loader,
      "./loader.js": loader,
      "./all": { types: "./types/all.d.ts", default: "./all.js" },
      ...entries,
      "./react": { types: "./types/react.d.ts" },
      "./vue": { types: "./types/vue.d.ts" },
      "./custom-elements.json": "./custom-elements.json",
      "./package.json": "./package.json",
    },
  };
}

export function buildPackage(root: string, options: { build?: boolean; pack?: boolean } = {}): BuiltPackage {
  const distDir = path.join(root, PACKAGE_OUT_DIR);
  if (options.build) {
    const vite = path.join(root, "node_modules/vite/bin/vite.js");
    execFileSync(process.execPath, [vite, "build", "--mode", "package", "--logLevel", "warn"], {
      cwd: root,
      stdio: "inherit",
    });
  }
  if (!existsSync(path.join(distDir, "loader.js"))) throw new Error(`${PACKAGE_OUT_DIR} is not built: add --build`);
  const outRoot = path.join(root, ".tmp/package");
  const dir = path.join(outRoot, PACKAGE_NAME);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, "types"), { recursive: true });
  cpSync(distDir, dir, {
    recursive: true,
    filter: (source) => {
      const relative = path.relative(distDir, source);
      return relative.split(path.sep)[0] !== "console" && !/\.(br|gz)$/.test(relative);
    },
  });

  const metadata = readElementMetadata(root);
  const entries: Record<string, unknown> = {};
  for (const element of metadata.elements) {
    const types = `./types/${element.name}.d.ts`;
    entries[`./${element.name}`] = { types, default: `./${element.entryFile}` };
    writeFileSync(path.join(dir, types), entryDeclarations(element));
  }
  writeFileSync(path.join(dir, "all.js"), `${metadata.elements.map((e) => `import "./${e.entryFile}";`).join("\n")}\n`);
  writeFileSync(path.join(dir, "types/elements.d.ts"), elementsDeclarations(metadata));
  writeFileSync(path.join(dir, "types/index.d.ts"), loaderDeclarations());
  writeFileSync(path.join(dir, "types/all.d.ts"), allDeclarations());
  writeFileSync(path.join(dir, "types/react.d.ts"), reactDeclarations(metadata));
  writeFileSync(path.join(dir, "types/vue.d.ts"), vueDeclarations(metadata));
  writeFileSync(
    path.join(dir, "custom-elements.json"),
    `${JSON.stringify(customElementsManifest(metadata), null, 2)}\n`,
  );
  writeFileSync(path.join(dir, "README.md"), embedderGuide(readFileSync(path.join(root, "README.md"), "utf8")));
  writeFileSync(path.join(dir, "package.json"), `${JSON.stringify(packageJson(root, entries), null, 2)}\n`);

  if (!options.pack) return { dir };
  const output = execFileSync("npm", ["pack", "--json", "--pack-destination", outRoot], { cwd: dir, encoding: "utf8" });
  const [{ filename }] = JSON.parse(output) as { filename: string }[];
  const tarball = path.join(outRoot, `${PACKAGE_NAME}.tgz`);
  copyFileSync(path.join(outRoot, filename), tarball);
  return { dir, tarball };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  if (process.argv.includes("--readme")) {
    const readmePath = path.join(root, "README.md");
    writeFileSync(readmePath, withElementReference(readFileSync(readmePath, "utf8"), readElementMetadata(root)));
    process.exit(0);
  }
  const built = buildPackage(root, { build: process.argv.includes("--build"), pack: process.argv.includes("--pack") });
  console.log(built.tarball ?? built.dir);
}
