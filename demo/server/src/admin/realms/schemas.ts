import { Type, type Static } from "typebox";
import type RealmRepresentation from "@keycloak/keycloak-admin-client/lib/defs/realmRepresentation.js";
import {
  AnyObject,
  Bool,
  Flag,
  Int,
  Long,
  Name,
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
  "userManagedAccessAllowed",
  "verifiableCredentialsEnabled",
  "verifyEmail",
  "webAuthnPolicyAvoidSameAuthenticatorRegister",
  "webAuthnPolicyPasswordlessAvoidSameAuthenticatorRegister",
  "webAuthnPolicyPasswordlessPasskeysEnabled",
] as const;

const STRING_FIELDS = [
  "accountTheme",
  "adminTheme",
  "browserFlow",
  "clientAuthenticationFlow",
  "defaultLocale",
  "defaultSignatureAlgorithm",
  "directGrantFlow",
  "dockerAuthenticationFlow",
  "emailTheme",
  "firstBrokerLoginFlow",
  "id",
  "keycloakVersion",
  "loginTheme",
  "otpPolicyAlgorithm",
  "otpPolicyType",
  "passwordPolicy",
  "registrationFlow",
  "resetCredentialsFlow",
  "sslRequired",
] as const;

const LIST_FIELDS = [
  "defaultDefaultClientScopes",
  "defaultGroups",
  "defaultOptionalClientScopes",
  "defaultRoles",
  "enabledEventTypes",
  "eventsListeners",
  "otpSupportedApplications",
  "supportedLocales",
] as const;

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
  "defaultRole",
  "localizationTexts",
  "smtpServer",
] as const;

const fields = <K extends string, T>(names: readonly K[], schema: () => T) =>
  Object.fromEntries(names.map((name) => [name, schema()])) as Record<K, T>;

/** Keycloak's RealmRepresentation: name, display names and every typed setting the server reads. */
export const RealmSchema = Representation("RealmRepresentation", {
  realm: Name(),
  // Realm attributes are text columns in Keycloak: no 255 cap (HTML display names are often longer).
  displayName: Str(),
  displayNameHtml: Str(),
  attributes: StringMap(),
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
  ...fields(INT_FIELDS, Int),
  ...fields(BOOL_FIELDS, Bool),
  ...fields(STRING_FIELDS, Str),
  ...fields(LIST_FIELDS, StrList),
  ...fields(OBJECT_LIST_FIELDS, ObjectList),
  ...fields(OBJECT_FIELDS, AnyObject),
});
export type RealmInput = Static<typeof RealmSchema>;
export const realmFits: Fits<RealmInput, RealmRepresentation> = true;

export const BriefQuery = Query({ briefRepresentation: Flag() });
export const ExportQuery = Query({ exportClients: Flag(), exportGroupsAndRoles: Flag() });

/** testSMTPConnection: Keycloak reads a `Map<String, String>` (the admin client sends numbers as they are). */
export const SmtpSettingsSchema = Type.Record(Type.String(), Type.String(), { title: "SmtpSettings", nullable: true });
