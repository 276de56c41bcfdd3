import { badRequest } from "../../http/errors.ts";

const PKCE_METHODS = new Set(["plain", "S256"]);

/**
 * Keycloak's OAuth2/OIDC provider config checks on create and update (OAuth2IdentityProviderConfig and
 * OIDCIdentityProviderConfig validate): a known PKCE method, and a key source for "Validate Signatures" — the JWKS URL
 * when "Use JWKS URL" is on, else the pasted validating public key. Answers 400 with Keycloak's message.
 */
export function checkOidcConfig(providerId: unknown, config: Record<string, string>): void {
  if (providerId !== "oidc" && providerId !== "keycloak-oidc") return;
  if (config.pkceEnabled === "true" && !PKCE_METHODS.has(config.pkceMethod ?? ""))
    throw badRequest(`PKCE Method not supported: ${config.pkceMethod ?? "null"}`);
  if (config.validateSignature !== "true") return;
  if (config.useJwksUrl === "true") {
    if (config.jwksUrl === undefined)
      throw badRequest("JWKS URL is required when 'Validate signatures' enabled and 'Use JWKS URL' enabled");
  } else if (config.publicKeySignatureVerifier === undefined) {
    throw badRequest(
      "The 'Validating public key' is required when 'Validate signatures' enabled and 'Use JWKS URL' disabled",
    );
  }
}
