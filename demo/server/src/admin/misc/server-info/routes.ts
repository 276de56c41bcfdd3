import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../../context.ts";
import { adminContext } from "../../../access/admin-context.ts";
import { catalog } from "./catalog.ts";
import { features, profileInfo } from "./features.ts";
import { cpuInfo, cryptoInfo, memoryInfo, systemInfo } from "./system-info.ts";

/** GET /admin/serverinfo: any authenticated administrator may read it. */
export async function registerServerInfoRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  app.get("/admin/serverinfo", async (req) => {
    await adminContext(server, req, "master");
    return {
      systemInfo: systemInfo(),
      cpuInfo: cpuInfo(),
      memoryInfo: memoryInfo(),
      profileInfo: profileInfo(),
      features: features(),
      cryptoInfo: cryptoInfo(),
      ...catalog(),
    };
  });
}
