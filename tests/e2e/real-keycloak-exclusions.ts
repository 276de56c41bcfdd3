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
    file: "tests/e2e/realm-settings-import-preview.test.ts",
    test: "exports demo's clients and roles, previews what the import adds and skips, and imports with Skip",
    reason:
      "with Client roles unchecked, Keycloak 26.7.3 refuses the whole partial import (500 'Unable to find composite client role: viewer': a demo realm role is a composite of a client role that is then not in the import), so no 'Import results' grid shows; the embedded server imports the same selection. The embedded server should refuse such a file as Keycloak does (with a 400 rather than a 500), and the console should say so in the preview",
  },

  {
    file: "tests/e2e/user-federation.test.ts",
    test: "a directory refusing a self-registered user shows on the registration page, the form kept",
    reason:
      "Keycloak's register page (keycloak.v2 markup) has no field the test finds by getByLabel(/^Password/) within 20 s (as in registration.test.ts, still embedded-only), and what Keycloak shows when the directory refuses the new entry is not yet observed: run it there once the register page is driven by role and label",
  },
];
