import type { Executor } from "../types.ts";
import { ClientPolicyError, configFlag } from "../types.ts";

/**
 * Clients must ask users for consent; `auto-configure` turns consent on. An update that leaves it unset keeps the
 * stored value.
 */
export const consentRequired: Executor = (ctx, config) => {
  if (ctx.event !== "REGISTER" && ctx.event !== "UPDATE") return;
  const rep = ctx.proposed!;
  if (configFlag(config, "auto-configure")) rep.consentRequired = true;
  if (ctx.event === "UPDATE" && rep.consentRequired === undefined && ctx.client?.rep.consentRequired === true) return;
  if (rep.consentRequired !== true)
    throw new ClientPolicyError("invalid_registration", "Client is required to enable consentRequired");
};
