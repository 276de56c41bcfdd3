/**
 * What of the end-to-end suites does NOT run against the real Keycloak (KC_TARGET=keycloak), each with its reason.
 * Every entry is a difference between our console or embedded server and Keycloak still to be fixed (fix the server or
 * the screen, never the test), so this list should shrink. A whole file when `test` is absent; a test is skipped
 * through `skip: keycloakExclusion("file", "test name")` in its file. Tests that need something only the embedded
 * server has are not listed here: they say so with `embeddedOnly(reason)`, or their file keeps startTestServer().
 * Found in the first run against Keycloak 26.7.3 (2026-11-27) and brought up to date by a re-run of each entry the same
 * day; the reasons are what the failures showed.
 */
export interface RealKeycloakExclusion {
  file: string;
  test?: string;
  reason: string;
}

export const REAL_KEYCLOAK_EXCLUSIONS: RealKeycloakExclusion[] = [
  {
    file: "tests/e2e/authentication-flows.test.ts",
    test: "signs in through the bound flow: OTP set up by CONFIGURE_TOTP, then asked for, a wrong code refused",
    reason:
      "the first test binds a copy of the browser flow with its CONDITIONAL 'otp check' sub-flow at the top level, next to the ALTERNATIVE cookie/forms steps; Keycloak then ignores the alternatives (REQUIRED/CONDITIONAL and ALTERNATIVE at one level), so the account page's sign-in never shows the login form. The embedded server still runs the alternatives: it should follow Keycloak's rule, and the scenario should build its sub-flow inside 'forms' (whose copy already holds Keycloak's 'Browser - Conditional 2FA')",
  },
  {
    file: "tests/e2e/authentication-flows.test.ts",
    test: "refuses a short password in the reset-password dialog once the policy says length(12)",
    reason:
      "its last step signs in on the account page through the browser flow the first test bound: the same top-level CONDITIONAL sub-flow as above keeps Keycloak from showing the login form",
  },
  {
    file: "tests/e2e/authentication-flows.test.ts",
    test: "makes Terms and Conditions a default action that a new user meets at the next sign-in",
    reason:
      "the default action now saves on Keycloak (the test waits for the switch to be enabled again), but the new user's sign-in goes through the flow the first test bound: the same top-level CONDITIONAL sub-flow as above keeps Keycloak from showing the login form",
  },
  {
    file: "tests/e2e/embedding.test.ts",
    test: "reports an expired token the server rejects as kc-error at stage token with status 401",
    reason:
      "Keycloak answers a rejected token's 401 without CORS headers, so the portal on another origin sees a network failure (kc-error stage 'network', no status); the embedded server adds the expired token's allowed origins to its 401 (demo/server/src/oidc/cors.ts) so the page can read it. The embedded server should answer as Keycloak does, and the console should then tell an expired token from its claims",
  },
  {
    file: "tests/e2e/organizations.test.ts",
    test: "invites by email and removes a member, in the element",
    reason:
      "re-run: still no 'Invitation has been sent.': Keycloak answers the invitation with a mail error because realm demo has no SMTP server there, while the embedded server reports it sent without one. The test should give demo an SMTP sink (the embedded server should then also refuse without SMTP settings, as Keycloak does)",
  },
  {
    file: "tests/e2e/realm-settings-import-preview.test.ts",
    test: "exports demo's clients and roles, previews what the import adds and skips, and imports with Skip",
    reason:
      "the refusal now matches (both refuse the import without client roles: 'Unable to find composite client role: viewer', 400 here, 500 there, and the dialog says so; passed on Keycloak 26.7.3), but the import that follows with client roles fails there: Keycloak's partial export of demo also holds the two service-account users (service-account-orders-service, service-account-portal), and importing them beside their clients answers 409 'Duplicate resource error' (the client import already made them). The embedded server's partial export leaves those users out and its import accepts them: export and import them as Keycloak does",
  },
  {
    file: "tests/e2e/permissions.test.ts",
    reason:
      "no 'Successfully created the permission' on Keycloak: in the demo realm as imported from demoRealmRep() (admin permissions then turned on by the test), Keycloak 26.7.3 answers every POST …/admin-permissions/authz/resource-server/permission/scope with 400 {error: unknown_error}, even {name, resourceType: 'Users', scopes: ['view']} with no resources or policies; a fresh realm (created bare, admin permissions turned on by a PUT) takes the same bodies with 201. Something in the demo seed breaks Keycloak's v2 permissions: find it (bisect the seed) and make the embedded server refuse it alike or change the seed",
  },
];
