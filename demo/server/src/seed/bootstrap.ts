import type { ServerContext } from "../context.ts";
import { realmByName } from "../realm/lookup.ts";
import { seedMasterRealm } from "./master-realm.ts";
import { seedDemoRealm } from "./demo-realm.ts";
import { seedScaleRealm } from "./scale-realm.ts";
import { importFiles } from "./import-files.ts";

/**
 * On first start (no realms): the master realm with admin/admin, then the demo
 * realm unless disabled. Every start: the scale realm when asked and missing,
 * then every `--import` file.
 */
export async function bootstrap(server: ServerContext): Promise<void> {
  const { db, config } = server;
  if (db.all("realms").length === 0) {
    await seedMasterRealm(server);
    if (config.seedDemo) await seedDemoRealm(server);
  }
  if (config.seedScale && !realmByName(db, "scale")) await seedScaleRealm(server);
  await importFiles(server, config.importFiles);
}
