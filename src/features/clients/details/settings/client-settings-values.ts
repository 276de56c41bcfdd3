import type ClientRepresentation from "@keycloak/keycloak-admin-client/lib/defs/clientRepresentation.js";
import { toClientFormValues, applyClientFormValues, type ClientFormValues } from "./client-form-values.ts";

/**
 * Client attributes the settings tab's SAML, login and logout sections edit, by form name, with the value the
 * form shows when the client has none (as Keycloak's console) and the protocol whose section shows it. Attribute
 * names hold dots, so the form uses these names under `settingsAttributes`.
 */
export const SETTINGS_ATTRIBUTES = {
  nameIdFormat: { attribute: "saml_name_id_format", protocol: "saml", shown: "username" },
  forceNameIdFormat: { attribute: "saml_force_name_id_format", protocol: "saml", shown: "false" },
  forcePostBinding: { attribute: "saml.force.post.binding", protocol: "saml", shown: "false" },
  forceArtifactBinding: { attribute: "saml.artifact.binding", protocol: "saml", shown: "false" },
  includeAuthnStatement: { attribute: "saml.authnstatement", protocol: "saml", shown: "false" },
  includeOneTimeUseCondition: { attribute: "saml.onetimeuse.condition", protocol: "saml", shown: "false" },
  optimizeLookup: { attribute: "saml.server.signature.keyinfo.ext", protocol: "saml", shown: "false" },
  allowEcpFlow: { attribute: "saml.allow.ecp.flow", protocol: "saml", shown: "false" },
  signDocuments: { attribute: "saml.server.signature", protocol: "saml", shown: "false" },
  signAssertions: { attribute: "saml.assertion.signature", protocol: "saml", shown: "false" },
  signatureAlgorithm: { attribute: "saml.signature.algorithm", protocol: "saml", shown: "RSA_SHA1" },
  signatureKeyName: {
    attribute: "saml.server.signature.keyinfo.xmlSigKeyInfoKeyNameTransformer",
    protocol: "saml",
    shown: "NONE",
  },
  canonicalization: {
    attribute: "saml_signature_canonicalization_method",
    protocol: "saml",
    shown: "http://www.w3.org/2001/10/xml-exc-c14n#",
  },
  metadataDescriptorUrl: { attribute: "saml.metadataDescriptorUrl", protocol: "saml", shown: "" },
  useMetadataDescriptorUrl: { attribute: "saml.useMetadataDescriptorUrl", protocol: "saml", shown: "false" },
  encryptAssertions: { attribute: "saml.encrypt", protocol: "saml", shown: "false" },
  encryptionAlgorithm: { attribute: "saml.encryption.algorithm", protocol: "saml", shown: "" },
  keyEncryptionAlgorithm: { attribute: "saml.encryption.keyAlgorithm", protocol: "saml", shown: "" },
  encryptionDigestMethod: { attribute: "saml.encryption.digestMethod", protocol: "saml", shown: "" },
  maskGenerationFunction: { attribute: "saml.encryption.maskGenerationFunction", protocol: "saml", shown: "" },
  loginTheme: { attribute: "login_theme", protocol: "any", shown: "" },
  displayOnConsentScreen: { attribute: "display.on.consent.screen", protocol: "any", shown: "false" },
  consentScreenText: { attribute: "consent.screen.text", protocol: "any", shown: "" },
  frontchannelLogoutUrl: { attribute: "frontchannel.logout.url", protocol: "openid-connect", shown: "" },
  frontchannelLogoutSessionRequired: {
    attribute: "frontchannel.logout.session.required",
    protocol: "openid-connect",
    shown: "true",
  },
  backchannelLogoutUrl: { attribute: "backchannel.logout.url", protocol: "openid-connect", shown: "" },
  backchannelLogoutSessionRequired: {
    attribute: "backchannel.logout.session.required",
    protocol: "openid-connect",
    shown: "false",
  },
  backchannelLogoutRevokeOfflineSessions: {
    attribute: "backchannel.logout.revoke.offline.tokens",
    protocol: "openid-connect",
    shown: "false",
  },
  logoutConfirmation: { attribute: "logout.confirmation.enabled", protocol: "openid-connect", shown: "false" },
} as const;

export type SettingsAttributeName = keyof typeof SETTINGS_ATTRIBUTES;

/** The settings tab's form: the wizard's fields plus consent, front channel logout and the attributes above. */
export interface ClientSettingsValues extends ClientFormValues {
  consentRequired: boolean;
  frontchannelLogout: boolean;
  settingsAttributes: Record<SettingsAttributeName, string>;
}

const names = Object.keys(SETTINGS_ATTRIBUTES) as SettingsAttributeName[];

export function toClientSettingsValues(client: ClientRepresentation): ClientSettingsValues {
  const attributes: Record<string, unknown> = client.attributes ?? {};
  const settingsAttributes = {} as Record<SettingsAttributeName, string>;
  for (const name of names) {
    const { attribute, shown } = SETTINGS_ATTRIBUTES[name];
    const value = attributes[attribute];
    settingsAttributes[name] = typeof value === "string" && value !== "" ? value : shown;
  }
  return {
    ...toClientFormValues(client),
    consentRequired: client.consentRequired === true,
    frontchannelLogout: client.frontchannelLogout === true,
    settingsAttributes,
  };
}

/**
 * `client` with the settings tab's values applied; URLs and texts are trimmed. An attribute is written only for
 * its protocol, and only when the client has it or the value differs from what the form shows for none.
 */
export function applyClientSettingsValues(
  client: ClientRepresentation,
  values: ClientSettingsValues,
): ClientRepresentation {
  const updated = applyClientFormValues(client, values);
  const attributes: Record<string, unknown> = { ...updated.attributes };
  for (const name of names) {
    const { attribute, protocol, shown } = SETTINGS_ATTRIBUTES[name];
    const value = values.settingsAttributes[name].trim();
    const belongs = protocol === "any" || protocol === values.protocol;
    if (belongs && (attribute in attributes || value !== shown)) attributes[attribute] = value;
  }
  return {
    ...updated,
    consentRequired: values.consentRequired,
    frontchannelLogout: values.frontchannelLogout,
    attributes,
  };
}

/** Keycloak's console check of a logout URL: empty, or http(s) without a wildcard. */
export function isLogoutUrl(value: string): boolean {
  const url = value.trim();
  return url === "" || (/^https?:\/\//.test(url) && !url.includes("*"));
}
