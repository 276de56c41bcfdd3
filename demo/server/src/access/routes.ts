import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../context.ts";
import { registerWhoAmI } from "./whoami.ts";
import { registerAttackDetection } from "./attack-detection.ts";
import { registerSessionAdmin } from "./session-admin.ts";
import { registerAdminAuthentication } from "./admin-authentication.ts";

/** Who-am-I, attack detection, sessions (oidc-access helper). */
export async function registerAccessRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  registerAdminAuthentication(app, server);
  await registerWhoAmI(app, server);
  await registerAttackDetection(app, server);
  await registerSessionAdmin(app, server);
}
