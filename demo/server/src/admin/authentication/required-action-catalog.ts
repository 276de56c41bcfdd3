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
  defaultValue: "300",
};

/** Config properties of the configurable required actions; the others answer 400 on config calls. */
export const REQUIRED_ACTION_CONFIG: Record<string, ConfigProperty[]> = {
  UPDATE_PASSWORD: [MAX_AUTH_AGE],
  CONFIGURE_TOTP: [MAX_AUTH_AGE],
  UPDATE_EMAIL: [MAX_AUTH_AGE],
  "webauthn-register": [MAX_AUTH_AGE],
  "webauthn-register-passwordless": [MAX_AUTH_AGE],
  CONFIGURE_RECOVERY_AUTHN_CODES: [MAX_AUTH_AGE],
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
