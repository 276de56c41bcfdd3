import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const TEXT_FILE = /\.(js|mjs|css|html|svg|json)$/;

/**
 * Brotli quality 10 and gzip level 9 for one file's bytes. Quality 11 makes the build's text 2% smaller
 * (463 KB against 473 KB) for three times the CPU time (about 9 s against 3 s).
 */
export async function precompressed(body: Buffer): Promise<{ br: Buffer; gz: Buffer }> {
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 10,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: 9 }),
  ]);
  return { br, gz };
}

/**
 * Writes `name.br` and `name.gz` beside every emitted text file, so the server sends them without compressing
 * at request time. A file whose compressed form would not be smaller gets none. The files are compressed
 * concurrently: zlib's asynchronous calls run on libuv's thread pool.
 */
export function precompress(): Plugin {
  return {
    name: "kc-precompress",
    apply: "build",
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? path.dirname(options.file ?? "");
      const names = Object.keys(bundle).filter((name) => TEXT_FILE.test(name));
      await Promise.all(
        names.map(async (name) => {
          const file = path.join(outDir, name);
          const body = await readFile(file);
          const { br, gz } = await precompressed(body);
          await Promise.all([
            br.length < body.length ? writeFile(`${file}.br`, br) : undefined,
            gz.length < body.length ? writeFile(`${file}.gz`, gz) : undefined,
          ]);
        }),
      );
    },
  };
}
