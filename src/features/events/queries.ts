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

/** Usernames of the given user ids in `realm` (an id whose user is gone maps to nothing). */
export async function fetchUsernames(
  client: KeycloakAdminClient,
  realm: string,
  ids: string[],
  known: Map<string, string | null>,
): Promise<void> {
  const missing = [...new Set(ids)].filter((id) => !known.has(id));
  await Promise.all(
    missing.map(async (id) => {
      const user = await client.users.findOne({ realm, id }).catch(() => undefined);
      known.set(id, user?.username ?? null);
    }),
  );
}

export async function fetchEventsConfig(client: KeycloakAdminClient, realm: string) {
  return client.realms.getConfigEvents({ realm });
}
