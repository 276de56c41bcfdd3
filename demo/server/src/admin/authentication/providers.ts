import { componentTypes, type ComponentType } from "../server-info/catalog.ts";

export interface ProviderInfo {
  id: string;
  displayName: string;
  description: string;
  properties: ComponentType["properties"];
}

const AUTHENTICATOR_NAMES: Record<string, string> = {
  "allow-access-authenticator": "Allow access",
  "auth-conditional-otp-form": "Conditional OTP Form",
  "auth-cookie": "Cookie",
  "auth-otp-form": "OTP Form",
  "auth-password-form": "Password Form",
  "auth-spnego": "Kerberos",
  "auth-username-form": "Username Form",
  "auth-username-password-form": "Username Password Form",
  "auth-x509-client-username-form": "X509/Validate Username Form",
  "basic-auth": "Basic Auth Challenge",
  "basic-auth-otp": "Basic Auth Password+OTP",
  "conditional-level-of-authentication": "Condition - Level of Authentication",
  "conditional-user-configured": "Condition - user configured",
  "conditional-user-role": "Condition - user role",
  "conditional-sub-flow-executed": "Condition - sub-flow executed",
  "conditional-credential": "Condition - credential",
  "auth-recovery-authn-code-form": "Recovery Authentication Code Form",
  "console-username-password": "Username Password Challenge",
  "deny-access-authenticator": "Deny access",
  "direct-grant-auth-x509-username": "X509/Validate Username",
  "direct-grant-validate-otp": "OTP",
  "direct-grant-validate-password": "Password",
  "direct-grant-validate-username": "Username Validation",
  "docker-http-basic-authenticator": "Docker Authenticator",
  "http-basic-authenticator": "HTTP Basic Authentication",
  "identity-provider-redirector": "Identity Provider Redirector",
  "idp-auto-link": "Automatically set existing user",
  "idp-confirm-link": "Confirm link existing account",
  "idp-create-user-if-unique": "Create User If Unique",
  "idp-detect-existing-broker-user": "Detect existing broker user",
  "idp-email-verification": "Verify existing account by Email",
  "idp-review-profile": "Review Profile",
  "idp-username-password-form": "Username Password Form for identity provider reauthentication",
  "idp-add-organization-member": "Organization Member Onboard",
  "no-cookie-redirect": "Browser Redirect for Cookie free authentication",
  organization: "Organization Identity-First Login",
  "reset-credential-email": "Send Reset Email",
  "reset-credentials-choose-user": "Choose User",
  "reset-otp": "Reset OTP",
  "reset-password": "Reset Password",
  "user-session-limits": "User session count limiter",
  "webauthn-authenticator": "WebAuthn Authenticator",
  "webauthn-authenticator-passwordless": "WebAuthn Passwordless Authenticator",
  "registration-page-form": "Registration Page",
  "registration-password-action": "Password Validation",
  "registration-profile-action": "Profile Validation",
  "registration-recaptcha-action": "reCAPTCHA",
  "registration-user-creation": "Registration User Profile Creation",
  "registration-terms-and-conditions": "Terms and conditions",
  "client-jwt": "Signed Jwt",
  "client-secret": "Client Id and Secret",
  "client-secret-jwt": "Signed Jwt with Client Secret",
  "client-x509": "X509 Certificate",
};

function describe(types: ComponentType[]): ProviderInfo[] {
  return types.map((t) => ({
    id: t.id,
    displayName: AUTHENTICATOR_NAMES[t.id] ?? t.id,
    description: t.helpText ?? "",
    properties: t.properties,
  }));
}

export const authenticators = () => describe(componentTypes("org.keycloak.authentication.Authenticator"));
export const clientAuthenticators = () => describe(componentTypes("org.keycloak.authentication.ClientAuthenticator"));
export const formActions = () => describe(componentTypes("org.keycloak.authentication.FormAction"));
export const formAuthenticators = () => describe(componentTypes("org.keycloak.authentication.FormAuthenticator"));

export function findProvider(providerId: string): ProviderInfo | undefined {
  return [...authenticators(), ...clientAuthenticators(), ...formActions(), ...formAuthenticators()].find(
    (p) => p.id === providerId,
  );
}

/** Requirements the console offers for an execution, as Keycloak's factories declare them. */
export function requirementChoices(
  providerId: string | undefined,
  isFlow: boolean,
  parentProviderId: string,
  subFlowProviderId?: string,
): string[] {
  if (isFlow) {
    if (subFlowProviderId === "form-flow") return ["REQUIRED", "DISABLED"];
    if (subFlowProviderId === "client-flow") return ["ALTERNATIVE", "REQUIRED", "DISABLED"];
    return ["REQUIRED", "ALTERNATIVE", "DISABLED", "CONDITIONAL"];
  }
  if (parentProviderId === "form-flow") return ["REQUIRED", "DISABLED"];
  if (providerId === "auth-username-password-form") return ["REQUIRED"];
  if (providerId?.startsWith("conditional-")) return ["REQUIRED", "DISABLED"];
  if (parentProviderId === "client-flow") return ["ALTERNATIVE", "REQUIRED", "DISABLED"];
  return ["REQUIRED", "ALTERNATIVE", "DISABLED"];
}
