import type KeycloakAdminClient from "@keycloak/keycloak-admin-client";
import type RealmRepresentation from "@keycloak/keycloak-admin-client/lib/defs/realmRepresentation.js";
import { fetchRealmNames, type RealmNameEntry } from "../../core/api/realm-names.ts";

export const realmListKey = (search: string, first: number, max: number) => ["realm-list", search, first, max] as const;

/**
 * A page of realms, one more than asked to know whether a next page exists.
 * Uses the ui-ext names endpoint (server-side search); falls back to the brief
 * realm list when the server has no ui-ext endpoint.
 */
export async function fetchRealmPage(
  client: KeycloakAdminClient,
  authRealm: string,
  search: string,
  first: number,
  max: number,
): Promise<RealmNameEntry[]> {
  try {
    return await fetchRealmNames(client, authRealm, { search, first, max: max + 1 });
  } catch {
    const realms = (await client.realms.find({ briefRepresentation: true })) as RealmRepresentation[];
    const term = search.toLowerCase();
    return realms
      .filter((realm) => (realm.realm ?? "").toLowerCase().includes(term))
      .slice(first, first + max + 1)
      .map((realm) => ({ name: realm.realm ?? "", displayName: realm.displayName }));
  }
}

export async function createRealm(client: KeycloakAdminClient, realm: RealmRepresentation): Promise<void> {
  await client.realms.create(realm);
}
