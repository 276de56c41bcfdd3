import type KeycloakAdminClient from "@keycloak/keycloak-admin-client";
import type UserRepresentation from "@keycloak/keycloak-admin-client/lib/defs/userRepresentation.js";
import { organizationsKey } from "./organization-queries.ts";

export type OrganizationMember = UserRepresentation & { membershipType?: string };

export const membersKey = (realm: string, orgId: string) => [...organizationsKey(realm), "members", orgId] as const;

export function fetchMemberPage(
  client: KeycloakAdminClient,
  realm: string,
  orgId: string,
  first: number,
  max: number,
  search: string,
): Promise<OrganizationMember[]> {
  return client.organizations.listMembers({ realm, orgId, first, max, search: search || undefined }) as Promise<
    OrganizationMember[]
  >;
}

export async function addMembers(
  client: KeycloakAdminClient,
  realm: string,
  orgId: string,
  userIds: string[],
): Promise<void> {
  for (const userId of userIds) await client.organizations.addMember({ realm, orgId, userId });
}

export async function removeMembers(
  client: KeycloakAdminClient,
  realm: string,
  orgId: string,
  userIds: string[],
): Promise<void> {
  for (const userId of userIds) await client.organizations.delMember({ realm, orgId, userId });
}

export interface Invitation {
  email: string;
  firstName?: string;
  lastName?: string;
}

/** POST …/members/invite-user as a form (email, firstName, lastName), as Keycloak expects. */
export function inviteMember(
  client: KeycloakAdminClient,
  realm: string,
  orgId: string,
  invitation: Invitation,
): Promise<void> {
  const form = new FormData();
  form.append("email", invitation.email);
  if (invitation.firstName) form.append("firstName", invitation.firstName);
  if (invitation.lastName) form.append("lastName", invitation.lastName);
  return client.organizations.invite({ realm, orgId }, form) as Promise<void>;
}
