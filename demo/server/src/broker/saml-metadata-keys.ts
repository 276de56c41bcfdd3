import type { IdentityProviderRecord } from "../store/types.ts";
import { fetchMetadata } from "../admin/identity-providers/remote-metadata.ts";
import { samlDescriptorConfig } from "../admin/identity-providers/saml-descriptor.ts";

/**
 * The IdP signing certificates last read from each provider's metadata descriptor URL, by provider id and URL. In
 * memory only, as Keycloak's keys cache: after a restart the descriptor is read again when a response needs it.
 */
const fetched = new Map<string, string[]>();

const cacheKey = (idp: IdentityProviderRecord, config: Record<string, string>) =>
  `${idp.id} ${config.metadataDescriptorUrl}`;

const configOf = (idp: IdentityProviderRecord) => (idp.rep.config ?? {}) as Record<string, string>;

const usesDescriptorUrl = (config: Record<string, string>) =>
  config.useMetadataDescriptorUrl === "true" && Boolean(config.metadataDescriptorUrl);

/** The signing certificates pasted into the provider's config (comma separated, Keycloak's `signingCertificate`). */
function configuredCertificates(config: Record<string, string>): string[] {
  return (config.signingCertificate ?? "")
    .split(",")
    .map((c) => c.replace(/-----(BEGIN|END) CERTIFICATE-----|\s+/g, ""))
    .filter(Boolean);
}

/** The descriptor's signing certificates, or undefined when the URL serves no readable IdP descriptor. */
async function readDescriptorCertificates(url: string): Promise<string[] | undefined> {
  try {
    return configuredCertificates(samlDescriptorConfig(await fetchMetadata(url)));
  } catch {
    return undefined;
  }
}

/**
 * The certificates that verify the IdP's signatures. With "Use metadata descriptor URL" on, Keycloak ignores the
 * pasted certificates and reads the descriptor's (SamlMetadataKeyLocator), keeping them until "Reload keys".
 */
export async function idpSigningCertificates(idp: IdentityProviderRecord): Promise<string[]> {
  const config = configOf(idp);
  if (!usesDescriptorUrl(config)) return configuredCertificates(config);
  const known = fetched.get(cacheKey(idp, config));
  if (known) return known;
  const certificates = await readDescriptorCertificates(config.metadataDescriptorUrl!);
  if (certificates) fetched.set(cacheKey(idp, config), certificates);
  return certificates ?? [];
}

/**
 * Keycloak's SAML reload-keys: for an enabled provider that uses its metadata descriptor URL, the descriptor is
 * read again and `true` answered when it served keys; `false` for any other SAML provider.
 */
export async function reloadSamlKeys(idp: IdentityProviderRecord): Promise<boolean> {
  const config = configOf(idp);
  if (idp.rep.enabled === false || !usesDescriptorUrl(config)) return false;
  const certificates = await readDescriptorCertificates(config.metadataDescriptorUrl!);
  if (!certificates) return false;
  fetched.set(cacheKey(idp, config), certificates);
  return certificates.length > 0;
}
