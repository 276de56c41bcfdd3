import { resolve } from "node:path";
import type { ServerConfig } from "./context.ts";
import { splitHost } from "./http/frontend-url.ts";
import { checkFeatureToggles, type FeatureToggles } from "./admin/server-info/features.ts";
import { SERVER_VERSION } from "./admin/server-info/system-info.ts";

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
  const keys = (value: string) =>
    value
      .split(",")
      .map((key) => key.trim())
      .filter(Boolean);
  const features: FeatureToggles = {
    enabled: keys(flag("features", "KC_FEATURES", "")),
    disabled: keys(flag("features-disabled", "KC_FEATURES_DISABLED", "")),
  };
  checkFeatureToggles(features);
  return {
    host,
    port,
    hostname: readHostname(flag("hostname", "KC_HOSTNAME", "")),
    proxyHeaders: readProxyHeaders(flag("proxy-headers", "KC_PROXY_HEADERS", "")),
    demoPages: flag("demo-pages", "KC_DEMO_PAGES", "false") === "true",
    dataDir: resolve(flag("data-dir", "KC_DATA_DIR", resolve(root, ".data"))),
    distDir: resolve(flag("dist-dir", "KC_DIST_DIR", resolve(root, "dist"))),
    pagesDir: resolve(root, "demo/pages"),
    importFiles: [...(flags.get("import") ?? []), ...(env.KC_IMPORT ? env.KC_IMPORT.split(",") : [])].map((f) =>
      resolve(f),
    ),
    seedScale: flag("seed-scale", "KC_SEED_SCALE", "false") === "true",
    seedDemo: flag("seed-demo", "KC_SEED_DEMO", "true") !== "false",
    features,
    reportedVersion: readVersion(flag("report-version", "KC_REPORT_VERSION", SERVER_VERSION)),
  };
}

function readVersion(value: string): string {
  if (!/^\d+\.\d+\.\d+$/.test(value)) throw new Error(`--report-version: expected a version like 25.0.6, got ${value}`);
  return value;
}

/** Keycloak's hostname v2 option: a full URL (scheme and host required) or a bare host name. */
function readHostname(value: string): string | undefined {
  if (!value) return undefined;
  if (!value.includes("://")) {
    if (!splitHost(value) || value.includes(":")) throw new Error(`--hostname: not a host name or URL: ${value}`);
    return value.toLowerCase();
  }
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash)
    throw new Error(`--hostname: not an http(s) URL: ${value}`);
  return `${url.origin}${url.pathname}`.replace(/\/$/, "");
}

function readProxyHeaders(value: string): ServerConfig["proxyHeaders"] {
  if (!value) return undefined;
  if (value === "forwarded" || value === "xforwarded") return value;
  throw new Error(`--proxy-headers: expected forwarded or xforwarded, got ${value}`);
}
