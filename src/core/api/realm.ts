import type KeycloakAdminClient from "@keycloak/keycloak-admin-client";
import type RealmRepresentation from "@keycloak/keycloak-admin-client/lib/defs/realmRepresentation.js";

export type Realm = RealmRepresentation;

export const realmKey = (realm: string) => ["realm", realm] as const;

/** The realm representation; undefined when the realm does not exist or cannot be read. */
export async function fetchRealm(client: KeycloakAdminClient, realm: string): Promise<Realm | null> {
  try {
    return ((await client.realms.findOne({ realm })) as Realm | undefined) ?? null;
  } catch {
    return null;
  }
}
