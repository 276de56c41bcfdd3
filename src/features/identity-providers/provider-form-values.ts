import type { IdentityProvider } from "./queries.ts";

/** What the add and settings forms edit: the representation's top fields and its string config. */
export interface ProviderFormValues {
  alias: string;
  displayName: string;
  enabled: boolean;
  /** Where import-config reads metadata from; sent as config.metadataDescriptorUrl. */
  metadataUrl: string;
  /** SAML's requested AuthnContext class refs; sent as config.authnContextClassRefs, a JSON array as Keycloak keeps it. */
  authnContextClassRefs: string[];
  /** SAML's requested AuthnContext decl refs; config.authnContextDeclRefs, a JSON array too. */
  authnContextDeclRefs: string[];
  /** "Store tokens" and "Stored tokens readable": top-level fields of the representation. */
  storeToken: boolean;
  addReadTokenRoleOnCreate: boolean;
  config: Record<string, string>;
}

export const ALIAS_PATTERN = /^[A-Za-z0-9._~-]+$/;

export function toFormValues(provider: IdentityProvider | undefined, providerId: string): ProviderFormValues {
  const config = { ...((provider?.config as Record<string, string> | undefined) ?? {}) };
  if (!provider && (providerId === "oidc" || providerId === "keycloak-oidc")) {
    config.clientAuthMethod = "client_secret_post";
    config.syncMode = "LEGACY";
  }
  // import-config answers no sync mode: a new SAML provider starts as LEGACY too
  if (!provider && providerId === "saml") config.syncMode = "LEGACY";
  return {
    alias: provider?.alias ?? providerId,
    displayName: provider?.displayName ?? "",
    enabled: provider?.enabled ?? true,
    metadataUrl: config.metadataDescriptorUrl ?? "",
    authnContextClassRefs: jsonList(config.authnContextClassRefs),
    authnContextDeclRefs: jsonList(config.authnContextDeclRefs),
    storeToken: provider?.storeToken ?? false,
    addReadTokenRoleOnCreate: provider?.addReadTokenRoleOnCreate ?? false,
    config,
  };
}

export function toRepresentation(
  values: ProviderFormValues,
  providerId: string,
  previous: IdentityProvider | undefined,
): IdentityProvider {
  // Keycloak keeps every config value as a string (number fields of the dynamic form give numbers).
  const config = Object.fromEntries(
    Object.entries(values.config)
      .filter(([, value]) => value !== undefined && value !== null)
      .map(([key, value]) => [key, String(value)]),
  );
  if (values.metadataUrl.trim()) config.metadataDescriptorUrl = values.metadataUrl.trim();
  if (providerId === "saml") {
    for (const key of ["authnContextClassRefs", "authnContextDeclRefs"] as const) {
      const refs = values[key].map((ref) => ref.trim()).filter(Boolean);
      if (refs.length > 0) config[key] = JSON.stringify(refs);
      else delete config[key];
    }
  }
  return {
    ...previous,
    providerId,
    // a saved provider's alias never changes (Keycloak refuses a changed one with 400)
    alias: previous?.alias ?? values.alias.trim(),
    displayName: values.displayName.trim() || undefined,
    enabled: values.enabled,
    storeToken: values.storeToken,
    addReadTokenRoleOnCreate: values.addReadTokenRoleOnCreate,
    config,
  };
}

function jsonList(value: string | undefined): string[] {
  if (!value) return [];
  try {
    const parsed = JSON.parse(value) as unknown;
    return Array.isArray(parsed) ? parsed.filter((entry): entry is string => typeof entry === "string") : [];
  } catch {
    return [];
  }
}
