import type { ServerContext } from "../context.ts";
import type { RealmRecord } from "../store/types.ts";
import { TABLE_NAMES } from "../store/types.ts";
import { removeMasterAdminClient } from "./master-admin-client.ts";

/** Removes every record of the realm and its `X-realm` client in master, in one write. */
export async function deleteRealm(server: ServerContext, realm: RealmRecord): Promise<void> {
  const { db } = server;
  await db.write((tx) => {
    for (const table of TABLE_NAMES) {
      if (table === "realms") continue;
      for (const record of db.iterate(table, realm.id)) tx.delete(table, record.id);
    }
    tx.delete("realms", realm.id);
    removeMasterAdminClient(db, tx, realm.realm);
  });
}
