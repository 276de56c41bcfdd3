import { readFile, stat } from "node:fs/promises";
import { extname, resolve, sep } from "node:path";

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".ico": "image/x-icon",
  ".webp": "image/webp",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".ttf": "font/ttf",
  ".otf": "font/otf",
  ".txt": "text/plain; charset=utf-8",
};

export const contentTypeOf = (path: string) => CONTENT_TYPES[extname(path).toLowerCase()] ?? "application/octet-stream";

/** Reads `relative` inside `root`; undefined when missing, a folder, or outside `root`. */
export async function readInside(root: string, relative: string): Promise<Buffer | undefined> {
  const base = resolve(root);
  const path = resolve(base, "." + sep + decodeURIComponent(relative));
  if (path !== base && !path.startsWith(base + sep)) return undefined;
  try {
    if (!(await stat(path)).isFile()) return undefined;
    return await readFile(path);
  } catch {
    return undefined;
  }
}
