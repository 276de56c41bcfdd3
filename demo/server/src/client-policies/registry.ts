import type { Condition, Executor } from "./types.ts";
import { acrCondition } from "./conditions/acr.ts";
import { anyClient } from "./conditions/any-client.ts";
import { clientAccessType } from "./conditions/client-access-type.ts";
import { clientAttributes } from "./conditions/client-attributes.ts";
import { clientRoles } from "./conditions/client-roles.ts";
import { clientScopes } from "./conditions/client-scopes.ts";
import { clientType } from "./conditions/client-type.ts";
import { clientUpdaterContext } from "./conditions/client-updater-context.ts";
import { clientUpdaterSourceGroups } from "./conditions/client-updater-source-groups.ts";
import { clientUpdaterSourceHost } from "./conditions/client-updater-source-host.ts";
import { clientUpdaterSourceRoles } from "./conditions/client-updater-source-roles.ts";
import { grantType } from "./conditions/grant-type.ts";
import { identityProviderAlias } from "./conditions/identity-provider-alias.ts";
import { confidentialClient } from "./executors/confidential-client.ts";
import { consentRequired } from "./executors/consent-required.ts";
import { dpopBindEnforcer } from "./executors/dpop-bind-enforcer.ts";
import { fullScopeDisabled } from "./executors/full-scope-disabled.ts";
import { pkceEnforcer } from "./executors/pkce-enforcer.ts";
import { rejectImplicitGrant } from "./executors/reject-implicit-grant.ts";
import { registrationAccessTokenRotationDisabled } from "./executors/registration-access-token-rotation-disabled.ts";
import { rejectRequest } from "./executors/reject-request.ts";
import { rejectRopcGrant } from "./executors/reject-ropc-grant.ts";
import { secureClientAuthenticator } from "./executors/secure-client-authenticator.ts";
import { secureClientUris } from "./executors/secure-client-uris.ts";
import { secureLogout } from "./executors/secure-logout.ts";
import { secureParContent } from "./executors/secure-par-content.ts";
import { secureRedirectUrisEnforcer } from "./executors/secure-redirect-uris-enforcer.ts";
import { secureResponseType } from "./executors/secure-response-type.ts";
import { secureSession } from "./executors/secure-session.ts";
import { secureSignatureAlgorithm } from "./executors/secure-signature-algorithm.ts";
import { suppressRefreshTokenRotation } from "./executors/suppress-refresh-token-rotation.ts";
import { useLightweightAccessToken } from "./executors/use-lightweight-access-token.ts";

/** The conditions this server evaluates, by Keycloak's provider id. A condition not listed never matches. */
export const CONDITIONS: Record<string, Condition> = {
  "acr-condition": acrCondition,
  "any-client": anyClient,
  "client-access-type": clientAccessType,
  "client-attributes": clientAttributes,
  "client-roles": clientRoles,
  "client-scopes": clientScopes,
  "client-type": clientType,
  "client-updater-context": clientUpdaterContext,
  "client-updater-source-groups": clientUpdaterSourceGroups,
  "client-updater-source-host": clientUpdaterSourceHost,
  "client-updater-source-roles": clientUpdaterSourceRoles,
  "grant-type": grantType,
  "identity-provider-alias": identityProviderAlias,
};

/** The executors this server runs, by Keycloak's provider id. An executor not listed is skipped. */
export const EXECUTORS: Record<string, Executor> = {
  "pkce-enforcer": pkceEnforcer,
  "reject-implicit-grant": rejectImplicitGrant,
  "reject-ropc-grant": rejectRopcGrant,
  "reject-request": rejectRequest,
  "confidential-client": confidentialClient,
  "full-scope-disabled": fullScopeDisabled,
  "consent-required": consentRequired,
  "secure-client-authenticator": secureClientAuthenticator,
  "secure-client-uris": secureClientUris,
  "secure-response-type": secureResponseType,
  "secure-session": secureSession,
  "secure-logout": secureLogout,
  "dpop-bind-enforcer": dpopBindEnforcer,
  "suppress-refresh-token-rotation": suppressRefreshTokenRotation,
  "secure-signature-algorithm": secureSignatureAlgorithm,
  "use-lightweight-access-token": useLightweightAccessToken,
  "registration-access-token-rotation-disabled": registrationAccessTokenRotationDisabled,
  "secure-par-content": secureParContent,
  "secure-redirect-uris-enforcer": secureRedirectUrisEnforcer,
};
