import type { Condition } from "../types.ts";

/**
 * Keycloak 26.7.3 judges identity-provider-alias only on the identity brokering API v2 and the JWT authorization
 * grant (both behind features this server does not have): on every event here it abstains, so a policy with it and
 * another condition that says YES still applies, as on Keycloak.
 */
export const identityProviderAlias: Condition = () => "ABSTAIN";
