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

const MAX_AUTH_AGE: ConfigProperty = {
  name: "max_auth_age",
  label: "Maximum Age of Authentication",
  helpText:
    "Configures the duration in seconds this action can be used after the last authentication before the user is required to re-authenticate. This parameter is used just in the context of AIA when the kc_action parameter is available in the request, which is for instance when user himself updates his password in the account console.",
  type: "String",
  defaultValue: 300,
};

const WARNING_THRESHOLD: ConfigProperty = {
  name: "warning_threshold",
  label: "Warning Threshold",
  helpText:
    "When user has smaller amount of remaining recovery codes on his account than the value configured here, account console will show warning to the user, which will recommend him to setup new set of recovery codes.",
  type: "Integer",
  defaultValue: 4,
};

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

/** Config properties of the configurable required actions; the others answer 400 on config calls. */
export const REQUIRED_ACTION_CONFIG: Record<string, ConfigProperty[]> = {
  UPDATE_PASSWORD: [MAX_AUTH_AGE],
  CONFIGURE_TOTP: [MAX_AUTH_AGE],
  UPDATE_EMAIL: [MAX_AUTH_AGE],
  "webauthn-register": [MAX_AUTH_AGE],
  "webauthn-register-passwordless": [MAX_AUTH_AGE],
  CONFIGURE_RECOVERY_AUTHN_CODES: [WARNING_THRESHOLD, MAX_AUTH_AGE],
  delete_credential: [MAX_AUTH_AGE],
  VERIFY_EMAIL: [
    {
      name: "verify-email-code-lifespan",
      label: "Email verification code lifespan",
      helpText: "Lifespan of the email verification code in seconds.",
      type: "String",
    },
  ],
};
