import type { Db } from "../store/db.ts";
import { badRequest, HttpError } from "../http/errors.ts";
import { first } from "./ldap-config.ts";
import { findGroupId, findRoleId } from "./ldap-hardcoded.ts";
import type { ComponentFields } from "../admin/components/validation.ts";

/** Keycloak's admin messages for the LDAP mappers' validation keys (English). */
const MESSAGES = {
  ldapErrorInvalidCustomFilter: 'Custom configured LDAP filter does not start with "(" or does not end with ")".',
  ldapErrorMissingClientId: "Client ID needs to be provided in config when Realm Roles Mapping is not used.",
  ldapErrorCantPreserveGroupInheritanceWithUIDMembershipType:
    "Not possible to preserve group inheritance and use UID membership type together.",
  ldapErrorCantWriteOnlyForReadOnlyLdap: "Can not set write only when LDAP provider mode is not WRITABLE",
  ldapErrorCantWriteOnlyAndReadOnly: "Can not set write-only and read-only together",
  ldapErrorMissingGroupsPathGroup: "Groups path group does not exist - please create the group on specified path first",
};

/** Where a mapper is validated: the realm's records, for its parent provider and the roles and groups it names. */
export interface MapperContext {
  db: Db;
  realmId: string;
}

const isTrue = (fields: ComponentFields, key: string) => (first(fields.config, key) ?? "").toLowerCase() === "true";
const blank = (value: string | undefined) => !(value ?? "").trim();

/** AbstractLDAPStorageMapperFactory.checkMandatoryConfigAttribute. */
function mandatory(fields: ComponentFields, key: string, label: string): void {
  if (blank(first(fields.config, key))) throw badRequest(`Missing configuration for ${label}`);
}

/** ConfigurationValidationHelper.checkRequired. */
function required(fields: ComponentFields, key: string, label: string): void {
  if (blank(first(fields.config, key))) throw badRequest(`'${label}' is required`);
}

/** LDAPUtils.validateCustomLdapFilter. */
function customFilter(fields: ComponentFields, key: string): void {
  const filter = (first(fields.config, key) ?? "").trim();
  if (filter && !(filter.startsWith("(") && filter.endsWith(")")))
    throw badRequest(MESSAGES.ldapErrorInvalidCustomFilter);
}

function userAttribute(fields: ComponentFields): void {
  mandatory(fields, "user.model.attribute", "User Model Attribute");
  mandatory(fields, "ldap.attribute", "LDAP Attribute");
  if (isTrue(fields, "is.binary.attribute") && !isTrue(fields, "always.read.value.from.ldap"))
    throw badRequest("With Binary attribute enabled, the 'Always read value from LDAP' must be enabled too");
}

const VALIDATORS: Record<string, (fields: ComponentFields, ctx: MapperContext) => void> = {
  "user-attribute-ldap-mapper": userAttribute,
  "certificate-ldap-mapper": (fields) => {
    userAttribute(fields);
    if (isTrue(fields, "is.der.formatted") && !isTrue(fields, "is.binary.attribute"))
      throw badRequest("With DER formatted certificate enabled, the 'Is Binary Attribute' option must be enabled too");
  },
  "full-name-ldap-mapper": (fields, ctx) => {
    mandatory(fields, "ldap.full.name.attribute", "LDAP Full Name Attribute");
    const parent = fields.parentId ? ctx.db.get("components", fields.parentId) : undefined;
    if (!parent || parent.realmId !== ctx.realmId) throw badRequest("cant find parent component model");
    const writeOnly = isTrue(fields, "write.only");
    if (writeOnly && first(parent.config, "editMode") !== "WRITABLE")
      throw badRequest(MESSAGES.ldapErrorCantWriteOnlyForReadOnlyLdap);
    if (writeOnly && isTrue(fields, "read.only")) throw badRequest(MESSAGES.ldapErrorCantWriteOnlyAndReadOnly);
  },
  "group-ldap-mapper": (fields, ctx) => {
    mandatory(fields, "groups.dn", "LDAP Groups DN");
    mandatory(fields, "mode", "Mode");
    const membershipType = first(fields.config, "membership.attribute.type") ?? "DN";
    // Keycloak reads it with Enum.valueOf: an unknown value ends as this generic answer.
    if (membershipType !== "DN" && membershipType !== "UID")
      throw new HttpError(400, { error: "Invalid provider type or no such provider" });
    if (isTrue(fields, "preserve.group.inheritance") && membershipType !== "DN")
      throw badRequest(MESSAGES.ldapErrorCantPreserveGroupInheritanceWithUIDMembershipType);
    customFilter(fields, "groups.ldap.filter");
    const path = (first(fields.config, "groups.path") ?? "").trim() || "/";
    if (path !== "/" && !findGroupId(ctx.db, ctx.realmId, path))
      throw badRequest(MESSAGES.ldapErrorMissingGroupsPathGroup);
  },
  "role-ldap-mapper": (fields) => {
    mandatory(fields, "roles.dn", "LDAP Roles DN");
    mandatory(fields, "mode", "Mode");
    if (!isTrue(fields, "use.realm.roles.mapping") && blank(first(fields.config, "client.id")))
      throw badRequest(MESSAGES.ldapErrorMissingClientId);
    customFilter(fields, "roles.ldap.filter");
  },
  "hardcoded-ldap-attribute-mapper": (fields) => {
    required(fields, "ldap.attribute.name", "LDAP Attribute Name");
    required(fields, "ldap.attribute.value", "LDAP Attribute Value");
  },
  "hardcoded-attribute-mapper": (fields) => {
    required(fields, "user.model.attribute", "Attribute Name");
    required(fields, "attribute.value", "Attribute Value");
    const attribute = (first(fields.config, "user.model.attribute") ?? "").toLowerCase();
    if (attribute === "username" || attribute === "email")
      throw badRequest("Attribute Name cannot be set to username or email");
  },
  "hardcoded-ldap-role-mapper": (fields, ctx) => {
    const role = first(fields.config, "role");
    if (role === undefined) throw badRequest("Role cant be null");
    if (!findRoleId(ctx.db, ctx.realmId, role)) throw badRequest("There is no role corresponding to configured value");
  },
  "hardcoded-ldap-group-mapper": (fields, ctx) => {
    const group = first(fields.config, "group");
    if (group === undefined) throw badRequest("Group cant be null");
    if (!findGroupId(ctx.db, ctx.realmId, group))
      throw badRequest("There is no group corresponding to configured value");
  },
};

/**
 * The validateConfiguration of Keycloak 26.7.3's LDAP mapper factories, with the messages its admin API answers
 * (MessageFormat drops the single quotes of "can't").
 */
export function validateLdapMapper(fields: ComponentFields, ctx: MapperContext): void {
  VALIDATORS[fields.providerId]?.(fields, ctx);
}
