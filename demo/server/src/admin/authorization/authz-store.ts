import type { Db } from "../../store/db.ts";
import type {
  AuthzPolicyRecord,
  AuthzResourceRecord,
  AuthzScopeRecord,
  ClientRecord,
  ResourceServerSettings,
} from "../../store/types.ts";

/** A resource server's records and settings. */
export interface ResourceServerData {
  client: ClientRecord;
  settings: ResourceServerSettings;
  resources: AuthzResourceRecord[];
  scopes: AuthzScopeRecord[];
  policies: AuthzPolicyRecord[];
}

export const DEFAULT_SETTINGS: ResourceServerSettings = {
  policyEnforcementMode: "ENFORCING",
  decisionStrategy: "UNANIMOUS",
  allowRemoteResourceManagement: true,
};

/** Permission types; every other policy type is a policy. */
export const PERMISSION_TYPES = new Set(["resource", "scope"]);
export const isPermission = (policy: AuthzPolicyRecord): boolean => PERMISSION_TYPES.has(policy.type);

type AuthzTable = "authzResources" | "authzScopes" | "authzPolicies";

/** One resource server's records, read from the store once and kept until one of them changes. */
interface ServerRecords {
  resources: AuthzResourceRecord[];
  scopes: AuthzScopeRecord[];
  policies: AuthzPolicyRecord[];
}

const cachedServers = new WeakMap<Db, Map<string, ServerRecords>>();

/**
 * The cache of a store: a put drops its resource server's entry, a delete (which no longer names the server)
 * drops every entry. Reading a server's records then costs nothing until they change, and the decision engine's
 * indexes, kept per list, live as long as the lists.
 */
function serverCache(db: Db): Map<string, ServerRecords> {
  let cache = cachedServers.get(db);
  if (!cache) {
    const entries = new Map<string, ServerRecords>();
    const forget = (_id: string, record: { resourceServerId: string } | undefined) =>
      record ? entries.delete(record.resourceServerId) : entries.clear();
    for (const table of ["authzResources", "authzScopes", "authzPolicies"] as const) db.subscribe(table, forget);
    cachedServers.set(db, entries);
    cache = entries;
  }
  return cache;
}

function readServer<T extends { resourceServerId: string }>(db: Db, table: AuthzTable, client: ClientRecord): T[] {
  const out: T[] = [];
  for (const record of db.iterate(table, client.realmId) as IterableIterator<unknown>) {
    const typed = record as T;
    if (typed.resourceServerId === client.id) out.push(typed);
  }
  return out;
}

/** The server's records as shared read-only lists: callers must not change them (copy first). */
function serverRecords(db: Db, client: ClientRecord): ServerRecords {
  const cache = serverCache(db);
  let records = cache.get(client.id);
  if (!records) {
    records = {
      resources: readServer<AuthzResourceRecord>(db, "authzResources", client),
      scopes: readServer<AuthzScopeRecord>(db, "authzScopes", client),
      policies: readServer<AuthzPolicyRecord>(db, "authzPolicies", client),
    };
    cache.set(client.id, records);
  }
  return records;
}

export const serverResources = (db: Db, client: ClientRecord): AuthzResourceRecord[] => [
  ...serverRecords(db, client).resources,
];
export const serverScopes = (db: Db, client: ClientRecord): AuthzScopeRecord[] => [...serverRecords(db, client).scopes];
export const serverPolicies = (db: Db, client: ClientRecord): AuthzPolicyRecord[] => [
  ...serverRecords(db, client).policies,
];

/** The whole resource server for a decision; its lists are shared and read-only. */
export function resourceServerData(db: Db, client: ClientRecord): ResourceServerData {
  return { client, settings: client.authorization ?? DEFAULT_SETTINGS, ...serverRecords(db, client) };
}

export function findInServer<T extends { resourceServerId: string }>(
  db: Db,
  table: "authzResources" | "authzScopes" | "authzPolicies",
  client: ClientRecord,
  id: string,
): T | undefined {
  const record = db.get(table, id) as T | undefined;
  return record && record.resourceServerId === client.id ? record : undefined;
}

/** first/max as Keycloak reads them on authorization lists: max -1 or absent means all. */
export function page<T>(items: T[], first: number | undefined, max: number | undefined): T[] {
  const start = Math.max(0, first ?? 0);
  if (max === undefined || max < 0) return items.slice(start);
  return items.slice(start, start + max);
}
