import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context.ts";
import { adminContext } from "../../access/admin-context.ts";
import { catalog } from "./catalog.ts";
import { features, profileInfo } from "./features.ts";
import { cpuInfo, cryptoInfo, memoryInfo, systemInfo } from "./system-info.ts";
import { tokenRealmName } from "./token-realm.ts";

const MASTER_REALM = "master";

/**
 * GET /admin/serverinfo for any authenticated administrator. As in Keycloak 26,
 * system, CPU and memory details go only to realm managers of the master realm;
 * managers of other realms see just the version.
 */
export async function registerServerInfoRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  app.get("/admin/serverinfo", async (req) => {
    const ctx = await adminContext(server, req, tokenRealmName(req) ?? MASTER_REALM);
    const runtime: Record<string, unknown> = {};
    if (ctx.has("manage-realm")) {
      if (ctx.authRealm.realm === MASTER_REALM)
        Object.assign(runtime, { systemInfo: systemInfo(server.config.reportedVersion), cpuInfo: cpuInfo(), memoryInfo: memoryInfo() });
      else runtime.systemInfo = { version: server.config.reportedVersion };
    }
    return {
      ...runtime,
      profileInfo: profileInfo(server.config.features),
      features: features(server.config.features),
      cryptoInfo: cryptoInfo(),
      ...catalog(),
    };
  });
}
