/**
 * What of the end-to-end suites does NOT run against the real Keycloak (KC_TARGET=keycloak), each with its reason.
 * Every entry is a difference between our console or embedded server and Keycloak still to be fixed (fix the server or
 * the screen, never the test), so this list should shrink. A whole file when `test` is absent; a test is skipped
 * through `skip: keycloakExclusion("file", "test name")` in its file. Tests that need something only the embedded
 * server has are not listed here: they say so with `embeddedOnly(reason)`, or their file keeps startTestServer().
 * Found in the first run against Keycloak 26.7.3 (2026-11-27); the reasons are what the failures showed.
 */
export interface RealKeycloakExclusion {
  file: string;
  test?: string;
  reason: string;
}

export const REAL_KEYCLOAK_EXCLUSIONS: RealKeycloakExclusion[] = [
  {
    file: "tests/e2e/users.test.ts",
    test: "never lists a federated realm unfiltered: asks for a search first",
    reason:
      "a realm with an unreachable LDAP fails its searches on Keycloak: needs a real LDAP (slapd) in the test (the embedded server now also refuses an LDAP component without an edit mode, as Keycloak does)",
  },
  {
    file: "tests/e2e/authentication-settings.test.ts",
    test: "reorders and disables a required action; both persist",
    reason:
      "found in the first whole-run on the merged main: switching the second enabled required action off did not read back as disabled within 3 s on Keycloak 26.7.3 (passes on the embedded server); not yet known whether the switch's PUT or Keycloak's answer differs",
  },
  {
    file: "tests/e2e/authentication-flows.test.ts",
    reason:
      "6 of 8 fail: sign-ins to realm demo met Keycloak's organization identity-first page (ours has none; signIn() now handles it, and the helpdesk suites pass with it: re-run this one), the bound-flow delete message differs ('Could not delete flow: Cannot remove authentication flow, it is currently in use' not shown), a step's config description lookup finds no execution (TypeError reading id), the first test's sub-flow count differs (0 !== 1)",
  },
  {
    file: "tests/e2e/embedding.test.ts",
    reason:
      "the product team's page (its own client 'my-portal') never lists users on Keycloak (tokenProvider before and after connecting), and the not-allowed and expired-token kc-error details differ from the embedded server's",
  },
  {
    file: "tests/e2e/client-dedicated-scope.test.ts",
    reason:
      "the user-attribute mapper form has no 'User Attribute' textbox against Keycloak's mapper types (its server info lists them differently), and the pairwise mapper never shows 'Mapping successfully created'",
  },
  {
    file: "tests/e2e/client-list-tabs.test.ts",
    test: "imports a SAML entity descriptor and opens the new SAML client",
    reason:
      "passed in the first run, then timed out once waiting for 'Client imported successfully' (machine under heavy load): not yet known whether Keycloak answers the import differently",
  },
  {
    file: "tests/e2e/client-saml.test.ts",
    test: "sets consent required and a front channel logout URL on an OIDC client",
    reason:
      "no 'Front-channel logout URL' textbox appears for the OIDC client on Keycloak (the field's condition reads a value ours sets)",
  },
  {
    file: "tests/e2e/organizations.test.ts",
    test: "invites by email and removes a member, in the element",
    reason:
      "Keycloak answers the invitation with a mail error (no SMTP server in realm demo there), so 'Invitation has been sent.' never shows",
  },
  {
    file: "tests/e2e/realm-settings-import-preview.test.ts",
    test: "exports demo's clients and roles, previews what the import adds and skips, and imports with Skip",
    reason: "the partial import dialog never shows its 'Import results' grid against Keycloak's partial-import answer",
  },
  {
    file: "tests/e2e/realm-settings-login.test.ts",
    test: "saves each switch at once; with user registration on, the realm's login page links Register",
    reason:
      "Keycloak's login page for realm demo is the organization identity-first page, whose Register link the test does not find",
  },
];
