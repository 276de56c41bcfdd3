/**
 * The Keycloak release that brought a realm setting (its release notes). An older server stores the value
 * and ignores it, so the field says so when server info reports an older version.
 */
export const SETTING_SINCE = {
  unmanagedAttributePolicy: "24.0.0",
  maxTemporaryLockouts: "24.0.0",
  organizationsEnabled: "25.0.0",
  adminPermissionsEnabled: "26.2.0",
} as const;
