/** The policy types Keycloak lets admin permissions use, in the order the chooser lists them. */
export const ADMIN_POLICY_TYPES = ["user", "group", "role", "client", "time", "regex", "aggregate"] as const;
