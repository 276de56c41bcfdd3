import type { ServerInfoRepresentation } from "@keycloak/keycloak-admin-client/lib/defs/serverInfoRepesentation.js";

export interface ProviderType {
  id: string;
  name: string;
}

const USER_DEFINED_ORDER = ["keycloak-oidc", "oidc", "saml"];

/** The provider types the server offers: Keycloak OIDC, OIDC and SAML first, then every social provider. */
export function providerTypes(serverInfo: ServerInfoRepresentation): {
  userDefined: ProviderType[];
  social: ProviderType[];
} {
  const all = (serverInfo.identityProviders ?? []) as unknown as ProviderType[];
  const userDefined = USER_DEFINED_ORDER.map((id) => all.find((p) => p.id === id)).filter(
    (p): p is ProviderType => p !== undefined,
  );
  const socialIds = new Set(Object.keys(serverInfo.providers?.social?.providers ?? {}));
  const social = [
    ...((serverInfo.socialProviders ?? []) as unknown as ProviderType[]),
    ...all.filter((p) => socialIds.has(p.id)),
  ]
    .filter((p, index, list) => !USER_DEFINED_ORDER.includes(p.id) && list.findIndex((q) => q.id === p.id) === index)
    .sort((a, b) => a.name.localeCompare(b.name));
  return { userDefined, social };
}

export function providerName(serverInfo: ServerInfoRepresentation, providerId: string | undefined): string {
  const { userDefined, social } = providerTypes(serverInfo);
  return [...userDefined, ...social].find((p) => p.id === providerId)?.name ?? providerId ?? "";
}

export const isOidcFamily = (providerId: string) => providerId === "oidc" || providerId === "keycloak-oidc";
