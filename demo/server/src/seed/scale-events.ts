import type { Db } from "../store/db.ts";
import type { AdminEventRecord, EventRecord, RealmRecord } from "../store/types.ts";
import { newId, now } from "../common/ids.ts";
import { clientByClientId, realmByName } from "../realm/lookup.ts";

export const SCALE_USER_EVENTS = 500_000;
export const SCALE_ADMIN_EVENTS = 100_000;
const SPREAD_MS = 30 * 24 * 3600 * 1000;
const BATCH = 20_000;

/** Event types with their share (out of 20) of the seeded user events. */
const USER_EVENT_MIX: [string, number][] = [
  ["LOGIN", 7],
  ["CODE_TO_TOKEN", 6],
  ["REFRESH_TOKEN", 3],
  ["LOGOUT", 2],
  ["LOGIN_ERROR", 2],
];
const TYPE_OF = USER_EVENT_MIX.flatMap(([type, share]) => Array<string>(share).fill(type));
const RESOURCES = ["USER", "CLIENT", "GROUP", "REALM_ROLE", "GROUP_MEMBERSHIP"] as const;
const RESOURCE_PATH = {
  USER: "users",
  CLIENT: "clients",
  GROUP: "groups",
  REALM_ROLE: "roles",
  GROUP_MEMBERSHIP: "users",
};
const OPERATIONS = ["CREATE", "UPDATE", "UPDATE", "DELETE", "ACTION"] as const;

function userEvent(realmId: string, i: number, time: number, users: readonly string[], clients: number): EventRecord {
  const type = TYPE_OF[i % TYPE_OF.length]!;
  const userIndex = (i * 31) % users.length;
  const clientId = `app-${String((i * 13) % clients).padStart(4, "0")}`;
  const event: EventRecord = {
    id: newId(),
    realmId,
    time,
    type,
    clientId,
    userId: users[userIndex],
    sessionId: type === "LOGIN_ERROR" ? undefined : `scale-session-${i >> 3}`,
    ipAddress: `10.1.${(i >> 8) & 255}.${i & 255}`,
    details: { auth_method: "openid-connect", username: `user-${String(userIndex).padStart(6, "0")}` },
  };
  if (type === "LOGIN_ERROR") event.error = "invalid_user_credentials";
  if (type === "LOGIN") event.details!.redirect_uri = `https://${clientId}.example.com/`;
  return event;
}

function adminEvent(realmId: string, i: number, time: number, auth: AdminEventRecord["authDetails"]): AdminEventRecord {
  const resourceType = RESOURCES[i % RESOURCES.length]!;
  const operationType = OPERATIONS[(i >> 1) % OPERATIONS.length]!;
  return {
    id: newId(),
    realmId,
    time,
    operationType,
    resourceType,
    resourcePath: `${RESOURCE_PATH[resourceType]}/scale-${resourceType.toLowerCase()}-${i % 5_000}`,
    representation: operationType === "DELETE" ? undefined : JSON.stringify({ enabled: i % 2 === 0, seq: i }),
    authDetails: { ...auth, ipAddress: `10.2.${(i >> 8) & 255}.${i & 255}` },
  };
}

/**
 * 500,000 user events and 100,000 admin events of the scale realm, spread evenly over the last 30 days and
 * written in time order (so the time indexes only append). The realm saves both kinds.
 */
export async function seedScaleEvents(db: Db, realm: RealmRecord, userIds: readonly string[], clients: number) {
  const end = now();
  const start = end - SPREAD_MS;
  const master = realmByName(db, "master");
  const admin = master && db.list("users", master.id).find((u) => u.username === "admin");
  const console = master && clientByClientId(db, master.id, "security-admin-console");
  const auth = { realmId: master?.id ?? realm.id, clientId: console?.id ?? "", userId: admin?.id ?? "", ipAddress: "" };
  for (let first = 0; first < SCALE_USER_EVENTS; first += BATCH) {
    await db.write((tx) => {
      for (let i = first; i < Math.min(first + BATCH, SCALE_USER_EVENTS); i++)
        tx.put(
          "events",
          userEvent(realm.id, i, start + Math.floor((i * SPREAD_MS) / SCALE_USER_EVENTS), userIds, clients),
        );
    });
  }
  for (let first = 0; first < SCALE_ADMIN_EVENTS; first += BATCH) {
    await db.write((tx) => {
      for (let i = first; i < Math.min(first + BATCH, SCALE_ADMIN_EVENTS); i++)
        tx.put("adminEvents", adminEvent(realm.id, i, start + Math.floor((i * SPREAD_MS) / SCALE_ADMIN_EVENTS), auth));
    });
  }
  const saved = db.get("realms", realm.id)!;
  await db.write((tx) =>
    tx.put("realms", {
      ...saved,
      eventsConfig: {
        ...saved.eventsConfig,
        eventsEnabled: true,
        adminEventsEnabled: true,
        adminEventsDetailsEnabled: true,
      },
    }),
  );
}
