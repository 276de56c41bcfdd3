import type { Executor } from "../types.ts";

/**
 * A client updated through dynamic registration with its registration access token keeps that token: the answer
 * carries it again instead of a new one (Keycloak 26.7.3's registration-access-token-rotation-disabled). Elsewhere,
 * the admin API included, it changes nothing.
 */
export const registrationAccessTokenRotationDisabled: Executor = (ctx) => {
  if (ctx.registration) ctx.registration.keepRegistrationAccessToken = true;
};
