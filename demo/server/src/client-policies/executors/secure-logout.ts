import type { Executor } from "../types.ts";
import { ClientPolicyError, configFlag } from "../types.ts";

const FRONT_CHANNEL_LOGOUT_URL = "frontchannel.logout.url";

/**
 * Unless `allow-front-channel-logout`, a client registered or updated through the admin API may neither turn
 * front-channel logout on nor name a front-channel logout URL (Keycloak's secure-logout, judged on the body sent).
 */
export const secureLogout: Executor = (ctx, config) => {
  if (ctx.event !== "REGISTER" && ctx.event !== "UPDATE") return;
  if (configFlag(config, "allow-front-channel-logout")) return;
  const rep = ctx.proposed!;
  const url = (rep.attributes as Record<string, unknown> | undefined)?.[FRONT_CHANNEL_LOGOUT_URL];
  if (rep.frontchannelLogout === true || (typeof url === "string" && url.trim() !== ""))
    throw new ClientPolicyError("invalid_registration", "Front-channel logout is not allowed for this client");
};
