export { isOlderThan, versionNumbers } from "./server-version.ts";
export { useVersionNote } from "./use-version-note.ts";
