import type { Condition } from "../types.ts";
import { configList } from "../types.ts";

/**
 * How the client is being registered or updated: through the admin API it is always by an authenticated user
 * (ByAuthenticatedUser); the other sources (anonymous, initial or registration access token) are dynamic
 * client registration's.
 */
export const clientUpdaterContext: Condition = (ctx, config) => {
  if (ctx.event !== "REGISTER" && ctx.event !== "UPDATE") return "ABSTAIN";
  const source = ctx.updater ? "ByAuthenticatedUser" : "ByAnonymous";
  return (configList(config, "update-client-source") ?? []).includes(source) ? "YES" : "NO";
};
