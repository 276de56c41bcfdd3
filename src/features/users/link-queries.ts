import type KeycloakAdminClient from "@keycloak/keycloak-admin-client";
import type FederatedIdentityRepresentation from "@keycloak/keycloak-admin-client/lib/defs/federatedIdentityRepresentation.js";
import type IdentityProviderRepresentation from "@keycloak/keycloak-admin-client/lib/defs/identityProviderRepresentation.js";
import type OrganizationRepresentation from "@keycloak/keycloak-admin-client/lib/defs/organizationRepresentation.js";
import type UserConsentRepresentation from "@keycloak/keycloak-admin-client/lib/defs/userConsentRepresentation.js";
import type UserSessionRepresentation from "@keycloak/keycloak-admin-client/lib/defs/userSessionRepresentation.js";

export const linkKeys = {
  consents: (realm: string, id: string) => ["users", realm, "user", id, "consents"] as const,
  identities: (realm: string, id: string) => ["users", realm, "user", id, "identities"] as const,
  providers: (realm: string) => ["users", realm, "identity-providers"] as const,
  sessions: (realm: string, id: string) => ["users", realm, "user", id, "sessions"] as const,
  organizations: (realm: string, id: string) => ["users", realm, "user", id, "organizations"] as const,
};

export async function fetchConsents(
  client: KeycloakAdminClient,
  realm: string,
  id: string,
): Promise<UserConsentRepresentation[]> {
  return client.users.listConsents({ realm, id });
}

export async function revokeConsent(
  client: KeycloakAdminClient,
  realm: string,
  id: string,
  clientId: string,
): Promise<void> {
  await client.users.revokeConsent({ realm, id, clientId });
}

export async function fetchFederatedIdentities(
  client: KeycloakAdminClient,
  realm: string,
  id: string,
): Promise<FederatedIdentityRepresentation[]> {
  return client.users.listFederatedIdentities({ realm, id });
}

/** One page of the realm's identity providers, searched on the server (upstream stops at the first 100, #40818). */
export async function fetchIdentityProviderPage(
  client: KeycloakAdminClient,
  realm: string,
  first: number,
  max: number,
  search: string,
): Promise<IdentityProviderRepresentation[]> {
  return client.identityProviders.find({
    realm,
    first,
    max,
    search: search.trim() || undefined,
    briefRepresentation: true,
  } as Parameters<KeycloakAdminClient["identityProviders"]["find"]>[0]);
}

export async function linkIdentity(
  client: KeycloakAdminClient,
  realm: string,
  id: string,
  identity: FederatedIdentityRepresentation,
): Promise<void> {
  await client.users.addToFederatedIdentity({
    realm,
    id,
    federatedIdentityId: identity.identityProvider!,
    federatedIdentity: identity,
  });
}

export async function unlinkIdentity(
  client: KeycloakAdminClient,
  realm: string,
  id: string,
  provider: string,
): Promise<void> {
  await client.users.delFromFederatedIdentity({ realm, id, federatedIdentityId: provider });
}

export type UserSession = UserSessionRepresentation & { type: "regular" | "offline" };

/** The user's regular sessions. */
export async function fetchUserSessions(
  client: KeycloakAdminClient,
  realm: string,
  id: string,
): Promise<UserSession[]> {
  const sessions = await client.users.listSessions({ realm, id });
  return sessions.map((session) => ({ ...session, type: "regular" as const }));
}

export async function signOutAll(client: KeycloakAdminClient, realm: string, id: string): Promise<void> {
  await client.users.logout({ realm, id });
}

export async function fetchUserOrganizations(
  client: KeycloakAdminClient,
  realm: string,
  id: string,
): Promise<OrganizationRepresentation[]> {
  return client.organizations.memberOrganizations({ realm, userId: id });
}
