import type { AuthFlowRecord, ComponentRecord } from "../store/types.ts";
import { newId } from "../common/ids.ts";
import { badRequest } from "../http/errors.ts";
import { first, LDAP_MAPPER_TYPE, LDAP_PROVIDER_TYPE, ldapConfig } from "./ldap-config.ts";
import type { ComponentFields } from "../admin/components/validation.ts";
import { type MapperContext, validateLdapMapper } from "./ldap-mapper-validation.ts";

/** Keycloak's messages for its LDAP and Kerberos validation keys (admin-messages, English). */
const MESSAGES = {
  ldapErrorInvalidCustomFilter: 'Custom configured LDAP filter does not start with "(" or does not end with ")".',
  ldapErrorConnectionTimeoutNotNumber: "Connection Timeout must be a number",
  ldapErrorReadTimeoutNotNumber: "Read Timeout must be a number",
  ldapErrorCantEnableStartTlsAndConnectionPooling: "Can not enable both StartTLS and connection pooling.",
  ldapErrorEditModeMandatory: "Edit Mode is mandatory",
  ldapErrorValidatePasswordPolicyAvailableForWritableOnly:
    "Validate Password Policy is applicable only with WRITABLE edit mode",
  ldapErrorCantEnableUnsyncedAndImportOff: "Can not disable Importing users when LDAP provider mode is UNSYNCED",
  ldapErrorConnectionUrlContainsComma:
    'Connection URL must not contain commas. Use spaces to separate multiple LDAP URLs (e.g. "ldap://host1:389 ldap://host2:389").',
  ldapErrorInvalidConnectionUrl: "Connection URL contains an invalid LDAP URL.",
  ldapErrorInvalidConnectionUrlScheme:
    "Connection URL contains a URL with an unsupported scheme. Each URL must use the ldap:// or ldaps:// scheme.",
  kerberosPrincipalWhitespace: "Server principal must not start or end with whitespace",
};

/** Characters java.net.URI refuses anywhere, and a % not starting an escape. */
const URI_ILLEGAL = /["<>\\^`{|}]|%(?![0-9A-Fa-f]{2})/;

/** Keycloak's check of the connection URL: space-separated URLs, each parsed by java.net.URI with scheme ldap(s). */
function validateConnectionUrl(connectionUrl: string | undefined): void {
  if (connectionUrl === undefined) return;
  if (connectionUrl.includes(",")) throw badRequest(MESSAGES.ldapErrorConnectionUrlContainsComma);
  for (const url of connectionUrl.trim().split(/\s+/).filter(Boolean)) {
    if (URI_ILLEGAL.test(url)) throw badRequest(MESSAGES.ldapErrorInvalidConnectionUrl);
    const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):(.*)$/.exec(url);
    if (!scheme) throw badRequest(MESSAGES.ldapErrorInvalidConnectionUrlScheme);
    if (scheme[2] === "" || scheme[2] === "//") throw badRequest(MESSAGES.ldapErrorInvalidConnectionUrl);
    const name = scheme[1]!.toLowerCase();
    if (name !== "ldap" && name !== "ldaps") throw badRequest(MESSAGES.ldapErrorInvalidConnectionUrlScheme);
  }
}

const isNumber = (value: string | undefined) => !value || /^-?\d+$/.test(value.trim());

/** Keycloak's validateConfiguration of the LDAP and Kerberos user-storage providers; other components pass. */
export function validateUserStorage(fields: ComponentFields, ctx: MapperContext): void {
  if (fields.providerType === LDAP_MAPPER_TYPE) return validateLdapMapper(fields, ctx);
  if (fields.providerType !== LDAP_PROVIDER_TYPE) return;
  const c = fields.config;
  if (fields.providerId === "kerberos") {
    const principal = first(c, "serverPrincipal");
    if (principal !== undefined && principal !== principal.trim())
      throw badRequest(MESSAGES.kerberosPrincipalWhitespace);
    return;
  }
  if (fields.providerId !== "ldap") return;
  const filter = (first(c, "customUserSearchFilter") ?? "").trim();
  if (filter && !(filter.startsWith("(") && filter.endsWith(")")))
    throw badRequest(MESSAGES.ldapErrorInvalidCustomFilter);
  if (!isNumber(first(c, "connectionTimeout"))) throw badRequest(MESSAGES.ldapErrorConnectionTimeoutNotNumber);
  if (!isNumber(first(c, "readTimeout"))) throw badRequest(MESSAGES.ldapErrorReadTimeoutNotNumber);
  validateConnectionUrl(first(c, "connectionUrl"));
  if (first(c, "startTls") === "true" && first(c, "connectionPooling") === "true")
    throw badRequest(MESSAGES.ldapErrorCantEnableStartTlsAndConnectionPooling);
  const editMode = first(c, "editMode");
  if (editMode === undefined) throw badRequest(MESSAGES.ldapErrorEditModeMandatory);
  if (editMode !== "WRITABLE" && first(c, "validatePasswordPolicy") === "true")
    throw badRequest(MESSAGES.ldapErrorValidatePasswordPolicyAvailableForWritableOnly);
  if (first(c, "importEnabled") === "false" && editMode === "UNSYNCED")
    throw badRequest(MESSAGES.ldapErrorCantEnableUnsyncedAndImportOff);
}

function mapper(parent: ComponentRecord, name: string, providerId: string, config: Record<string, string>) {
  const record: ComponentRecord = {
    id: newId(),
    realmId: parent.realmId,
    parentId: parent.id,
    name,
    providerId,
    providerType: LDAP_MAPPER_TYPE,
    config: Object.fromEntries(Object.entries(config).map(([k, v]) => [k, [v]])),
  };
  return record;
}

const KERBEROS_PRINCIPAL_ATTRIBUTE = "krbPrincipalAttribute";

/**
 * A new LDAP provider as Keycloak's onCreate stores it: without a Kerberos principal attribute it gets the vendor's
 * default (LDAPUtils.getDefaultKerberosUserPrincipalAttribute).
 */
export function withDefaultKerberosPrincipal(provider: ComponentRecord): ComponentRecord {
  if (provider.providerType !== LDAP_PROVIDER_TYPE || provider.providerId !== "ldap") return provider;
  if (first(provider.config, KERBEROS_PRINCIPAL_ATTRIBUTE) !== undefined) return provider;
  const vendor = first(provider.config, "vendor");
  const attribute =
    vendor === "rhds" ? "krbPrincipalName" : vendor === "ad" ? "userPrincipalName" : "krb5PrincipalName";
  return { ...provider, config: { ...provider.config, [KERBEROS_PRINCIPAL_ATTRIBUTE]: [attribute] } };
}

/** The mappers Keycloak's LDAP provider factory creates with a new provider (its onCreate), by vendor and edit mode. */
export function defaultLdapMappers(provider: ComponentRecord): ComponentRecord[] {
  if (provider.providerType !== LDAP_PROVIDER_TYPE || provider.providerId !== "ldap") return [];
  const config = ldapConfig(provider);
  const editMode = config.editMode;
  const readOnly = String(editMode === "READ_ONLY" || editMode === "UNSYNCED");
  const alwaysRead = String(editMode === "READ_ONLY" || editMode === "WRITABLE");
  const attribute = (model: string, ldap: string, ro: string, always: string, mandatory: string) => ({
    "user.model.attribute": model,
    "ldap.attribute": ldap,
    "read.only": ro,
    "always.read.value.from.ldap": always,
    "is.mandatory.in.ldap": mandatory,
  });
  const username = config.usernameAttribute;
  const out = [
    mapper(
      provider,
      "username",
      "user-attribute-ldap-mapper",
      attribute("username", username, readOnly, "false", "true"),
    ),
  ];
  if (config.rdnAttribute.toLowerCase() === "cn") {
    if (username.toLowerCase() === "cn")
      out.push(
        mapper(
          provider,
          "first name",
          "user-attribute-ldap-mapper",
          attribute("firstName", "givenName", readOnly, alwaysRead, "true"),
        ),
      );
    else if (editMode === "WRITABLE") {
      out.push(
        mapper(
          provider,
          "first name",
          "user-attribute-ldap-mapper",
          attribute("firstName", "givenName", readOnly, alwaysRead, "true"),
        ),
      );
      out.push(
        mapper(
          provider,
          "username-cn",
          "user-attribute-ldap-mapper",
          attribute("username", "cn", readOnly, "false", "true"),
        ),
      );
    } else
      out.push(
        mapper(provider, "full name", "full-name-ldap-mapper", {
          "ldap.full.name.attribute": "cn",
          "read.only": readOnly,
          "write.only": "false",
        }),
      );
  } else
    out.push(
      mapper(
        provider,
        "first name",
        "user-attribute-ldap-mapper",
        attribute("firstName", "cn", readOnly, alwaysRead, "true"),
      ),
    );
  out.push(
    mapper(
      provider,
      "last name",
      "user-attribute-ldap-mapper",
      attribute("lastName", "sn", readOnly, alwaysRead, "true"),
    ),
  );
  out.push(
    mapper(provider, "email", "user-attribute-ldap-mapper", attribute("email", "mail", readOnly, "false", "false")),
  );
  const ad = config.activeDirectory;
  out.push(
    mapper(
      provider,
      "creation date",
      "user-attribute-ldap-mapper",
      attribute("createTimestamp", ad ? "whenCreated" : "createTimestamp", "true", alwaysRead, "false"),
    ),
  );
  out.push(
    mapper(
      provider,
      "modify date",
      "user-attribute-ldap-mapper",
      attribute("modifyTimestamp", ad ? "whenChanged" : "modifyTimestamp", "true", alwaysRead, "false"),
    ),
  );
  if (ad)
    out.push(
      mapper(provider, "MSAD account controls", "msad-user-account-control-mapper", {
        "always.read.enabled.value.from.ldap": alwaysRead,
      }),
    );
  if (first(provider.config, KERBEROS_PRINCIPAL_ATTRIBUTE) !== undefined)
    out.push(mapper(provider, "Kerberos principal attribute mapper", "kerberos-principal-attribute-mapper", {}));
  if (!ad && config.syncRegistrations && config.usePasswordModifyExtendedOp)
    out.push(
      mapper(provider, "random initial password", "hardcoded-ldap-attribute-mapper", {
        "ldap.attribute.name": "userpassword",
        "ldap.attribute.value": "${RANDOM}",
      }),
    );
  return out;
}

/** Whether a user-storage component turns on Kerberos (SPNEGO) sign-in: a Kerberos provider, or LDAP allowing it. */
export function usesKerberos(component: Pick<ComponentRecord, "providerType" | "providerId" | "config">): boolean {
  if (component.providerType !== LDAP_PROVIDER_TYPE) return false;
  return component.providerId === "kerberos" || first(component.config, "allowKerberosAuthentication") === "true";
}

/**
 * Keycloak's CredentialHelper.setOrReplaceAuthenticationRequirement for Kerberos: the auth-spnego executions of the
 * realm's flows that have requirement `from` (any, when undefined) get `to`. Returns the flows that changed.
 */
export function kerberosFlowChanges(flows: AuthFlowRecord[], from: string | undefined, to: string): AuthFlowRecord[] {
  const changed: AuthFlowRecord[] = [];
  const matches = (e: AuthFlowRecord["executions"][number]) =>
    e.authenticator === "auth-spnego" && (from === undefined || e.requirement === from) && e.requirement !== to;
  for (const flow of flows) {
    if (!flow.executions.some(matches)) continue;
    changed.push({
      ...flow,
      executions: flow.executions.map((e) => (matches(e) ? { ...e, requirement: to } : e)),
    });
  }
  return changed;
}

/**
 * The Kerberos execution change of a user-storage provider's update, as Keycloak's factories' onUpdate: a Kerberos
 * provider turns DISABLED ones ALTERNATIVE on every update; an LDAP provider whose "Allow Kerberos authentication"
 * goes on does the same, and going off turns ALTERNATIVE ones DISABLED. Undefined when nothing changes.
 */
export function kerberosUpdateChange(
  before: ComponentRecord,
  after: ComponentRecord,
): { from: string; to: string } | undefined {
  if (after.providerType !== LDAP_PROVIDER_TYPE) return undefined;
  if (after.providerId === "kerberos") return { from: "DISABLED", to: "ALTERNATIVE" };
  if (after.providerId !== "ldap") return undefined;
  const was = usesKerberos(before);
  const is = usesKerberos(after);
  if (!was && is) return { from: "DISABLED", to: "ALTERNATIVE" };
  if (was && !is) return { from: "ALTERNATIVE", to: "DISABLED" };
  return undefined;
}
