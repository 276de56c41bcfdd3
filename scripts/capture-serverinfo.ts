// Refreshes the embedded server's server info from a real Keycloak (npm run serverinfo:capture): starts Keycloak
// 26.7.3 with the harness's features (Java and Maven needed; KC_REAL_URL=http://… uses one that already runs), reads
// GET /admin/serverinfo as master's admin and writes its static part (providers, mapper and component types,
// themes, enums…) to demo/server/src/admin/server-info/serverinfo-data.json and its feature list to
// serverinfo-features.json. What changes per call or per machine (system, memory, CPU, crypto, providers'
// operational info) is left out; catalog.ts adapts the rest to what this server can do.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { format } from "prettier";
import { startKeycloak, KEYCLOAK_VERSION } from "../tests/support/real-keycloak.ts";
import { adminToken } from "../tests/support/server.ts";

const TARGET = join(import.meta.dirname, "..", "demo", "server", "src", "admin", "server-info");
/** Computed per server or per call, or written by the embedded server itself (features, profile). */
const NOT_CAPTURED = new Set(["systemInfo", "memoryInfo", "cpuInfo", "cryptoInfo", "profileInfo", "features"]);

const keycloak = process.env.KC_REAL_URL ? undefined : await startKeycloak();
const url = process.env.KC_REAL_URL ?? keycloak!.url;
try {
  const token = await adminToken(url);
  const response = await fetch(`${url}/admin/serverinfo`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET /admin/serverinfo: ${response.status} ${await response.text()}`);
  const info = (await response.json()) as Record<string, unknown> & { systemInfo?: { version?: string } };
  const version = info.systemInfo?.version;
  if (version !== KEYCLOAK_VERSION) throw new Error(`expected Keycloak ${KEYCLOAK_VERSION}, got ${version}`);
  const catalog = Object.fromEntries(Object.entries(info).filter(([key]) => !NOT_CAPTURED.has(key)));
  // Figures of the capturing machine and run (database URL, cache health): no answer of ours should carry them.
  for (const spi of Object.values(catalog.providers as Record<string, { providers: Record<string, object> }>))
    for (const provider of Object.values(spi.providers))
      delete (provider as { operationalInfo?: unknown }).operationalInfo;
  writeFileSync(join(TARGET, "serverinfo-data.json"), JSON.stringify(catalog) + "\n");
  const features = await format(JSON.stringify(info.features), { parser: "json" });
  writeFileSync(join(TARGET, "serverinfo-features.json"), features);
  console.log(`server info of Keycloak ${version} captured: ${Object.keys(catalog).join(", ")}`);
} finally {
  await keycloak?.stop();
}
