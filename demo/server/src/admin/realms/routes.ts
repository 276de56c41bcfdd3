import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context.ts";
import { registerRealmCrudRoutes } from "./realm-crud.ts";
import { registerRealmTransferRoutes } from "./realm-transfer.ts";
import { registerDefaultGroupRoutes } from "./default-groups.ts";
import { registerLocalizationRoutes } from "./localization.ts";
import { registerRealmSettingsExtraRoutes } from "./realm-settings-extras.ts";
import { registerSmtpTestRoute } from "./smtp-test.ts";

/** Realms, partial import/export, default groups, group-by-path, localization, events config, SMTP test mail. */
export async function registerRealmRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  await registerRealmCrudRoutes(app, server);
  await registerRealmTransferRoutes(app, server);
  await registerDefaultGroupRoutes(app, server);
  await registerLocalizationRoutes(app, server);
  await registerRealmSettingsExtraRoutes(app, server);
  await registerSmtpTestRoute(app, server);
}
