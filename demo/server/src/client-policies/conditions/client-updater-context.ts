import type { Condition } from "../types.ts";
import { configList } from "../types.ts";

/**
 * How the client is being registered or updated: through the admin API always by an authenticated user; through
 * dynamic client registration anonymously, with an initial access token, a registration access token or a user's
 * bearer token.
 */
export const clientUpdaterContext: Condition = (ctx, config) => {
  if (ctx.event !== "REGISTER" && ctx.event !== "UPDATE") return "ABSTAIN";
  const source = ctx.updater?.source ?? "ByAnonymous";
  return (configList(config, "update-client-source") ?? []).includes(source) ? "YES" : "NO";
};
