import type { IdentityProviderMapperRecord, IdentityProviderRecord } from "../../store/types.ts";

const SECRET_CONFIG_KEYS = ["clientSecret"];
const MASK = "**********";

/**
 * What Keycloak 26.7.3's IdentityProviderTypeUtil lists for a provider: the types its IdentityProvider class implements
 * (USER_AUTHENTICATION, CLIENT_ASSERTION, TRUST_MATERIAL, EXCHANGE_EXTERNAL_TOKEN, JWT_AUTHORIZATION_GRANT, in that
 * order). Social providers have no IdentityProvider factory, so none.
 */
const PROVIDER_TYPES: Record<string, string[]> = {
  oidc: [
    "USER_AUTHENTICATION",
    "CLIENT_ASSERTION",
    "TRUST_MATERIAL",
    "EXCHANGE_EXTERNAL_TOKEN",
    "JWT_AUTHORIZATION_GRANT",
  ],
  "keycloak-oidc": [
    "USER_AUTHENTICATION",
    "CLIENT_ASSERTION",
    "TRUST_MATERIAL",
    "EXCHANGE_EXTERNAL_TOKEN",
    "JWT_AUTHORIZATION_GRANT",
  ],
  oauth2: ["USER_AUTHENTICATION", "EXCHANGE_EXTERNAL_TOKEN"],
  saml: ["USER_AUTHENTICATION"],
  kubernetes: ["CLIENT_ASSERTION"],
  spiffe: ["CLIENT_ASSERTION"],
  "jwt-authorization-grant": ["JWT_AUTHORIZATION_GRANT"],
};

/** Fields Keycloak never keeps: it derives `types` from the provider and ignores the old first-login mode. */
const NOT_STORED = ["types", "updateProfileFirstLoginMode"];

/**
 * The stored representation of a provider as Keycloak 26.7 keeps it: flags and flows only as sent (absent means false
 * or the realm's flow), a blank flow alias none, empty config values dropped, config `hideOnLoginPage` moved to
 * `hideOnLogin`.
 */
export function storedIdentityProviderFields(rep: Record<string, unknown>): Record<string, unknown> {
  const stored = { ...rep };
  for (const key of NOT_STORED) delete stored[key];
  for (const key of ["firstBrokerLoginFlowAlias", "postBrokerLoginFlowAlias"])
    if (typeof stored[key] !== "string" || !(stored[key] as string).trim()) delete stored[key];
  for (const [key, value] of Object.entries(stored)) if (value === null || value === undefined) delete stored[key];
  const config = withoutEmptyValues((stored.config as Record<string, string> | undefined) ?? {});
  if (config.hideOnLoginPage !== undefined) {
    stored.hideOnLogin = config.hideOnLoginPage === "true";
    delete config.hideOnLoginPage;
  }
  return { ...stored, config };
}

/** Keycloak's RepresentationToModel.removeEmptyString: a provider or mapper keeps no empty config value. */
export function withoutEmptyValues(config: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(config).filter(([, value]) => value !== ""));
}

/** Internal bookkeeping kept in the record's rep that the API never shows. */
export const PERMISSIONS_KEY = "__managementPermissions";

/** Keycloak's IdentityProviderRepresentation: unset flags and flows left out, `types` from the provider. */
export function identityProviderRepresentation(idp: IdentityProviderRecord): Record<string, unknown> {
  const { [PERMISSIONS_KEY]: _hidden, ...rep } = idp.rep;
  const stored = storedIdentityProviderFields(rep);
  const config = stored.config as Record<string, string>;
  for (const key of SECRET_CONFIG_KEYS) if (config[key] && !config[key].startsWith("${vault.")) config[key] = MASK;
  return {
    enabled: true,
    ...stored,
    alias: idp.alias,
    internalId: idp.id,
    config,
    types: PROVIDER_TYPES[String(rep.providerId)] ?? [],
  };
}

/** Keycloak's toBriefRepresentation: the five fields a brief list row carries, nothing of the flags or config. */
export function briefIdentityProviderRepresentation(idp: IdentityProviderRecord): Record<string, unknown> {
  const full = identityProviderRepresentation(idp);
  const brief: Record<string, unknown> = {};
  for (const key of ["alias", "displayName", "internalId", "providerId", "enabled"]) {
    if (full[key] !== undefined) brief[key] = full[key];
  }
  return brief;
}

export function mapperRepresentation(mapper: IdentityProviderMapperRecord): Record<string, unknown> {
  return {
    id: mapper.id,
    name: mapper.name,
    identityProviderAlias: mapper.identityProviderAlias,
    identityProviderMapper: mapper.identityProviderMapper,
    config: mapper.config,
  };
}

/** A secret sent back masked means "unchanged". */
export function keepMaskedSecrets(
  previous: Record<string, string>,
  next: Record<string, string>,
): Record<string, string> {
  const merged = { ...next };
  for (const key of SECRET_CONFIG_KEYS)
    if (merged[key] === MASK && previous[key] !== undefined) merged[key] = previous[key];
  return merged;
}

/**
 * What Keycloak 26.7.3 records on an identity provider's CREATE / UPDATE admin event: the request's representation
 * itself, with the saved provider's internalId and hideOnLogin, without organizationId and config hideOnLoginPage
 * (moved by RepresentationToModel), empty config values still in it. Keycloak masks the client secret on CREATE only;
 * here it is masked on both, so no admin event keeps a secret.
 */
export function eventRepresentation(body: unknown, idp: IdentityProviderRecord): Record<string, unknown> {
  const { organizationId: _organizationId, ...sent } = (body ?? {}) as Record<string, unknown>;
  const result: Record<string, unknown> = { ...sent, internalId: idp.id };
  if (typeof idp.rep.hideOnLogin === "boolean") result.hideOnLogin = idp.rep.hideOnLogin;
  if (typeof sent.config === "object" && sent.config !== null) {
    const { hideOnLoginPage: _moved, ...config } = sent.config as Record<string, unknown>;
    for (const key of SECRET_CONFIG_KEYS)
      if (typeof config[key] === "string" && config[key] && !(config[key] as string).startsWith("${vault."))
        config[key] = MASK;
    result.config = config;
  }
  return result;
}
