import type KeycloakAdminClient from "@keycloak/keycloak-admin-client";
import { adminFetch } from "../../core/api/admin-fetch.ts";
import type IdentityProviderRepresentation from "@keycloak/keycloak-admin-client/lib/defs/identityProviderRepresentation.js";
import type IdentityProviderMapperRepresentation from "@keycloak/keycloak-admin-client/lib/defs/identityProviderMapperRepresentation.js";

export type IdentityProvider = IdentityProviderRepresentation;
export type IdentityProviderMapper = IdentityProviderMapperRepresentation;

/** Every identity provider query of a realm starts with this key; invalidate it after a mutation. */
export const identityProvidersKey = (realm: string) => ["identity-providers", realm] as const;
export const identityProviderKey = (realm: string, alias: string) =>
  [...identityProvidersKey(realm), "one", alias] as const;
export const mappersKey = (realm: string, alias: string) => [...identityProviderKey(realm, alias), "mappers"] as const;

/**
 * One page of rows, searched on the server (the table asks for one row more than it shows). Full rows: Keycloak's brief
 * ones lack hideOnLogin and linkOnly, which the list's badges show.
 */
export function fetchIdentityProviderPage(
  client: KeycloakAdminClient,
  realm: string,
  first: number,
  max: number,
  search: string,
): Promise<IdentityProvider[]> {
  return client.identityProviders.find({
    realm,
    first,
    max,
    search: search.trim() || undefined,
    briefRepresentation: false,
  } as Parameters<KeycloakAdminClient["identityProviders"]["find"]>[0]);
}

export async function fetchIdentityProvider(
  client: KeycloakAdminClient,
  realm: string,
  alias: string,
): Promise<IdentityProvider | undefined> {
  return (await client.identityProviders.findOne({ realm, alias }, { catchNotFound: true })) ?? undefined;
}

export async function createIdentityProvider(
  client: KeycloakAdminClient,
  realm: string,
  provider: IdentityProvider,
): Promise<void> {
  await client.identityProviders.create({ realm, ...provider });
}

export function updateIdentityProvider(
  client: KeycloakAdminClient,
  realm: string,
  alias: string,
  provider: IdentityProvider,
): Promise<void> {
  return client.identityProviders.update({ realm, alias }, provider);
}

export function deleteIdentityProvider(client: KeycloakAdminClient, realm: string, alias: string): Promise<void> {
  return client.identityProviders.del({ realm, alias });
}

/** import-config: the server fetches the discovery document or SAML descriptor and answers config keys. */
export function importProviderMetadata(
  client: KeycloakAdminClient,
  realm: string,
  providerId: string,
  fromUrl: string,
): Promise<Record<string, string>> {
  return client.identityProviders.importFromUrl({ realm, providerId, fromUrl });
}

/** import-config with the document as a multipart `file` (the admin client only sends `fromUrl`). */
export function importProviderMetadataFile(
  client: KeycloakAdminClient,
  realm: string,
  providerId: string,
  file: File,
): Promise<Record<string, string>> {
  const form = new FormData();
  form.append("providerId", providerId);
  form.append("file", file);
  return adminFetch(
    client,
    `/admin/realms/${encodeURIComponent(realm)}/identity-provider/import-config`,
    {},
    {
      method: "POST",
      body: form,
    },
  );
}

export function fetchMappers(
  client: KeycloakAdminClient,
  realm: string,
  alias: string,
): Promise<IdentityProviderMapper[]> {
  return client.identityProviders.findMappers({ realm, alias });
}

export const mapperTypesKey = (realm: string, alias: string) => [...mappersKey(realm, alias), "types"] as const;

/** The names of the mapper types the server offers for this provider, by type id (as Keycloak's console shows them). */
export async function fetchMapperTypeNames(
  client: KeycloakAdminClient,
  realm: string,
  alias: string,
): Promise<Record<string, string>> {
  const types = (await client.identityProviders.findMapperTypes({ realm, alias })) as unknown as Record<
    string,
    { id?: string; name?: string }
  >;
  return Object.fromEntries(Object.entries(types).map(([id, type]) => [type.id ?? id, type.name ?? id]));
}

export function deleteMapper(client: KeycloakAdminClient, realm: string, alias: string, id: string): Promise<void> {
  return client.identityProviders.delMapper({ realm, alias, id });
}

export function fetchPermissions(client: KeycloakAdminClient, realm: string, alias: string) {
  return client.identityProviders.listPermissions({ realm, alias });
}

export function updatePermissions(client: KeycloakAdminClient, realm: string, alias: string, enabled: boolean) {
  return client.identityProviders.updatePermission({ realm, alias }, { enabled });
}
