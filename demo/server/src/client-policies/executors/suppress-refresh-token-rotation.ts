import type { Executor } from "../types.ts";

/** A refresh answers with a new access token only: no new refresh token (refresh_expires_in 0), as Keycloak 26.7.3. */
export const suppressRefreshTokenRotation: Executor = (ctx) => {
  if (ctx.event === "TOKEN_REFRESH" && ctx.effects) ctx.effects.suppressRefreshToken = true;
};
