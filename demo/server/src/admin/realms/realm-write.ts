import type { ServerContext } from "../../context.ts";
import type { RealmRecord } from "../../store/types.ts";
import { notFound } from "../../http/errors.ts";

/** Replaces the realm record with `change(current)`, reading it inside the write so concurrent changes are not lost. */
export function writeRealm(
  server: ServerContext,
  realmId: string,
  change: (current: RealmRecord) => RealmRecord,
): Promise<RealmRecord> {
  return server.db.write((tx) => {
    const current = server.db.get("realms", realmId);
    if (!current) throw notFound("Realm not found.");
    return tx.put("realms", change(current));
  });
}
