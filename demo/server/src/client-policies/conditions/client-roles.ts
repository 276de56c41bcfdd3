import type { Condition } from "../types.ts";
import { configList } from "../types.ts";
import { judgedClient } from "./judged-client.ts";

/**
 * The client defines at least one of the named client roles (its own roles, not roles it holds). Judged wherever the
 * request has a client; before an authorization request is checked, a client_id naming no client does not match.
 */
export const clientRoles: Condition = (ctx, config) => {
  const client = judgedClient(ctx);
  if (!client) return ctx.event === "PRE_AUTHORIZATION_REQUEST" ? "NO" : "ABSTAIN";
  const wanted = configList(config, "roles");
  if (!wanted) return "NO";
  for (const role of ctx.server.db.iterate("roles", ctx.realm.id))
    if (role.clientId === client.id && wanted.includes(role.name)) return "YES";
  return "NO";
};
