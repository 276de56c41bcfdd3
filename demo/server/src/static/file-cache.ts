import { readFile, stat } from "node:fs/promises";
import { resolve, sep } from "node:path";
import type { Encoding } from "../http/compression.ts";
import { contentTypeOf } from "./files.ts";
import { contentHash, type Representation } from "./representation.ts";

const PRECOMPRESSED: Record<Encoding, string> = { br: ".br", gzip: ".gz" };

interface CachedFile {
  mtimeMs: number;
  size: number;
  representation: Representation;
}

const cache = new Map<string, CachedFile>();

const readIfPresent = (path: string) => readFile(path).catch(() => undefined);

async function load(path: string, mtime: Date): Promise<Representation> {
  const body = await readFile(path);
  const [br, gzip] = await Promise.all([
    readIfPresent(path + PRECOMPRESSED.br),
    readIfPresent(path + PRECOMPRESSED.gzip),
  ]);
  const encoded: Representation["encoded"] = {};
  if (br) encoded.br = Promise.resolve(br);
  if (gzip) encoded.gzip = Promise.resolve(gzip);
  return { body, contentType: contentTypeOf(path), hash: contentHash(body), lastModified: mtime, encoded };
}

/**
 * The file `relative` inside `root` with its precompressed `.br`/`.gz` siblings, kept in memory until the file
 * changes (a rebuild); undefined when missing, a folder, or outside `root`.
 */
export async function staticFile(root: string, relative: string): Promise<Representation | undefined> {
  const base = resolve(root);
  let decoded: string;
  try {
    decoded = decodeURIComponent(relative);
  } catch {
    return undefined;
  }
  const path = resolve(base, "." + sep + decoded);
  if (path !== base && !path.startsWith(base + sep)) return undefined;
  const info = await stat(path).catch(() => undefined);
  if (!info?.isFile()) {
    cache.delete(path);
    return undefined;
  }
  const cached = cache.get(path);
  if (cached && cached.mtimeMs === info.mtimeMs && cached.size === info.size) return cached.representation;
  const representation = await load(path, info.mtime);
  cache.set(path, { mtimeMs: info.mtimeMs, size: info.size, representation });
  return representation;
}
