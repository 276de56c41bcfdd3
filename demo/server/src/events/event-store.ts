import type { ServerContext } from "../context.ts";
import type { Db } from "../store/db.ts";
import type { AdminEventRecord, EventRecord, RealmRecord } from "../store/types.ts";
import { now } from "../common/ids.ts";
import { TimeIndex } from "./time-index.ts";
import { adminEventMatcher, matchesEvent, type AdminEventFilter, type EventFilter } from "./filters.ts";

interface RealmEventIndexes {
  events: TimeIndex<EventRecord>;
  adminEvents: TimeIndex<AdminEventRecord>;
}

const eventKeys = (e: EventRecord) => [
  `type:${e.type}`,
  ...(e.userId ? [`user:${e.userId}`] : []),
  ...(e.clientId ? [`client:${e.clientId}`] : []),
];

const adminEventKeys = (e: AdminEventRecord) => [
  `op:${e.operationType}`,
  `resource:${e.resourceType}`,
  `authUser:${e.authDetails.userId}`,
  `authClient:${e.authDetails.clientId}`,
  `authRealm:${e.authDetails.realmId}`,
];

const indexes = new WeakMap<Db, Map<string, RealmEventIndexes>>();

function indexesOf(db: Db): Map<string, RealmEventIndexes> {
  let map = indexes.get(db);
  if (map) return map;
  const built = new Map<string, RealmEventIndexes>();
  indexes.set(db, (map = built));
  db.subscribe("events", (_id, record, previousRealmId) => {
    if (record) built.get(record.realmId)?.events.add(record);
    else if (previousRealmId) built.get(previousRealmId)?.events.noteRemoval();
  });
  db.subscribe("adminEvents", (_id, record, previousRealmId) => {
    if (record) built.get(record.realmId)?.adminEvents.add(record);
    else if (previousRealmId) built.get(previousRealmId)?.adminEvents.noteRemoval();
  });
  return map;
}

/** The realm's event indexes, built on first use and then kept in step with every write. */
function realmIndexes(db: Db, realmId: string): RealmEventIndexes {
  const map = indexesOf(db);
  let index = map.get(realmId);
  if (!index) {
    index = {
      events: new TimeIndex(eventKeys, (e) => db.get("events", e.id) === e),
      adminEvents: new TimeIndex(adminEventKeys, (e) => db.get("adminEvents", e.id) === e),
    };
    index.events.addAll(db.iterate("events", realmId));
    index.adminEvents.addAll(db.iterate("adminEvents", realmId));
    map.set(realmId, index);
  }
  return index;
}

/** Builds every realm's event indexes now (at start), so no search waits for them. */
export function buildEventIndexes(db: Db): void {
  for (const realm of db.all("realms")) realmIndexes(db, realm.id);
}

/** Epoch ms before which the realm's user events have expired (eventsExpiration, seconds), or undefined. */
export function eventsCutoff(realm: RealmRecord, at = now()): number | undefined {
  const seconds = realm.eventsConfig.eventsExpiration;
  return seconds && seconds > 0 ? at - seconds * 1000 : undefined;
}

/** The realm attribute adminEventsExpiration (seconds), as Keycloak 23+ keeps it. */
export function adminEventsCutoff(realm: RealmRecord, at = now()): number | undefined {
  const attributes = realm.settings.attributes as Record<string, unknown> | undefined;
  const seconds = Number(attributes?.adminEventsExpiration ?? 0);
  return Number.isFinite(seconds) && seconds > 0 ? at - seconds * 1000 : undefined;
}

const later = (a: number | undefined, b: number | undefined) =>
  a === undefined ? b : b === undefined ? a : Math.max(a, b);

/** The smallest of the candidate key sets, or undefined (walk everything) when no filter is indexed. */
function driver<T extends { id: string; time: number }>(index: TimeIndex<T>, candidates: (string[] | undefined)[]) {
  let best: string[] | undefined;
  for (const keys of candidates) {
    if (!keys || keys.length === 0) continue;
    if (!best || index.size(keys) < index.size(best)) best = keys;
  }
  return best;
}

/**
 * Whether the walked list alone answers the search: no condition, or one indexed condition (the first `indexed`
 * of `conditions` are) walked as a single key.
 */
function onlyIndexed(conditions: boolean[], indexed: number, keys: string[] | undefined): boolean {
  const set = conditions.filter(Boolean).length;
  if (set === 0) return true;
  return set === 1 && conditions.slice(0, indexed).some(Boolean) && keys?.length === 1;
}

export interface Window {
  descending: boolean;
  first: number;
  max: number;
}

export function searchEvents(db: Db, realm: RealmRecord, filter: EventFilter, window: Window): EventRecord[] {
  const index = realmIndexes(db, realm.id).events;
  const keys = driver(index, [
    filter.types.map((t) => `type:${t}`),
    filter.user ? [`user:${filter.user}`] : undefined,
    filter.client ? [`client:${filter.client}`] : undefined,
  ]);
  const conditions = [filter.types.length > 0, !!filter.user, !!filter.client, !!filter.ipAddress];
  return index.query({
    keys,
    from: later(filter.from, eventsCutoff(realm)),
    to: filter.to,
    accept: (e) => matchesEvent(e, filter),
    acceptsAll: onlyIndexed(conditions, 3, keys),
    ...window,
  });
}

export function searchAdminEvents(
  db: Db,
  realm: RealmRecord,
  filter: AdminEventFilter,
  window: Window,
): AdminEventRecord[] {
  const index = realmIndexes(db, realm.id).adminEvents;
  const keys = driver(index, [
    filter.operationTypes.map((t) => `op:${t}`),
    filter.resourceTypes.map((t) => `resource:${t}`),
    filter.authUser ? [`authUser:${filter.authUser}`] : undefined,
    filter.authClient ? [`authClient:${filter.authClient}`] : undefined,
    filter.authRealm ? [`authRealm:${filter.authRealm}`] : undefined,
  ]);
  const conditions = [
    filter.operationTypes.length > 0,
    filter.resourceTypes.length > 0,
    !!filter.authUser,
    !!filter.authClient,
    !!filter.authRealm,
    !!filter.resourcePath,
    !!filter.authIpAddress,
  ];
  return index.query({
    keys,
    from: later(filter.from, adminEventsCutoff(realm)),
    to: filter.to,
    accept: adminEventMatcher(filter),
    acceptsAll: onlyIndexed(conditions, 5, keys),
    ...window,
  });
}

const SWEEP_INTERVAL_MS = 60_000;
const lastSweep = new WeakMap<Db, Map<string, number>>();

/** Deletes the realm's expired user and admin events, at most once a minute per realm. */
export async function sweepExpiredEvents(server: ServerContext, realm: RealmRecord): Promise<void> {
  const eventsBefore = eventsCutoff(realm);
  const adminBefore = adminEventsCutoff(realm);
  if (eventsBefore === undefined && adminBefore === undefined) return;
  let sweeps = lastSweep.get(server.db);
  if (!sweeps) lastSweep.set(server.db, (sweeps = new Map()));
  const at = now();
  if (at - (sweeps.get(realm.id) ?? 0) < SWEEP_INTERVAL_MS) return;
  sweeps.set(realm.id, at);
  const index = realmIndexes(server.db, realm.id);
  const events = eventsBefore === undefined ? [] : [...index.events.olderThan(eventsBefore)].map((e) => e.id);
  const admin = adminBefore === undefined ? [] : [...index.adminEvents.olderThan(adminBefore)].map((e) => e.id);
  if (events.length + admin.length === 0) return;
  await server.db.write((tx) => {
    for (const id of events) tx.delete("events", id);
    for (const id of admin) tx.delete("adminEvents", id);
  });
}
