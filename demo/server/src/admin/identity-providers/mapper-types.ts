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

/** Display name and category of each mapper type, as Keycloak 26.7.3's mapper-types lists them. */
const MAPPER_LABELS: Record<string, [name: string, category: string]> = {
  "hardcoded-attribute-idp-mapper": ["Hardcoded Attribute", "Attribute Importer"],
  "hardcoded-user-session-attribute-idp-mapper": ["Hardcoded User Session Attribute", "Attribute Importer"],
  "oidc-hardcoded-role-idp-mapper": ["Hardcoded Role", "Role Importer"],
  "oidc-hardcoded-group-idp-mapper": ["Hardcoded Group", "Group Importer"],
  "oidc-user-session-note-idp-mapper": ["User Session Note Mapper", "User Session"],
  "oidc-role-idp-mapper": ["Claim to Role", "Role Importer"],
  "oidc-advanced-role-idp-mapper": ["Advanced Claim to Role", "Role Importer"],
  "oidc-advanced-group-idp-mapper": ["Advanced Claim to Group", "Group Importer"],
  "oidc-user-attribute-idp-mapper": ["Attribute Importer", "Attribute Importer"],
  "oidc-username-idp-mapper": ["Username Template Importer", "Preprocessor"],
  "keycloak-oidc-role-to-role-idp-mapper": ["External Role to Role", "Role Importer"],
  "saml-role-idp-mapper": ["SAML Attribute to Role", "Role Mapper"],
  "saml-advanced-role-idp-mapper": ["Advanced Attribute to Role", "Role Importer"],
  "saml-advanced-group-idp-mapper": ["Advanced Attribute to Group", "Group Importer"],
  "saml-user-attribute-idp-mapper": ["Attribute Importer", "Attribute Importer"],
  "saml-xpath-attribute-idp-mapper": ["XPath Attribute Importer", "Attribute Importer"],
  "saml-username-idp-mapper": ["Username Template Importer", "Preprocessor"],
};

/** IdentityProviderMapperTypeRepresentation by id, for one provider. */
export function mapperTypesFor(providerId: string): Record<string, Record<string, unknown>> {
  const types: Record<string, Record<string, unknown>> = {};
  for (const type of componentTypes("org.keycloak.broker.provider.IdentityProviderMapper") as ComponentType[]) {
    if (!compatible(type.id, providerId)) continue;
    // the social providers' "<provider>-user-attribute-mapper" are attribute importers
    const [name, category] = MAPPER_LABELS[type.id] ?? ["Attribute Importer", "Attribute Importer"];
    types[type.id] = {
      id: type.id,
      name,
      category,
      helpText: type.helpText,
      properties: type.properties,
    };
  }
  return types;
}
