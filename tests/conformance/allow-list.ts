/**
 * The reviewed differences between the embedded server and real Keycloak 26.7 that the conformance suite accepts, each
 * with its reason. A regular expression over the difference line (`sequence › step › request: what`). Keep it short:
 * an entry may never hide a behaviour a screen depends on, and it goes when the server is fixed.
 */
export const ALLOWED_DIFFERENCES: { pattern: RegExp; reason: string }[] = [
  {
    pattern:
      /› server info fields › GET \/admin\/serverinfo: header cache-control "no-cache" on Keycloak, "private, no-cache"/,
    reason:
      "ours revalidates server info with a weak ETag (README, caching): 187 bytes instead of 28 kB per console load",
  },
  {
    pattern: /› server info fields › GET \/admin\/serverinfo: body\[/,
    reason:
      "server info is a capture of Keycloak 26.4 (--report-version): 26.7 adds parameterizedScopeTypes and drops clientImporters; no screen reads either",
  },
  {
    pattern: /› realm fields › GET \/admin\/realms\/demo: body\.length 108 on Keycloak, 103 here/,
    reason:
      "realm fields of what the embedded server lacks (scimApiEnabled, maxSecondaryAuthFailures, webAuthnPolicy*ResidentKey) and defaultGroups, which the console reads from /default-groups",
  },
  {
    pattern:
      /› GET \/admin\/realms\/demo\/(client-scopes|default-default-client-scopes): body\.length \["AuthnContextClassRef",/,
    reason: "Keycloak 26.7's new SAML default client scope AuthnContextClassRef is not in our new-realm template yet",
  },
  {
    pattern: /› executions › .*: body\[6\]\.configurable true on Keycloak, false here/,
    reason: "the organization authenticator's config (requires user membership) is not modelled by the embedded server",
  },
  {
    pattern: /oidc › discovery › .*: body\.length 56 on Keycloak, 32 here/,
    reason:
      "discovery fields of protocols the embedded server lacks (CIBA, PAR, device flow, DPoP, revocation, dynamic registration, encryption); the console reads none",
  },
];
