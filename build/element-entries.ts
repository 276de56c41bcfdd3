import { readdirSync } from "node:fs";
import path from "node:path";

/** `src/elements/<area>.ts` files that are element chunks (everything but the runtime's own modules). */
const RUNTIME_MODULES = new Set([
  "loader.ts",
  "define-element.ts",
  "element-manifest.ts",
  "element-attributes.ts",
  "element-prefixes.ts",
  "host-styles.ts",
  "element-styling.ts",
]);

export function elementEntries(root: string): Record<string, string> {
  const folder = path.resolve(root, "src/elements");
  const entries: Record<string, string> = {};
  for (const file of readdirSync(folder)) {
    if (!file.endsWith(".ts") || file.endsWith(".d.ts") || RUNTIME_MODULES.has(file)) continue;
    entries[`kc-${file.slice(0, -".ts".length)}`] = path.join(folder, file);
  }
  return entries;
}

/** Browser test files, keyed by their path under tests/browser without extension. */
export function browserTestEntries(root: string): Record<string, string> {
  const folder = path.resolve(root, "tests/browser");
  const entries: Record<string, string> = {};
  for (const file of readdirSync(folder, { recursive: true }) as string[]) {
    if (!/\.test\.tsx?$/.test(file)) continue;
    entries[
      file
        .replace(/\.tsx?$/, "")
        .split(path.sep)
        .join("/")
    ] = path.join(folder, file);
  }
  return entries;
}
