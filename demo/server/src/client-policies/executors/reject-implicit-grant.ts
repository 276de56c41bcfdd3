import type { Executor } from "../types.ts";
import { ClientPolicyError, configFlag } from "../types.ts";
import { invalidClientMetadata } from "./client-metadata.ts";

/**
 * No implicit or hybrid flow, whatever the client allows; `auto-configure` turns the client's implicit flow off. A
 * pushed request must ask for `code` alone.
 */
export const rejectImplicitGrant: Executor = (ctx, config) => {
  if (ctx.event === "REGISTER" || ctx.event === "UPDATE") {
    const rep = ctx.proposed!;
    if (configFlag(config, "auto-configure")) rep.implicitFlowEnabled = false;
    if (rep.implicitFlowEnabled === true) throw invalidClientMetadata("Invalid client metadata: implicit flow enabled");
  } else if (ctx.event === "PUSHED_AUTHORIZATION_REQUEST") {
    const responseType = ctx.pushed?.response_type;
    if (!responseType) throw new ClientPolicyError("invalid_request", "No response type.");
    if (responseType !== "code") throw new ClientPolicyError("invalid_request", "Implicit/Hybrid flow is prohibited.");
  } else if (ctx.event === "AUTHORIZATION_REQUEST") {
    const types = (ctx.authorization?.responseType ?? "").split(" ");
    if (types.includes("token") || types.includes("id_token"))
      throw new ClientPolicyError("invalid_request", "Implicit/Hybrid flow is prohibited.");
  }
};
