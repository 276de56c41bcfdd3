import type KeycloakAdminClient from "@keycloak/keycloak-admin-client";
import type CredentialRepresentation from "@keycloak/keycloak-admin-client/lib/defs/credentialRepresentation.js";

export const credentialKeys = {
  list: (realm: string, id: string) => ["users", realm, "user", id, "credentials"] as const,
};

export async function fetchCredentials(
  client: KeycloakAdminClient,
  realm: string,
  id: string,
): Promise<CredentialRepresentation[]> {
  return client.users.getCredentials({ realm, id });
}

export async function resetPassword(
  client: KeycloakAdminClient,
  realm: string,
  id: string,
  password: string,
  temporary: boolean,
): Promise<void> {
  await client.users.resetPassword({ realm, id, credential: { type: "password", value: password, temporary } });
}

export async function deleteCredential(
  client: KeycloakAdminClient,
  realm: string,
  id: string,
  credentialId: string,
): Promise<void> {
  await client.users.deleteCredential({ realm, id, credentialId });
}

export async function renameCredential(
  client: KeycloakAdminClient,
  realm: string,
  id: string,
  credentialId: string,
  label: string,
): Promise<void> {
  await client.users.updateCredentialLabel({ realm, id, credentialId }, label);
}

/** Moves a credential to `index` in `order` (ids, current order): first, or after its new predecessor. */
export async function moveCredential(
  client: KeycloakAdminClient,
  realm: string,
  id: string,
  order: string[],
  credentialId: string,
  index: number,
): Promise<void> {
  const rest = order.filter((other) => other !== credentialId);
  if (index <= 0) {
    await client.users.moveCredentialPositionUp({ realm, id, credentialId });
    return;
  }
  await client.users.moveCredentialPositionDown({ realm, id, credentialId, newPreviousCredentialId: rest[index - 1]! });
}

export async function sendResetActionsEmail(
  client: KeycloakAdminClient,
  realm: string,
  id: string,
  actions: string[],
  lifespan: number,
): Promise<void> {
  await client.users.executeActionsEmail({ realm, id, actions, lifespan });
}
