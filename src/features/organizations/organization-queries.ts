import type KeycloakAdminClient from "@keycloak/keycloak-admin-client";
import type OrganizationRepresentation from "@keycloak/keycloak-admin-client/lib/defs/organizationRepresentation.js";

export type Organization = OrganizationRepresentation;

/** Every organizations query of a realm starts with this key; invalidate it after a mutation. */
export const organizationsKey = (realm: string) => ["organizations", realm] as const;
export const organizationKey = (realm: string, id: string) => [...organizationsKey(realm), "one", id] as const;

/** One page of organizations (the table asks for one more row than it shows). */
export function fetchOrganizationPage(
  client: KeycloakAdminClient,
  realm: string,
  first: number,
  max: number,
  search: string,
): Promise<Organization[]> {
  return client.organizations.find({ realm, first, max, search: search || undefined });
}

/** The full representation (with attributes); undefined when it does not exist. */
export async function fetchOrganization(
  client: KeycloakAdminClient,
  realm: string,
  id: string,
): Promise<Organization | undefined> {
  const organization = await client.organizations.findOne({ realm, id }, { catchNotFound: true });
  return organization ?? undefined;
}

export async function createOrganization(
  client: KeycloakAdminClient,
  realm: string,
  organization: Organization,
): Promise<string> {
  const { id } = await client.organizations.create({ realm, ...organization });
  return id;
}

export function updateOrganization(
  client: KeycloakAdminClient,
  realm: string,
  id: string,
  organization: Organization,
): Promise<void> {
  return client.organizations.updateById({ realm, id }, organization);
}

export function deleteOrganization(client: KeycloakAdminClient, realm: string, id: string): Promise<void> {
  return client.organizations.delById({ realm, id });
}
