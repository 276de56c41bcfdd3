import type KeycloakAdminClient from "@keycloak/keycloak-admin-client";
import type { QueryClient } from "@tanstack/react-query";
import type RealmRepresentation from "@keycloak/keycloak-admin-client/lib/defs/realmRepresentation.js";
import type { PartialImportRealmRepresentation } from "@keycloak/keycloak-admin-client/lib/defs/realmRepresentation.js";
import type { UserProfileConfig } from "@keycloak/keycloak-admin-client/lib/defs/userProfileMetadata.js";
import type { RealmEventsConfigRepresentation } from "@keycloak/keycloak-admin-client/lib/defs/realmEventsConfigRepresentation.js";
import { realmKey } from "../../core/api/realm.ts";

export type Realm = RealmRepresentation;

/** The realm representation this area edits (the shell reads its own copy under `realmKey`). */
export const realmSettingsKey = (realm: string) => ["realm-settings", realm, "realm"] as const;
export const userProfileKey = (realm: string) => ["realm-settings", realm, "user-profile"] as const;

export async function fetchRealmSettings(client: KeycloakAdminClient, realm: string): Promise<Realm | undefined> {
  return (await client.realms.findOne({ realm }, { catchNotFound: true })) ?? undefined;
}

/** PUT of the whole representation with the changes on top, as Keycloak's console sends it. */
export function saveRealm(client: KeycloakAdminClient, realm: Realm, changes: Partial<Realm>): Promise<void> {
  return client.realms.update({ realm: realm.realm ?? "" }, { ...realm, ...changes });
}

/** After a save: this realm's representation, the shell's copy and its realm names (display names) are read again. */
export async function refreshRealm(queryClient: QueryClient, realm: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: realmSettingsKey(realm) }),
    queryClient.invalidateQueries({ queryKey: realmKey(realm) }),
    queryClient.invalidateQueries({ queryKey: ["realm-names"] }),
  ]);
}

export function deleteRealm(client: KeycloakAdminClient, realm: string): Promise<void> {
  return client.realms.del({ realm });
}

export function partialExport(
  client: KeycloakAdminClient,
  realm: string,
  options: { exportClients: boolean; exportGroupsAndRoles: boolean },
): Promise<Realm> {
  return client.realms.export({ realm, ...options });
}

export function partialImport(client: KeycloakAdminClient, realm: string, rep: PartialImportRealmRepresentation) {
  return client.realms.partialImport({ realm, rep });
}

export function fetchUserProfile(client: KeycloakAdminClient, realm: string): Promise<UserProfileConfig> {
  return client.users.getProfile({ realm });
}

export function saveUserProfile(client: KeycloakAdminClient, realm: string, config: UserProfileConfig) {
  return client.users.updateProfile({ realm, ...config });
}

export const eventsConfigKey = (realm: string) => ["realm-settings", realm, "events-config"] as const;

export function fetchEventsConfig(client: KeycloakAdminClient, realm: string) {
  return client.realms.getConfigEvents({ realm });
}

export function saveEventsConfig(client: KeycloakAdminClient, realm: string, config: RealmEventsConfigRepresentation) {
  return client.realms.updateConfigEvents({ realm }, config);
}

export function clearUserEvents(client: KeycloakAdminClient, realm: string): Promise<void> {
  return client.realms.clearEvents({ realm });
}

export function clearAdminEvents(client: KeycloakAdminClient, realm: string): Promise<void> {
  return client.realms.clearAdminEvents({ realm });
}

export const defaultGroupsKey = (realm: string) => ["realm-settings", realm, "default-groups"] as const;

/** The realm's default groups (Keycloak answers the whole, short list). */
export function fetchDefaultGroups(client: KeycloakAdminClient, realm: string) {
  return client.realms.getDefaultGroups({ realm });
}

export function addDefaultGroup(client: KeycloakAdminClient, realm: string, id: string): Promise<void> {
  return client.realms.addDefaultGroup({ realm, id });
}

export function removeDefaultGroup(client: KeycloakAdminClient, realm: string, id: string): Promise<void> {
  return client.realms.removeDefaultGroup({ realm, id });
}

/** Sends Keycloak's test mail with these settings to the signed-in administrator's address. */
export function testSmtpConnection(client: KeycloakAdminClient, realm: string, settings: Record<string, string>) {
  return client.realms.testSMTPConnection({ realm }, settings);
}

export const currentAdminKey = (authRealm: string, id: string) =>
  ["realm-settings", "current-admin", authRealm, id] as const;

/** The signed-in administrator, for their email address; undefined when it cannot be read. */
export async function fetchCurrentAdmin(client: KeycloakAdminClient, authRealm: string, id: string) {
  try {
    return (await client.users.findOne({ realm: authRealm, id })) ?? null;
  } catch {
    return null;
  }
}
