import { registerMessages } from "../../../../core/i18n/message-bundles.ts";

/** The settings tab's SAML, signature and encryption, login and logout sections: Keycloak's keys and texts. */
export const clientSettingsMessages = {
  samlCapabilityConfig: "SAML capabilities",
  signatureAndEncryption: "Signature and Encryption",
  logoutSettings: "Logout settings",
  nameIdFormat: "Name ID format",
  nameIdFormatHelp: "The name ID format to use for the subject.",
  forceNameIdFormat: "Force name ID format",
  forceNameIdFormatHelp: "Ignore requested NameID subject format and use Admin UI configured one.",
  forcePostBinding: "Force POST binding",
  forcePostBindingHelp: "Always use POST binding for responses.",
  forceArtifactBinding: "Force artifact binding",
  forceArtifactBindingHelp:
    "Should response messages be returned to the client through the SAML ARTIFACT binding system?",
  includeAuthnStatement: "Include AuthnStatement",
  includeAuthnStatementHelp: "Should a statement specifying the method and timestamp be included in login responses?",
  includeOneTimeUseCondition: "Include OneTimeUse Condition",
  includeOneTimeUseConditionHelp: "Should a OneTimeUse Condition be included in login responses?",
  optimizeLookup: "Optimize REDIRECT signing key lookup",
  optimizeLookupHelp:
    "When signing SAML documents in REDIRECT binding for SP that is secured by Keycloak adapter, should the ID of the signing key be included in SAML protocol message in <Extensions> element? This optimizes validation of the signature as the validating party uses a single key instead of trying every known key for validation.",
  allowEcpFlow: "Allow ECP flow",
  allowEcpFlowHelp: "This client is allowed to use ECP flow for authenticating users.",
  signDocuments: "Sign documents",
  signDocumentsHelp: "Should SAML documents be signed by the realm?",
  signAssertions: "Sign assertions",
  signAssertionsHelp:
    "Should assertions inside SAML documents be signed? This setting is not needed if document is already being signed.",
  signatureAlgorithm: "Signature algorithm",
  signatureAlgorithmHelp:
    "The signature algorithm to use to sign documents. Note that 'SHA1' based algorithms are deprecated and can be removed in the future. It is recommended to stick to some more secure algorithm instead of '*_SHA1'.",
  signatureKeyName: "SAML signature key name",
  signatureKeyNameHelp:
    "Signed SAML documents contain identification of signing key in KeyName element. For Keycloak / RH-SSO counterparty, use KEY_ID, for MS AD FS use CERT_SUBJECT, for others check and use NONE if no other option works.",
  canonicalization: "Canonicalization method",
  canonicalizationHelp: "Canonicalization Method for XML signatures.",
  samlClientMetadataDescriptorUrl: "Metadata descriptor URL",
  samlClientMetadataDescriptorUrlHelp:
    "External URL where Service Provider publishes the metadata information needed by the server (certificates, keys, other URLs,...).",
  samlClientUseMetadataDescriptorUrl: "Use metadata descriptor URL",
  samlClientUseMetadataDescriptorUrlHelp:
    'If this option is enabled, the keys to validate signatures and encrypt assertions will be downloaded and cached from the given "Metadata descriptor URL". If the option is disabled, the keys should be manually generated or imported in the "Keys" tab.',
  samlClientEncryptionAlgorithm: "Encryption algorithm",
  samlClientEncryptionAlgorithmHelp: "Encryption algorithm used for the client. Default AES_256_GCM.",
  samlClientKeyEncryptionAlgorithm: "Key transport algorithm",
  samlClientKeyEncryptionAlgorithmHelp:
    "Key transport algorithm used for the client to encrypt the secret key used for encryption. Default value RSA-OAEP-11.",
  samlClientEncryptionDigestMethod: "Digest method for RSA-OAEP",
  samlClientEncryptionDigestMethodHelp:
    "Digest method to use when any RSA-OAEP algorithm is selected as the key transport algorithm. Default value SHA-256.",
  samlClientEncryptionMaskGenerationFunction: "Mask generation function",
  samlClientEncryptionMaskGenerationFunctionHelp:
    "Mask generation function to use when RSA-OAEP-11 is selected as the key transport algorithm. Default value mgf1sha256.",
  loginTheme: "Login theme",
  loginThemeHelp: "Select theme for login, OTP, grant, registration and forgot password pages.",
  consentRequired: "Consent required",
  consentRequiredHelp: "If enabled, users have to consent to client access.",
  displayOnClient: "Display client on screen",
  displayOnClientHelp:
    "Applicable only if 'Consent Required' is on for this client. If this switch is off, the consent screen will contain just the consents corresponding to configured client scopes. If on, there will be also one item on the consent screen about this client itself.",
  consentScreenText: "Consent screen text",
  consentScreenTextHelp:
    "Text that will be shown on the consent screen when this client scope is added to some client with consent required. The placeholder 0 can be used to reference the parameter if the scope is dynamic (between curly brackets). Defaults to name of client scope if it is not filled.",
  frontchannelLogout: "Front channel logout",
  frontchannelLogoutHelp:
    "When true, logout requires a browser redirect to client. When false, server performs a background invocation for logout.",
  frontchannelLogoutOIDCHelp:
    "When true, logout requires a browser to send the request to the client to configured Front-channel logout URL as specified in the OIDC Front-channel logout specification. When false, server can perform a background invocation for logout as long as either the Backchannel-logout URL is configured or Admin URL is configured.",
  frontchannelLogoutUrl: "Front-channel logout URL",
  frontchannelLogoutUrlHelp:
    "URL that will cause the client to log itself out when a logout request is sent to this realm (via end_session_endpoint). If not provided, it defaults to the base url.",
  frontchannelUrlInvalid: "Front-channel logout URL is not a valid URL",
  frontchannelLogoutSessionRequired: "Front-channel logout session required",
  frontchannelLogoutSessionRequiredHelp:
    "Specifying whether a sid (session ID) and iss (issuer) parameters are included in the Logout request when the Front-channel Logout URL is used.",
  backchannelLogoutUrl: "Backchannel logout URL",
  backchannelLogoutUrlHelp:
    "URL that will cause the client to log itself out when a logout request is sent to this realm (via end_session_endpoint). The logout is done by sending logout token as specified in the OIDC Backchannel logout specification. If omitted, the logout request might be sent to the specified 'Admin URL' (if configured) in the format specific to Keycloak/RH-SSO adapters. If even 'Admin URL' is not configured, no logout request will be sent to the client.",
  backchannelUrlInvalid: "Backchannel logout URL is not a valid URL",
  backchannelLogoutSessionRequired: "Backchannel logout session required",
  backchannelLogoutSessionRequiredHelp:
    "Specifying whether a sid (session ID) Claim is included in the Logout Token when the Backchannel Logout URL is used.",
  backchannelLogoutRevokeOfflineSessions: "Backchannel logout revoke offline sessions",
  backchannelLogoutRevokeOfflineSessionsHelp:
    'Specifying whether a "revoke_offline_access" event is included in the Logout Token when the Backchannel Logout URL is used. Keycloak will revoke offline sessions when receiving a Logout Token with this event.',
  logoutConfirmation: "Logout confirmation",
  logoutConfirmationHelp:
    "After the user logs out (OIDC RP-Initiated Logout), an additional confirmation page will be displayed showing a message such as 'You are logged out' before redirecting the user to the post-logout landing page. On this page, the user must confirm that they want to be redirected to the post-logout landing page.",
  idpInitiatedSsoRelayState: "IDP Initiated SSO Relay State",
  idpInitiatedSsoRelayStateHelp:
    "Relay state you want to send with SAML request when you want to do IDP Initiated SSO.",
};

registerMessages("clientSettings", clientSettingsMessages);
