import type { ServerContext } from "../context.ts";
import { realmByName } from "../realm/lookup.ts";
import { seedMasterRealm } from "./master-realm.ts";
import { seedDemoRealm } from "./demo-realm.ts";
import { seedScaleRealm } from "./scale-realm.ts";
import { seedScaleEvents } from "./scale-events.ts";
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
  const scale = realmByName(db, "scale");
  if (config.seedScale && !scale) await seedScaleRealm(server);
  // A scale realm seeded before it had events gets them.
  else if (config.seedScale && scale && db.count("events", scale.id) === 0)
    await seedScaleEvents(
      db,
      scale,
      db.list("users", scale.id).map((u) => u.id),
      2_000,
    );
  await importFiles(server, config.importFiles);
}
