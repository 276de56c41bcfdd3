import type { Executor } from "../types.ts";
import { ClientPolicyError, configFlag } from "../types.ts";
import { invalidClientMetadata } from "./client-metadata.ts";

/** No resource owner password grant, whatever the client allows; `auto-configure` turns direct access grants off. */
export const rejectRopcGrant: Executor = (ctx, config) => {
  if (ctx.event === "REGISTER" || ctx.event === "UPDATE") {
    const rep = ctx.proposed!;
    if (configFlag(config, "auto-configure")) rep.directAccessGrantsEnabled = false;
    if (rep.directAccessGrantsEnabled === true)
      throw invalidClientMetadata("Invalid client metadata: resource owner password credentials grant enabled");
  } else if (ctx.event === "RESOURCE_OWNER_PASSWORD_CREDENTIALS_REQUEST") {
    throw new ClientPolicyError("invalid_grant", "resource owner password credentials grant is prohibited.");
  }
};
