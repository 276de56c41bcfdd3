import type { Executor } from "../types.ts";
import { ClientPolicyError, configFlag } from "../types.ts";

/**
 * Clients may not have "Full scope allowed"; `auto-configure` turns it off. A registration that leaves it unset gets
 * the server's default (on) and is refused; an update that leaves it unset keeps the stored value.
 */
export const fullScopeDisabled: Executor = (ctx, config) => {
  if (ctx.event !== "REGISTER" && ctx.event !== "UPDATE") return;
  const rep = ctx.proposed!;
  if (configFlag(config, "auto-configure")) rep.fullScopeAllowed = false;
  if (ctx.event === "UPDATE" && rep.fullScopeAllowed === undefined && ctx.client?.rep.fullScopeAllowed === false)
    return;
  if (rep.fullScopeAllowed === undefined || rep.fullScopeAllowed === true)
    throw new ClientPolicyError("invalid_registration", "Not permitted to enable fullScopeAllowed");
};
