import { componentTypes, type ComponentType } from "../server-info/catalog.ts";

const OIDC_FAMILY = new Set(["oidc", "keycloak-oidc"]);
/** Mappers whose compatible providers are "*" though their id says OpenID Connect. */
const ANY_PROVIDER = new Set(["oidc-hardcoded-role-idp-mapper", "oidc-hardcoded-group-idp-mapper"]);

/** Which identity provider mappers apply to a provider, judged by the mapper id's prefix as Keycloak's compatibility lists do. */
function compatible(mapperId: string, providerId: string): boolean {
  if (mapperId.startsWith("hardcoded-") || ANY_PROVIDER.has(mapperId)) return true;
  if (mapperId === "oidc-username-idp-mapper") return providerId !== "saml";
  if (mapperId.startsWith("saml-")) return providerId === "saml";
  if (mapperId.startsWith("keycloak-oidc-")) return providerId === "keycloak-oidc";
  if (mapperId.startsWith("oidc-")) return OIDC_FAMILY.has(providerId);
  return mapperId.startsWith(`${providerId}-`);
}

const MAPPER_NAMES: Record<string, string> = {
  "hardcoded-attribute-idp-mapper": "Hardcoded Attribute",
  "hardcoded-user-session-attribute-idp-mapper": "Hardcoded User Session Attribute",
  "oidc-hardcoded-role-idp-mapper": "Hardcoded Role",
  "oidc-hardcoded-group-idp-mapper": "Hardcoded Group",
  "oidc-user-session-note-idp-mapper": "User Session Note Mapper",
  "oidc-role-idp-mapper": "Claim to Role",
  "oidc-advanced-role-idp-mapper": "Advanced Claim to Role",
  "oidc-advanced-group-idp-mapper": "Advanced Claim to Group",
  "oidc-user-attribute-idp-mapper": "Attribute Importer",
  "oidc-username-idp-mapper": "Username Template Importer",
  "keycloak-oidc-role-to-role-idp-mapper": "External Role to Role",
  "saml-role-idp-mapper": "SAML Attribute to Role",
  "saml-advanced-role-idp-mapper": "Advanced Attribute to Role",
  "saml-user-attribute-idp-mapper": "Attribute Importer",
  "saml-username-idp-mapper": "Username Template Importer",
};

/** IdentityProviderMapperTypeRepresentation by id, for one provider. */
export function mapperTypesFor(providerId: string): Record<string, Record<string, unknown>> {
  const types: Record<string, Record<string, unknown>> = {};
  for (const type of componentTypes("org.keycloak.broker.provider.IdentityProviderMapper") as ComponentType[]) {
    if (!compatible(type.id, providerId)) continue;
    types[type.id] = {
      id: type.id,
      name: MAPPER_NAMES[type.id] ?? (type.id.endsWith("-user-attribute-mapper") ? "Attribute Importer" : type.id),
      category: type.id.includes("session-note")
        ? "User Session"
        : type.id.includes("role")
          ? "Role Importer"
          : type.id.includes("group")
            ? "Group Importer"
            : "Attribute Importer",
      helpText: type.helpText,
      properties: type.properties,
    };
  }
  return types;
}
