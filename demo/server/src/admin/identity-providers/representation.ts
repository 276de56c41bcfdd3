import type { IdentityProviderMapperRecord, IdentityProviderRecord } from "../../store/types.ts";

const SECRET_CONFIG_KEYS = ["clientSecret"];
const MASK = "**********";

/** Fields of IdentityProviderRepresentation with Keycloak 26's defaults. */
export const IDENTITY_PROVIDER_DEFAULTS = {
  enabled: true,
  updateProfileFirstLoginMode: "on",
  trustEmail: false,
  storeToken: false,
  addReadTokenRoleOnCreate: false,
  authenticateByDefault: false,
  linkOnly: false,
  hideOnLogin: false,
  firstBrokerLoginFlowAlias: "first broker login",
  config: {} as Record<string, string>,
};

/** Internal bookkeeping kept in the record's rep that the API never shows. */
export const PERMISSIONS_KEY = "__managementPermissions";

export function identityProviderRepresentation(idp: IdentityProviderRecord): Record<string, unknown> {
  const { [PERMISSIONS_KEY]: _hidden, ...rep } = idp.rep;
  const config = { ...((rep.config as Record<string, string> | undefined) ?? {}) };
  for (const key of SECRET_CONFIG_KEYS) if (config[key] && !config[key].startsWith("${vault.")) config[key] = MASK;
  return { ...IDENTITY_PROVIDER_DEFAULTS, ...rep, alias: idp.alias, internalId: idp.id, config };
}

export function briefIdentityProviderRepresentation(idp: IdentityProviderRecord): Record<string, unknown> {
  const full = identityProviderRepresentation(idp);
  const brief: Record<string, unknown> = {};
  for (const key of [
    "alias",
    "displayName",
    "internalId",
    "providerId",
    "enabled",
    "linkOnly",
    "hideOnLogin",
    "organizationId",
  ]) {
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
