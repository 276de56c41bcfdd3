import type { ServerContext } from "../../context.ts";
import type { RealmRecord, UserRecord } from "../../store/types.ts";
import { loginFailureId } from "../../access/brute-force.ts";
import { removeObjectResources } from "../../access/admin-permissions/object-removal.ts";

/** Deletes a user with what hangs off it: sessions, login failures, organization memberships. */
export async function removeUser(server: ServerContext, realm: RealmRecord, user: UserRecord): Promise<void> {
  const { db } = server;
  const sessions = db.list("userSessions", realm.id).filter((s) => s.userId === user.id);
  const organizations = db.list("organizations", realm.id).filter((o) => user.id in o.members);
  await db.write((tx) => {
    tx.delete("users", user.id);
    removeObjectResources(db, tx, realm, [user.id]);
    for (const session of sessions) tx.delete("userSessions", session.id);
    if (db.get("loginFailures", loginFailureId(realm, user.id)))
      tx.delete("loginFailures", loginFailureId(realm, user.id));
    for (const organization of organizations) {
      const members = { ...organization.members };
      delete members[user.id];
      tx.put("organizations", { ...organization, members });
    }
  });
}
