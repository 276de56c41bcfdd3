import type { Condition, PolicyContext } from "../types.ts";
import { configList } from "../types.ts";

function scopeNames(ctx: PolicyContext, ids: string[]): Set<string> {
  const names = new Set<string>();
  for (const id of ids) {
    const scope = ctx.server.db.get("clientScopes", id);
    if (scope) names.add(scope.name);
  }
  return names;
}

/** The scope the request asks for: the authorization request's, or the one its code or grant carries. */
function requestedScope(ctx: PolicyContext): string | undefined {
  switch (ctx.event) {
    case "AUTHORIZATION_REQUEST":
      return ctx.authorization?.scope;
    case "TOKEN_REQUEST":
      return ctx.token?.scope;
    case "SERVICE_ACCOUNT_TOKEN_REQUEST":
      return ctx.token?.params.scope;
    default:
      return undefined;
  }
}

const JUDGED = new Set(["AUTHORIZATION_REQUEST", "TOKEN_REQUEST", "SERVICE_ACCOUNT_TOKEN_REQUEST"]);

/**
 * `type` Default: one of `scopes` is a default scope of the client. Optional: the request asks for one of `scopes`
 * that is an optional scope of the client. Any: either.
 */
export const clientScopes: Condition = (ctx, config) => {
  if (!JUDGED.has(ctx.event)) return "ABSTAIN";
  const client = ctx.client;
  const wanted = configList(config, "scopes");
  if (!client || !wanted) return "NO";
  const asked = new Set((requestedScope(ctx) ?? "").split(" "));
  const defaults = scopeNames(ctx, client.defaultClientScopeIds);
  const optionals = scopeNames(ctx, client.optionalClientScopeIds);
  const byDefault = wanted.some((name) => defaults.has(name));
  const byRequest = wanted.some((name) => asked.has(name) && optionals.has(name));
  const type = String(config.type ?? "Optional");
  if (type === "Default") return byDefault ? "YES" : "NO";
  if (type === "Optional") return byRequest ? "YES" : "NO";
  if (type === "Any") return byDefault || byRequest ? "YES" : "NO";
  return "NO";
};
