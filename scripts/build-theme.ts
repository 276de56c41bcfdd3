/**
 * Writes the Keycloak admin theme archive from dist/ (run `npx vite build` first, or `npm run theme`):
 * .tmp/package/keycloak-admin-elements-theme-<version>.jar, for Keycloak's providers/ folder.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { adminThemeEntries } from "../build/theme/admin-theme.ts";
import { writeZip } from "../build/theme/zip.ts";

export function buildThemeArchive(root: string): string {
  const { version } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { version: string };
  const file = path.join(root, ".tmp/package", `keycloak-admin-elements-theme-${version}.jar`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, writeZip(adminThemeEntries(path.join(root, "dist"))));
  return file;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(buildThemeArchive(path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")));
}
