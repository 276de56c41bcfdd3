import type { ServerContext } from "../context.ts";
import type { AdminEventRecord, EventRecord, RealmRecord } from "../store/types.ts";
import { newId, now } from "../common/ids.ts";
import { isEventTypeSaved } from "./event-types.ts";
import { sweepExpiredEvents } from "./event-store.ts";

/**
 * Records a user event (LOGIN, LOGIN_ERROR, ...) when the realm saves events
 * and the type is enabled: one of the realm's enabledEventTypes, or when it
 * names none, a type Keycloak saves by default.
 */
export async function recordEvent(
  server: ServerContext,
  realm: RealmRecord,
  event: Omit<EventRecord, "id" | "realmId" | "time">,
): Promise<void> {
  const config = realm.eventsConfig;
  if (!config.eventsEnabled) return;
  if (!isEventTypeSaved(config.enabledEventTypes, event.type)) return;
  await server.db.write((tx) => tx.put("events", { ...event, id: newId(), realmId: realm.id, time: now() }));
  await sweepExpiredEvents(server, realm);
}

/** Records an admin event for a mutation when the realm saves admin events. */
export async function recordAdminEvent(
  server: ServerContext,
  realm: RealmRecord,
  event: Omit<AdminEventRecord, "id" | "realmId" | "time" | "representation"> & { representation?: unknown },
): Promise<void> {
  const config = realm.eventsConfig;
  if (!config.adminEventsEnabled) return;
  const { representation, ...rest } = event;
  const record: AdminEventRecord = { ...rest, id: newId(), realmId: realm.id, time: now() };
  if (config.adminEventsDetailsEnabled && representation !== undefined) {
    record.representation = typeof representation === "string" ? representation : JSON.stringify(representation);
  }
  await server.db.write((tx) => tx.put("adminEvents", record));
  await sweepExpiredEvents(server, realm);
}
