import type KeycloakAdminClient from "@keycloak/keycloak-admin-client";
import { adminFetch } from "./admin-fetch.ts";

export interface RealmNameEntry {
  name: string;
  displayName?: string;
}

export const realmNamesKey = (realm: string, search: string, first: number, max: number) =>
  ["realm-names", realm, search, first, max] as const;

/** GET /admin/realms/{realm}/ui-ext/realms/names: server-side search and paging of realm names. */
export function fetchRealmNames(
  client: KeycloakAdminClient,
  realm: string,
  params: { search?: string; first?: number; max?: number },
): Promise<RealmNameEntry[]> {
  return adminFetch<RealmNameEntry[]>(client, `/admin/realms/${encodeURIComponent(realm)}/ui-ext/realms/names`, {
    search: params.search,
    first: params.first,
    max: params.max,
  });
}
