import { createHash } from "node:crypto";
import { generateSelfSignedCertificate } from "./self-signed-certificate.ts";

/** What Keycloak's SAML protocol sets on a new client for each attribute the request leaves out. */
const SAML_ATTRIBUTE_DEFAULTS: Record<string, string> = {
  saml_signature_canonicalization_method: "http://www.w3.org/2001/10/xml-exc-c14n#",
  "saml.signature.algorithm": "RSA_SHA256",
  saml_name_id_format: "username",
  "saml.authnstatement": "true",
  saml_force_name_id_format: "false",
  "saml.allow.ecp.flow": "false",
  "saml.server.signature": "true",
  "saml.force.post.binding": "true",
  "saml.client.signature": "true",
};

/**
 * Keycloak's SAML client defaults (SamlProtocolFactory.setupClientDefaults) on a new client's representation:
 * `input` is the request, `rep` the record being built. Standard flow and front channel logout default to on,
 * a client that must sign gets a signing key pair, and the artifact binding identifier is the base64 SHA-1 of
 * the client ID.
 */
export function applySamlClientDefaults(
  input: Record<string, unknown>,
  rep: Record<string, unknown>,
  clientId: string,
) {
  const attributes = rep.attributes as Record<string, string>;
  for (const [name, value] of Object.entries(SAML_ATTRIBUTE_DEFAULTS)) {
    if (attributes[name] === undefined) attributes[name] = value;
  }
  if (typeof input.standardFlowEnabled !== "boolean") rep.standardFlowEnabled = true;
  if (typeof input.frontchannelLogout !== "boolean") rep.frontchannelLogout = true;
  const useDescriptorUrl = attributes["saml.useMetadataDescriptorUrl"] === "true";
  if (
    attributes["saml.client.signature"] === "true" &&
    !attributes["saml.signing.certificate"] &&
    (!useDescriptorUrl || attributes["saml.metadataDescriptorUrl"])
  ) {
    const generated = generateSelfSignedCertificate(clientId);
    attributes["saml.signing.certificate"] = generated.certificate;
    attributes["saml.signing.private.key"] = generated.privateKey;
  }
  attributes["saml.artifact.binding.identifier"] = createHash("sha1").update(clientId).digest("base64");
}
