import type { Db } from "../../store/db.ts";
import type {
  AuthzPolicyRecord,
  AuthzResourceRecord,
  AuthzScopeRecord,
  ClientRecord,
  ResourceServerSettings,
} from "../../store/types.ts";

/** A resource server's records, read from the store once per request. */
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

function ofServer<T extends { resourceServerId: string }>(
  db: Db,
  table: "authzResources" | "authzScopes" | "authzPolicies",
  client: ClientRecord,
): T[] {
  const out: T[] = [];
  for (const record of db.iterate(table, client.realmId) as IterableIterator<unknown>) {
    const typed = record as T;
    if (typed.resourceServerId === client.id) out.push(typed);
  }
  return out;
}

export const serverResources = (db: Db, client: ClientRecord) =>
  ofServer<AuthzResourceRecord>(db, "authzResources", client);
export const serverScopes = (db: Db, client: ClientRecord) => ofServer<AuthzScopeRecord>(db, "authzScopes", client);
export const serverPolicies = (db: Db, client: ClientRecord) =>
  ofServer<AuthzPolicyRecord>(db, "authzPolicies", client);

export function resourceServerData(db: Db, client: ClientRecord): ResourceServerData {
  return {
    client,
    settings: client.authorization ?? DEFAULT_SETTINGS,
    resources: serverResources(db, client),
    scopes: serverScopes(db, client),
    policies: serverPolicies(db, client),
  };
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
