import type { ConfigProperty } from "../server-info/catalog.ts";

/** Required action providers Keycloak 26 ships: providerId -> display name. */
export const REQUIRED_ACTION_PROVIDERS: Record<string, string> = {
  CONFIGURE_TOTP: "Configure OTP",
  TERMS_AND_CONDITIONS: "Terms and Conditions",
  UPDATE_PASSWORD: "Update Password",
  UPDATE_PROFILE: "Update Profile",
  VERIFY_EMAIL: "Verify Email",
  delete_account: "Delete Account",
  "webauthn-register": "Webauthn Register",
  "webauthn-register-passwordless": "Webauthn Register Passwordless",
  VERIFY_PROFILE: "Verify Profile",
  delete_credential: "Delete Credential",
  idp_link: "Linking Identity Provider",
  update_user_locale: "Update User Locale",
  UPDATE_EMAIL: "Update Email",
  CONFIGURE_RECOVERY_AUTHN_CODES: "Recovery Authentication Codes",
};

/** A config property as Keycloak 26.7.3 describes it (secret, required and readOnly spelled out). */
const property = (described: ConfigProperty): ConfigProperty => ({
  ...described,
  secret: false,
  required: false,
  readOnly: false,
});

const MAX_AUTH_AGE = property({
  name: "max_auth_age",
  label: "Maximum Age of Authentication",
  helpText:
    "Configures the duration in seconds this action can be used after the last authentication before the user is required to re-authenticate. This parameter is used just in the context of AIA when the kc_action parameter is available in the request, which is for instance when user himself updates his password in the account console.",
  type: "String",
  defaultValue: 300,
});

const EMAIL_RESEND_COOLDOWN = property({
  name: "emailResendCooldownSeconds",
  label: "Cooldown Between Email Resend (seconds)",
  helpText: "Minimum delay in seconds before another email verification email can be sent.",
  type: "String",
  defaultValue: "30",
});

/** Keycloak's check of a recovery codes configuration: a whole number, 0 or more. */
export function requiredActionConfigError(
  providerId: string,
  config: Record<string, string>,
): { field: string; errorMessage: string; params: unknown[] } | undefined {
  if (providerId !== "CONFIGURE_RECOVERY_AUTHN_CODES" || config.warning_threshold === undefined) return undefined;
  const field = "warning_threshold";
  if (!/^[+-]?\d+$/.test(config.warning_threshold))
    return { field, errorMessage: "error-invalid-value", params: [field] };
  if (Number(config.warning_threshold) < 0)
    return { field, errorMessage: "error-number-out-of-range-too-small", params: [field, 0] };
  return undefined;
}

/**
 * Config properties of the configurable required actions, as Keycloak 26.7.3 describes them: every provider but
 * delete_account; the others answer 400 on config calls and 404 on their description.
 */
export const REQUIRED_ACTION_CONFIG: Record<string, ConfigProperty[]> = {
  TERMS_AND_CONDITIONS: [MAX_AUTH_AGE],
  UPDATE_PROFILE: [MAX_AUTH_AGE],
  VERIFY_EMAIL: [MAX_AUTH_AGE, EMAIL_RESEND_COOLDOWN],
  CONFIGURE_TOTP: [
    MAX_AUTH_AGE,
    property({
      name: "add-recovery-codes",
      label: "Add Recovery Codes",
      helpText:
        "If this option is enabled, the user will be required to configure recovery codes following the OTP configuration.\nIf the user already has recovery codes configured, Keycloak will not ask for setting them up.\nAs a prerequisite, enable the recovery codes required action and enable recovery codes in your authentication flow.",
      type: "boolean",
      defaultValue: false,
    }),
  ],
  UPDATE_PASSWORD: [MAX_AUTH_AGE],
  UPDATE_EMAIL: [
    MAX_AUTH_AGE,
    property({
      name: "verifyEmail",
      label: "Force Email Verification",
      helpText:
        "If enabled, the user will be forced to verify the email regardless if email verification is enabled at the realm level or not. Otherwise, verification will be based on the realm level setting.",
      type: "boolean",
      defaultValue: false,
    }),
    EMAIL_RESEND_COOLDOWN,
  ],
  "webauthn-register": [MAX_AUTH_AGE],
  "webauthn-register-passwordless": [MAX_AUTH_AGE],
  VERIFY_PROFILE: [MAX_AUTH_AGE],
  delete_credential: [MAX_AUTH_AGE],
  idp_link: [MAX_AUTH_AGE],
  CONFIGURE_RECOVERY_AUTHN_CODES: [
    property({
      name: "warning_threshold",
      label: "Warning Threshold",
      helpText:
        "When user has smaller amount of remaining recovery codes on his account than the value configured here, account console will show warning to the user, which will recommend him to setup new set of recovery codes.",
      type: "Integer",
      defaultValue: 4,
    }),
    MAX_AUTH_AGE,
  ],
  update_user_locale: [MAX_AUTH_AGE],
};
