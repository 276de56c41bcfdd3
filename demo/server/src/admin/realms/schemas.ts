import { Type, type Static } from "typebox";
import type RealmRepresentation from "@keycloak/keycloak-admin-client/lib/defs/realmRepresentation.js";
import {
  AnyObject,
  Bool,
  Flag,
  Int,
  Long,
  Name,
  NAME_MAX,
  NamedMap,
  ObjectList,
  Query,
  Representation,
  Str,
  StringMap,
  StrList,
} from "../common/schemas.ts";
import type { Fits } from "../common/fits.ts";
import { RoleSchema } from "../groups-roles/schemas.ts";

const INT_FIELDS = [
  "accessCodeLifespan",
  "accessCodeLifespanLogin",
  "accessCodeLifespanUserAction",
  "accessTokenLifespan",
  "accessTokenLifespanForImplicitFlow",
  "actionTokenGeneratedByAdminLifespan",
  "actionTokenGeneratedByUserLifespan",
  "clientOfflineSessionIdleTimeout",
  "clientOfflineSessionMaxLifespan",
  "clientSessionIdleTimeout",
  "clientSessionMaxLifespan",
  "failureFactor",
  "maxDeltaTimeSeconds",
  "maxFailureWaitSeconds",
  "maxSecondaryAuthFailures",
  "maxTemporaryLockouts",
  "minimumQuickLoginWaitSeconds",
  "notBefore",
  "oauth2DeviceCodeLifespan",
  "oauth2DevicePollingInterval",
  "offlineSessionIdleTimeout",
  "offlineSessionMaxLifespan",
  "otpPolicyDigits",
  "otpPolicyInitialCounter",
  "otpPolicyLookAheadWindow",
  "otpPolicyPeriod",
  "refreshTokenMaxReuse",
  "ssoSessionIdleTimeout",
  "ssoSessionIdleTimeoutRememberMe",
  "ssoSessionMaxLifespan",
  "ssoSessionMaxLifespanRememberMe",
  "waitIncrementSeconds",
  "webAuthnPolicyCreateTimeout",
  "webAuthnPolicyPasswordlessCreateTimeout",
] as const;

const BOOL_FIELDS = [
  "adminEventsDetailsEnabled",
  "adminEventsEnabled",
  "adminPermissionsEnabled",
  "bruteForceProtected",
  "duplicateEmailsAllowed",
  "editUsernameAllowed",
  "enabled",
  "eventsEnabled",
  "internationalizationEnabled",
  "loginWithEmailAllowed",
  "offlineSessionMaxLifespanEnabled",
  "organizationsEnabled",
  "otpPolicyCodeReusable",
  "permanentLockout",
  "registrationAllowed",
  "registrationEmailAsUsername",
  "rememberMe",
  "resetPasswordAllowed",
  "revokeRefreshToken",
  "scimApiEnabled",
  "userManagedAccessAllowed",
  "verifiableCredentialsEnabled",
  "verifyEmail",
  "webAuthnPolicyAvoidSameAuthenticatorRegister",
  "webAuthnPolicyPasswordlessAvoidSameAuthenticatorRegister",
  "webAuthnPolicyPasswordlessPasskeysEnabled",
] as const;

/** Strings in VARCHAR(255) columns of Keycloak's REALM table (flows are bound by their alias, itself 255). */
const COLUMN_FIELDS = [
  "accountTheme",
  "adminTheme",
  "browserFlow",
  "clientAuthenticationFlow",
  "defaultLocale",
  "directGrantFlow",
  "dockerAuthenticationFlow",
  "emailTheme",
  "firstBrokerLoginFlow",
  "loginTheme",
  "registrationFlow",
  "resetCredentialsFlow",
] as const;

/** Strings Keycloak keeps in text columns (realm attributes) or does not store. */
const TEXT_FIELDS = ["defaultSignatureAlgorithm", "id", "keycloakVersion"] as const;

/** Lists whose values are rows of VARCHAR(255) columns (event types and listeners, locales, scope and role names). */
const COLUMN_LIST_FIELDS = [
  "defaultDefaultClientScopes",
  "defaultOptionalClientScopes",
  "defaultRoles",
  "enabledEventTypes",
  "eventsListeners",
  "supportedLocales",
] as const;

/** Lists kept as text (group paths, a realm attribute). */
const TEXT_LIST_FIELDS = ["defaultGroups", "otpSupportedApplications"] as const;

const OBJECT_LIST_FIELDS = [
  "authenticationFlows",
  "authenticatorConfig",
  "clientScopes",
  "clients",
  "federatedUsers",
  "groups",
  "identityProviderMappers",
  "identityProviders",
  "protocolMappers",
  "requiredActions",
  "scopeMappings",
  "userFederationMappers",
  "userFederationProviders",
  "users",
  "organizations",
] as const;

const OBJECT_FIELDS = [
  "adminPermissionsClient",
  "applicationScopeMappings",
  "clientPolicies",
  "clientProfiles",
  "clientScopeMappings",
  "components",
] as const;

/** Keycloak's SslRequired, read case-insensitively (`SslRequired.valueOf(value.toUpperCase())`). */
const SSL_REQUIRED = "^(?:[Aa][Ll][Ll]|[Ee][Xx][Tt][Ee][Rr][Nn][Aa][Ll]|[Nn][Oo][Nn][Ee])$";

const fields = <K extends string, T>(names: readonly K[], schema: () => T) =>
  Object.fromEntries(names.map((name) => [name, schema()])) as Record<K, T>;

/** Keycloak's RealmRepresentation: name, display names and every typed setting the server reads. */
export const RealmSchema = Representation("RealmRepresentation", {
  realm: Name(),
  // Realm attributes are text columns in Keycloak (REALM_ATTRIBUTE.VALUE): no 255 cap (HTML display names are often
  // longer); their names are VARCHAR(255).
  displayName: Str(),
  displayNameHtml: Str(),
  attributes: Type.Optional(NamedMap(Type.String(), { nullable: true })),
  browserSecurityHeaders: StringMap(),
  eventsExpiration: Long(),
  quickLoginCheckMilliSeconds: Long(),
  bruteForceStrategy: Type.Optional(Type.Union([Type.Literal("MULTIPLE"), Type.Literal("LINEAR")])),
  roles: Type.Optional(
    Type.Object(
      {
        realm: Type.Optional(Type.Array(RoleSchema, { nullable: true })),
        client: Type.Optional(Type.Record(Type.String(), Type.Array(RoleSchema), { nullable: true })),
      },
      { nullable: true },
    ),
  ),
  sslRequired: Type.Optional(Type.String({ nullable: true, maxLength: NAME_MAX, pattern: SSL_REQUIRED })),
  passwordPolicy: Str({ maxLength: 2550 }),
  otpPolicyAlgorithm: Str({ maxLength: 36 }),
  otpPolicyType: Str({ maxLength: 36 }),
  // REALM_SMTP_CONFIG: name and value VARCHAR(255); Jackson reads numbers and booleans as their text.
  smtpServer: Type.Optional(NamedMap(Type.String({ maxLength: NAME_MAX }), { nullable: true })),
  // REALM_LOCALIZATIONS: a text per locale, `Map<String, Map<String, String>>`.
  localizationTexts: Type.Optional(NamedMap(Type.Record(Type.String(), Type.String()), { nullable: true })),
  defaultRole: Type.Optional(Type.Union([RoleSchema, Type.Null()])),
  ...fields(COLUMN_FIELDS, Name),
  ...fields(TEXT_FIELDS, Str),
  ...fields(INT_FIELDS, Int),
  ...fields(BOOL_FIELDS, Bool),
  ...fields(COLUMN_LIST_FIELDS, () => StrList({ maxLength: NAME_MAX })),
  ...fields(TEXT_LIST_FIELDS, StrList),
  ...fields(OBJECT_LIST_FIELDS, ObjectList),
  ...fields(OBJECT_FIELDS, AnyObject),
});
export type RealmInput = Static<typeof RealmSchema>;
export const realmFits: Fits<RealmInput, RealmRepresentation> = true;

export const BriefQuery = Query({ briefRepresentation: Flag() });
export const ExportQuery = Query({ exportClients: Flag(), exportGroupsAndRoles: Flag() });

/** testSMTPConnection: Keycloak reads a `Map<String, String>` (the admin client sends numbers as they are). */
export const SmtpSettingsSchema = Type.Record(Type.String(), Type.String(), { title: "SmtpSettings", nullable: true });
