import type KeycloakAdminClient from "@keycloak/keycloak-admin-client";
import type IdentityProviderRepresentation from "@keycloak/keycloak-admin-client/lib/defs/identityProviderRepresentation.js";
import { organizationsKey } from "./organization-queries.ts";

export type IdentityProvider = IdentityProviderRepresentation;

/** Keycloak keeps an organization link's options in the provider's config under these keys. */
export const ORG_DOMAIN_CONFIG = "kc.org.domain";
export const ORG_REDIRECT_CONFIG = "kc.org.broker.redirect.mode.email-matches";
/** The domain value meaning "any domain of the organization". */
export const ANY_DOMAIN = "ANY";

export interface LinkOptions {
  domain?: string;
  redirectWhenEmailMatches: boolean;
  hideOnLogin: boolean;
}

export const linkedProvidersKey = (realm: string, orgId: string) =>
  [...organizationsKey(realm), "identity-providers", orgId] as const;
export const linkableProvidersKey = (realm: string, search: string) =>
  ["identity-providers", realm, "realm-only", search] as const;

export function fetchLinkedProviders(
  client: KeycloakAdminClient,
  realm: string,
  orgId: string,
): Promise<IdentityProvider[]> {
  return client.organizations.listIdentityProviders({ realm, orgId });
}

/** Providers not linked to any organization, searched on the server. */
export function fetchLinkableProviders(
  client: KeycloakAdminClient,
  realm: string,
  search: string,
  max: number,
): Promise<IdentityProvider[]> {
  return client.identityProviders.find({ realm, realmOnly: true, search: search || undefined, max });
}

export const linkOptionsOf = (provider: IdentityProvider): LinkOptions => ({
  domain: provider.config?.[ORG_DOMAIN_CONFIG] || undefined,
  redirectWhenEmailMatches: provider.config?.[ORG_REDIRECT_CONFIG] === "true",
  hideOnLogin: provider.hideOnLogin === true,
});

/** Writes the link's options on the provider (needs manage-identity-providers). */
export async function saveLinkOptions(
  client: KeycloakAdminClient,
  realm: string,
  alias: string,
  options: LinkOptions,
): Promise<void> {
  const provider = await client.identityProviders.findOne({ realm, alias });
  if (!provider) return;
  const config: Record<string, string> = {
    ...provider.config,
    [ORG_REDIRECT_CONFIG]: String(options.redirectWhenEmailMatches),
  };
  if (options.domain) config[ORG_DOMAIN_CONFIG] = options.domain;
  else delete config[ORG_DOMAIN_CONFIG];
  await client.identityProviders.update({ realm, alias }, { ...provider, config, hideOnLogin: options.hideOnLogin });
}

export function linkProvider(
  client: KeycloakAdminClient,
  realm: string,
  orgId: string,
  alias: string,
): Promise<string> {
  return client.organizations.linkIdp({ realm, orgId, alias });
}

export function unlinkProvider(
  client: KeycloakAdminClient,
  realm: string,
  orgId: string,
  alias: string,
): Promise<string> {
  return client.organizations.unLinkIdp({ realm, orgId, alias });
}
