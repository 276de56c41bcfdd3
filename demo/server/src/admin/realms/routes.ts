import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context.ts";
import { registerRealmCrudRoutes } from "./realm-crud.ts";
import { registerRealmTransferRoutes } from "./realm-transfer.ts";
import { registerDefaultGroupRoutes } from "./default-groups.ts";
import { registerLocalizationRoutes } from "./localization.ts";
import { registerRealmSettingsExtraRoutes } from "./realm-settings-extras.ts";

/** Realms, partial import/export, default groups, group-by-path, localization, events config. */
export async function registerRealmRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  await registerRealmCrudRoutes(app, server);
  await registerRealmTransferRoutes(app, server);
  await registerDefaultGroupRoutes(app, server);
  await registerLocalizationRoutes(app, server);
  await registerRealmSettingsExtraRoutes(app, server);
}
