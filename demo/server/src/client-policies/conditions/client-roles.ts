import type { Condition } from "../types.ts";
import { configList } from "../types.ts";
import { judgedClient } from "./judged-client.ts";

const JUDGED = new Set([
  "PRE_AUTHORIZATION_REQUEST",
  "PUSHED_AUTHORIZATION_REQUEST",
  "AUTHORIZATION_REQUEST",
  "TOKEN_REQUEST",
  "TOKEN_REFRESH",
  "RESOURCE_OWNER_PASSWORD_CREDENTIALS_REQUEST",
]);

/** The client defines at least one of the named client roles (its own roles, not roles it holds). */
export const clientRoles: Condition = (ctx, config) => {
  if (!JUDGED.has(ctx.event)) return "ABSTAIN";
  const wanted = configList(config, "roles");
  const client = judgedClient(ctx);
  if (!wanted || !client) return "NO";
  for (const role of ctx.server.db.iterate("roles", ctx.realm.id))
    if (role.clientId === client.id && wanted.includes(role.name)) return "YES";
  return "NO";
};
