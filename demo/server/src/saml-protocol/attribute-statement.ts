import type { Db } from "../store/db.ts";
import type { ClientRecord, ProtocolMapperRecord, RealmRecord, UserRecord } from "../store/types.ts";
import { applyScopes } from "../oidc/scopes.ts";
import { effectiveMappers } from "../oidc/mappers/apply.ts";
import { resolveAttribute, userProperty } from "../oidc/mappers/user-values.ts";
import { roleClaims } from "../oidc/role-claims.ts";
import { groupPath } from "../admin/common/group-path.ts";
import { withMapperMemberships } from "../federation/ldap-directory-memberships.ts";

/** One `saml:Attribute` of the assertion's AttributeStatement. */
export interface SamlAttributeValue {
  name: string;
  nameFormat: string;
  friendlyName?: string;
  values: string[];
}

/** Keycloak's "SAML Attribute NameFormat" choices and the URIs they stand for (Basic when unset). */
const NAME_FORMATS: Record<string, string> = {
  Basic: "urn:oasis:names:tc:SAML:2.0:attrname-format:basic",
  "URI Reference": "urn:oasis:names:tc:SAML:2.0:attrname-format:uri",
  Unspecified: "urn:oasis:names:tc:SAML:2.0:attrname-format:unspecified",
};

function attributeOf(config: Record<string, string>, values: string[]): SamlAttributeValue {
  const friendlyName = config["friendly.name"]?.trim() ? config["friendly.name"] : undefined;
  return {
    name: config["attribute.name"] ?? "",
    nameFormat: NAME_FORMATS[config["attribute.nameformat"] ?? ""] ?? NAME_FORMATS.Basic!,
    ...(friendlyName && { friendlyName }),
    values,
  };
}

/** One attribute with every value ("Single Role/Group Attribute" on), or one attribute per value. */
const listAttributes = (config: Record<string, string>, values: string[]) =>
  config.single === "true"
    ? values.length
      ? [attributeOf(config, values)]
      : []
    : values.map((value) => attributeOf(config, [value]));

interface SamlMapperInput {
  db: Db;
  realm: RealmRecord;
  client: ClientRecord;
  user: UserRecord;
}

type SamlMapperType = (config: Record<string, string>, input: SamlMapperInput) => SamlAttributeValue[];

const ATTRIBUTE_MAPPERS: Record<string, SamlMapperType> = {
  "saml-user-property-mapper": (config, { user }) => {
    const value = userProperty(user, config["user.attribute"] ?? "");
    return value === undefined ? [] : [attributeOf(config, [value])];
  },
  "saml-user-attribute-mapper": (config, { db, user }) => {
    const values = resolveAttribute(db, user, config["user.attribute"] ?? "", config["aggregate.attrs"] === "true");
    return values.length ? [attributeOf(config, values)] : [];
  },
  "saml-hardcode-attribute-mapper": (config) => [attributeOf(config, [config["attribute.value"] ?? ""])],
  "saml-group-membership-mapper": (config, { db, user }) => {
    const fullPath = config["full.path"] !== "false";
    const names: string[] = [];
    for (const id of withMapperMemberships(db, user).groupIds) {
      const group = db.get("groups", id);
      if (group) names.push(fullPath ? groupPath(db, group) : group.name);
    }
    return listAttributes(config, names);
  },
};

/** The role names the client may see: realm roles and client roles, each by its bare name, as Keycloak's role list. */
function roleNames({ db, client, user }: SamlMapperInput, scopes: ReturnType<typeof applyScopes>["scopes"]) {
  const { realmRoles, clientRoles } = roleClaims(db, user, client, scopes);
  return [...new Set([...realmRoles, ...Object.values(clientRoles).flat()])];
}

/**
 * The attributes the client's SAML mappers and those of its default client scopes give, in Keycloak's order: the
 * attribute mappers first, then one role list (the last role list mapper's).
 */
export function samlAttributes(input: SamlMapperInput): SamlAttributeValue[] {
  const { scopes } = applyScopes(input.db, input.client, undefined);
  const mappers: ProtocolMapperRecord[] = effectiveMappers(input.client, scopes)
    .map(({ mapper }) => mapper)
    .filter((mapper) => mapper.protocol === "saml");
  const attributes = mappers.flatMap(
    (mapper) => ATTRIBUTE_MAPPERS[mapper.protocolMapper]?.(mapper.config, input) ?? [],
  );
  const roleList = mappers.filter((mapper) => mapper.protocolMapper === "saml-role-list-mapper").at(-1);
  if (roleList) attributes.push(...listAttributes(roleList.config, roleNames(input, scopes)));
  return attributes;
}
