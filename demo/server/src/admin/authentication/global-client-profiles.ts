/** Keycloak 26's built-in (global) client profiles, by name and description with their main executors. */
const profile = (name: string, description: string, executors: string[]) => ({
  name,
  description,
  executors: executors.map((executor) => ({ executor, configuration: {} })),
});

export const GLOBAL_CLIENT_PROFILES = [
  profile(
    "fapi-1-baseline",
    "Client profile, which enforce clients to conform 'Financial-grade API Security Profile 1.0 - Part 1: Baseline' specification.",
    ["secure-session", "pkce-enforcer", "secure-client-authenticator", "secure-client-uris"],
  ),
  profile(
    "fapi-1-advanced",
    "Client profile, which enforce clients to conform 'Financial-grade API Security Profile 1.0 - Part 2: Advanced' specification.",
    [
      "secure-session",
      "confidential-client",
      "secure-client-authenticator",
      "secure-client-uris",
      "secure-request-object",
      "secure-response-type",
      "secure-signature-algorithm",
      "secure-signature-algorithm-signed-jwt",
      "holder-of-key-enforcer",
    ],
  ),
  profile(
    "fapi-ciba",
    "Client profile, which enforce clients to conform 'Financial-grade API: Client Initiated Backchannel Authentication Profile' specification (Final version).",
    ["secure-ciba-session", "secure-ciba-signed-authn-req", "secure-ciba-req-sig-algorithm"],
  ),
  profile(
    "fapi-2-security-profile",
    "Client profile, which enforce clients to conform 'FAPI 2.0 Security Profile' specification.",
    [
      "secure-session",
      "pkce-enforcer",
      "secure-client-authenticator",
      "secure-client-uris",
      "secure-signature-algorithm",
      "holder-of-key-enforcer",
    ],
  ),
  profile(
    "fapi-2-message-signing",
    "Client profile, which enforce clients to conform 'FAPI 2.0 Message Signing' specification.",
    ["secure-signature-algorithm", "secure-signature-algorithm-signed-jwt", "secure-request-object"],
  ),
  profile(
    "oauth-2-1-for-confidential-client",
    "Client profile, which enforce confidential clients to conform 'OAuth 2.1' specification.",
    [
      "confidential-client",
      "secure-client-authenticator",
      "pkce-enforcer",
      "reject-ropc-grant",
      "secure-client-uris",
      "holder-of-key-enforcer",
    ],
  ),
  profile(
    "oauth-2-1-for-public-client",
    "Client profile, which enforce public clients to conform 'OAuth 2.1' specification.",
    ["pkce-enforcer", "reject-ropc-grant", "secure-client-uris", "holder-of-key-enforcer"],
  ),
];
