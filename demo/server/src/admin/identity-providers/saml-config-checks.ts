import { badRequest } from "../../http/errors.ts";
import { checkUrl } from "./provider-urls.ts";

const TRANSIENT = "urn:oasis:names:tc:SAML:2.0:nameid-format:transient";

/**
 * Keycloak 26.7's SAMLIdentityProviderConfig.validate beyond the endpoint URLs: the metadata descriptor URL is a URL,
 * using it needs one, and a transient NameID cannot identify the user (principal type SUBJECT, the default).
 */
export function checkSamlConfig(providerId: string, config: Record<string, string>): void {
  if (providerId !== "saml") return;
  const descriptorUrl = config.metadataDescriptorUrl?.trim();
  if (descriptorUrl) checkUrl(descriptorUrl, "metadataDescriptorUrl");
  if (config.useMetadataDescriptorUrl === "true" && !descriptorUrl)
    throw badRequest("useMetadataDescriptorUrl needs a non-empty URL for metadataDescriptorUrl");
  if (config.nameIDPolicyFormat === TRANSIENT && (config.principalType ?? "SUBJECT") === "SUBJECT")
    throw badRequest("Can not have Transient NameID Policy Format together with SUBJECT Principal Type");
}
