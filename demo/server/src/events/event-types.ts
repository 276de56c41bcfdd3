/**
 * Keycloak 26's user event types in the declaration order of its EventType
 * enum, each with its `saveByDefault` flag: a realm that saves events but names
 * no event types stores only the types flagged true.
 */
const EVENT_TYPES: readonly (readonly [type: string, saveByDefault: boolean, errorSaveByDefault: boolean | null])[] = [
  ["LOGIN", true, true],
  ["REGISTER", true, true],
  ["LOGOUT", true, true],
  ["CODE_TO_TOKEN", true, true],
  ["CLIENT_LOGIN", true, true],
  ["REFRESH_TOKEN", false, false],
  ["VALIDATE_ACCESS_TOKEN", false, false],
  ["INTROSPECT_TOKEN", false, false],
  ["FEDERATED_IDENTITY_LINK", true, true],
  ["REMOVE_FEDERATED_IDENTITY", true, true],
  ["UPDATE_EMAIL", true, true],
  ["UPDATE_PROFILE", true, true],
  ["UPDATE_PASSWORD", true, true],
  ["UPDATE_TOTP", true, true],
  ["VERIFY_EMAIL", true, true],
  ["VERIFY_PROFILE", true, true],
  ["REMOVE_TOTP", true, true],
  ["GRANT_CONSENT", true, true],
  ["UPDATE_CONSENT", true, true],
  ["REVOKE_GRANT", true, true],
  ["SEND_VERIFY_EMAIL", true, true],
  ["SEND_RESET_PASSWORD", true, true],
  ["SEND_IDENTITY_PROVIDER_LINK", true, true],
  ["RESET_PASSWORD", true, true],
  ["RESTART_AUTHENTICATION", true, true],
  ["INVALID_SIGNATURE", false, false],
  ["REGISTER_NODE", false, false],
  ["UNREGISTER_NODE", false, false],
  ["USER_INFO_REQUEST", false, false],
  ["IDENTITY_PROVIDER_LINK_ACCOUNT", true, true],
  ["IDENTITY_PROVIDER_LOGIN", true, true],
  ["IDENTITY_PROVIDER_FIRST_LOGIN", true, true],
  ["IDENTITY_PROVIDER_POST_LOGIN", true, true],
  ["IDENTITY_PROVIDER_RESPONSE", false, false],
  ["IDENTITY_PROVIDER_RETRIEVE_TOKEN", false, false],
  ["IMPERSONATE", true, true],
  ["CUSTOM_REQUIRED_ACTION", true, true],
  ["EXECUTE_ACTIONS", true, true],
  ["EXECUTE_ACTION_TOKEN", true, true],
  ["CLIENT_INFO", false, false],
  ["CLIENT_REGISTER", true, true],
  ["CLIENT_UPDATE", true, true],
  ["CLIENT_DELETE", true, true],
  ["CLIENT_INITIATED_ACCOUNT_LINKING", true, true],
  ["TOKEN_EXCHANGE", true, true],
  ["OAUTH2_DEVICE_AUTH", true, true],
  ["OAUTH2_DEVICE_VERIFY_USER_CODE", true, true],
  ["OAUTH2_DEVICE_CODE_TO_TOKEN", true, true],
  ["AUTHREQID_TO_TOKEN", true, true],
  ["PERMISSION_TOKEN", true, false],
  ["DELETE_ACCOUNT", true, true],
  ["PUSHED_AUTHORIZATION_REQUEST", false, false],
  // Keycloak 26.0 declares the lockout notices without an _ERROR twin.
  ["USER_DISABLED_BY_PERMANENT_LOCKOUT", true, null],
  ["USER_DISABLED_BY_TEMPORARY_LOCKOUT", true, null],
  ["FEDERATED_IDENTITY_OVERRIDE_LINK", true, true],
  ["UPDATE_CREDENTIAL", true, true],
  ["REMOVE_CREDENTIAL", true, true],
  ["INVITE_ORG", true, true],
  // added by Keycloak 26.1 to 26.7 (GET events/config of 26.7.3 lists them)
  ["OAUTH2_EXTENSION_GRANT", true, true],
  ["JWT_AUTHORIZATION_GRANT", true, true],
  ["VERIFIABLE_CREDENTIAL_REQUEST", true, true],
  ["VERIFIABLE_CREDENTIAL_OFFER_REQUEST", true, true],
  ["VERIFIABLE_CREDENTIAL_PRE_AUTHORIZED_GRANT", true, true],
  ["VERIFIABLE_CREDENTIAL_CREATE_OFFER", true, true],
];

const SAVE_BY_DEFAULT = new Map<string, boolean>();
for (const [type, saved, errorSaved] of EVENT_TYPES) {
  SAVE_BY_DEFAULT.set(type, saved);
  if (errorSaved !== null) SAVE_BY_DEFAULT.set(`${type}_ERROR`, errorSaved);
}

/** Every event type, in Keycloak's declaration order. */
export const eventTypes = (): string[] => [...SAVE_BY_DEFAULT.keys()];

/** The types stored when a realm saves events without naming types (GET events/config lists them). */
export const savedByDefaultEventTypes = (): string[] =>
  [...SAVE_BY_DEFAULT].filter(([, saved]) => saved).map(([type]) => type);

/** Whether the realm's events configuration stores events of this type. */
export function isEventTypeSaved(enabledEventTypes: readonly string[], type: string): boolean {
  return enabledEventTypes.length > 0 ? enabledEventTypes.includes(type) : SAVE_BY_DEFAULT.get(type) === true;
}
