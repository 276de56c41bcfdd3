import { resolve } from "node:path";
import type { ServerConfig } from "./context.ts";

const root = resolve(import.meta.dirname, "../../..");

/** Reads flags (`--port 8180`, `--port=8180`) and the matching KC_* environment variables. */
export function readConfig(argv: string[], env: NodeJS.ProcessEnv): ServerConfig {
  const flags = new Map<string, string[]>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith("--")) continue;
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2);
    let value = inline;
    if (value === undefined) value = argv[i + 1] && !argv[i + 1].startsWith("--") ? argv[++i] : "true";
    flags.set(name, [...(flags.get(name) ?? []), value]);
  }
  const flag = (name: string, envName: string, fallback: string) => flags.get(name)?.at(-1) ?? env[envName] ?? fallback;
  const host = flag("host", "KC_HOST", "127.0.0.1");
  const port = Number(flag("port", "KC_PORT", "8180"));
  const publicUrl = flag("public-url", "KC_PUBLIC_URL", `http://${host === "0.0.0.0" ? "127.0.0.1" : host}:${port}`);
  return {
    host,
    port,
    publicUrl: publicUrl.replace(/\/$/, ""),
    dataDir: resolve(flag("data-dir", "KC_DATA_DIR", resolve(root, ".data"))),
    distDir: resolve(flag("dist-dir", "KC_DIST_DIR", resolve(root, "dist"))),
    pagesDir: resolve(root, "demo/pages"),
    importFiles: [...(flags.get("import") ?? []), ...(env.KC_IMPORT ? env.KC_IMPORT.split(",") : [])].map((f) =>
      resolve(f),
    ),
    seedScale: flag("seed-scale", "KC_SEED_SCALE", "false") === "true",
    seedDemo: flag("seed-demo", "KC_SEED_DEMO", "true") !== "false",
  };
}
