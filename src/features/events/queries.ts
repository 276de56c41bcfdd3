import type KeycloakAdminClient from "@keycloak/keycloak-admin-client";
import type EventRepresentation from "@keycloak/keycloak-admin-client/lib/defs/eventRepresentation.js";
import type AdminEventRepresentation from "@keycloak/keycloak-admin-client/lib/defs/adminEventRepresentation.js";
import { adminFetch } from "../../core/api/admin-fetch.ts";

const base = (realm: string) => `/admin/realms/${encodeURIComponent(realm)}`;

/** The user-event search as it sits in the address (`type` repeatable). */
export interface UserEventSearch {
  user?: string;
  type: string[];
  client?: string;
  ipAddress?: string;
  dateFrom?: string;
  dateTo?: string;
}

export interface AdminEventSearch {
  resourceTypes: string[];
  operationTypes: string[];
  resourcePath?: string;
  authRealm?: string;
  authClient?: string;
  authUser?: string;
  authIpAddress?: string;
  dateFrom?: string;
  dateTo?: string;
}

export const USER_EVENT_FIELDS = ["user", "client", "ipAddress", "dateFrom", "dateTo"] as const;
export const ADMIN_EVENT_FIELDS = [
  "resourcePath",
  "authRealm",
  "authClient",
  "authUser",
  "authIpAddress",
  "dateFrom",
  "dateTo",
] as const;

export function readUserEventSearch(params: URLSearchParams): UserEventSearch {
  const search: UserEventSearch = { type: params.getAll("type") };
  for (const field of USER_EVENT_FIELDS) search[field] = params.get(field) ?? undefined;
  return search;
}

export function readAdminEventSearch(params: URLSearchParams): AdminEventSearch {
  const search: AdminEventSearch = {
    resourceTypes: params.getAll("resourceTypes"),
    operationTypes: params.getAll("operationTypes"),
  };
  for (const field of ADMIN_EVENT_FIELDS) search[field] = params.get(field) ?? undefined;
  return search;
}

/** The search as address parameters (empty fields left out). */
export function searchParams(search: object): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else if (value) params.set(key, String(value));
  }
  return params;
}

/**
 * The user id a user field means: an existing user's id as typed, else the user with that exact
 * username (Keycloak's events filter by id only). Undefined when no such user exists.
 */
export async function resolveUserId(
  client: KeycloakAdminClient,
  realm: string,
  user: string,
): Promise<string | undefined> {
  const byName = await client.users.find({ realm, username: user, exact: true, briefRepresentation: true });
  if (byName[0]?.id) return byName[0].id;
  const byId = await client.users.findOne({ realm, id: user }).catch(() => undefined);
  return byId?.id;
}

export class UnknownUserError extends Error {}

export async function fetchUserEvents(
  client: KeycloakAdminClient,
  realm: string,
  search: UserEventSearch,
  first: number,
  max: number,
): Promise<EventRepresentation[]> {
  let user: string | undefined;
  if (search.user) {
    user = await resolveUserId(client, realm, search.user);
    if (!user) return [];
  }
  return adminFetch<EventRepresentation[]>(client, `${base(realm)}/events?${searchParams({ type: search.type })}`, {
    user,
    client: search.client,
    ipAddress: search.ipAddress,
    dateFrom: search.dateFrom,
    dateTo: search.dateTo,
    first,
    max,
  });
}

export async function fetchAdminEvents(
  client: KeycloakAdminClient,
  realm: string,
  search: AdminEventSearch,
  first: number,
  max: number,
): Promise<AdminEventRepresentation[]> {
  let authUser: string | undefined;
  if (search.authUser) {
    authUser = await resolveUserId(client, realm, search.authUser);
    // The acting administrator usually lives in another realm (master): keep an id as typed.
    authUser ??= search.authUser;
  }
  return adminFetch<AdminEventRepresentation[]>(
    client,
    `${base(realm)}/admin-events?${searchParams({ resourceTypes: search.resourceTypes, operationTypes: search.operationTypes })}`,
    {
      resourcePath: search.resourcePath,
      authRealm: search.authRealm,
      authClient: search.authClient,
      authUser,
      authIpAddress: search.authIpAddress,
      dateFrom: search.dateFrom,
      dateTo: search.dateTo,
      first,
      max,
    },
  );
}

/** Usernames resolved in one realm, kept across pages; `null` for an id whose user is gone. */
export interface UsernameCache {
  names: Map<string, string | null>;
  /** The realm's user list has been read whole into `names`. */
  listRead: boolean;
  userCount?: number;
}

export const usernameCache = (): UsernameCache => ({ names: new Map(), listRead: false });

/** Page size of a read of the realm's whole user list. */
const USER_LIST_PAGE = 1000;
/** Up to this many unknown ids (a table page) are read one by one without asking how many users the realm has. */
const FEW_IDS = 100;

/**
 * Resolves the usernames of `ids` into the cache. A few unknown ids are read one by one (GET /users/{id}); when a
 * page holds more unknown ids than reading the realm's whole user list would take requests (an export's pages of
 * 500), the list is read once, in pages, and only the ids it lacks (service accounts, users gone) are read singly.
 */
export async function fetchUsernames(
  client: KeycloakAdminClient,
  realm: string,
  ids: string[],
  cache: UsernameCache,
): Promise<void> {
  let missing = [...new Set(ids)].filter((id) => !cache.names.has(id));
  if (missing.length === 0) return;
  if (!cache.listRead && missing.length > FEW_IDS) {
    cache.userCount ??= await client.users.count({ realm });
    if (missing.length > Math.ceil(cache.userCount / USER_LIST_PAGE)) {
      for (let first = 0; ; first += USER_LIST_PAGE) {
        const users = await client.users.find({ realm, first, max: USER_LIST_PAGE, briefRepresentation: true });
        for (const user of users) if (user.id && user.username) cache.names.set(user.id, user.username);
        if (users.length < USER_LIST_PAGE) break;
      }
      cache.listRead = true;
      missing = missing.filter((id) => !cache.names.has(id));
    }
  }
  await Promise.all(
    missing.map(async (id) => {
      const user = await client.users.findOne({ realm, id }).catch(() => undefined);
      cache.names.set(id, user?.username ?? null);
    }),
  );
}

export async function fetchEventsConfig(client: KeycloakAdminClient, realm: string) {
  return client.realms.getConfigEvents({ realm });
}
