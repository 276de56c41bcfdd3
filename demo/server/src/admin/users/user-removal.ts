import type { ServerContext } from "../../context.ts";
import type { RealmRecord, UserRecord } from "../../store/types.ts";
import { loginFailureId } from "../../access/brute-force.ts";
import { removeObjectResources } from "../../access/admin-permissions/object-removal.ts";
import { sessionIdsOfUser } from "../../access/session-index.ts";

/** Deletes a user with what hangs off it: sessions, login failures, organization memberships. */
export async function removeUser(server: ServerContext, realm: RealmRecord, user: UserRecord): Promise<void> {
  const { db } = server;
  const sessionIds = sessionIdsOfUser(db, realm.id, user.id);
  const organizations = db.list("organizations", realm.id).filter((o) => user.id in o.members);
  await db.write((tx) => {
    tx.delete("users", user.id);
    removeObjectResources(db, tx, realm, [user.id]);
    for (const id of sessionIds) tx.delete("userSessions", id);
    if (db.get("loginFailures", loginFailureId(realm, user.id)))
      tx.delete("loginFailures", loginFailureId(realm, user.id));
    for (const organization of organizations) {
      const members = { ...organization.members };
      delete members[user.id];
      tx.put("organizations", { ...organization, members });
    }
  });
}
