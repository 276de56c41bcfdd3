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
    file: "tests/e2e/user-federation.test.ts",
    test: "mappers on their own page (add, edit, delete), a role mapper's sync, the directory's users in the console, dark theme",
    reason:
      "passes on Keycloak 26.7.3 when run alone (twice, 2026-11-27: the role mapper's sync now says Keycloak's words), but after the file's earlier tests Keycloak refuses the READ_ONLY user's changed email with 400 'Could not update user!' instead of 'error-user-attribute-read-only': what the earlier tests leave in realm fed (their providers' imported users) changes Keycloak's answer; not yet looked at",
  },
];
