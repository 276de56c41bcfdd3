import type { Db } from "../store/db.ts";
import type { ClientRecord, ClientScopeRecord } from "../store/types.ts";

export interface AppliedScopes {
  /** The client scopes in effect: the client's default scopes and the requested optional ones. */
  scopes: ClientScopeRecord[];
  /** The `scope` value of tokens and token responses. */
  scopeParam: string;
  /** True when the named scope is in effect (also when the client has no scopes configured at all). */
  has(name: string): boolean;
}

/** Resolves which client scopes apply to a request, as Keycloak does for the `scope` parameter. */
export function applyScopes(db: Db, client: ClientRecord, requested: string | undefined): AppliedScopes {
  const asked = new Set((requested ?? "").split(" ").filter(Boolean));
  const defaults = client.defaultClientScopeIds
    .map((id) => db.get("clientScopes", id))
    .filter((s): s is ClientScopeRecord => !!s);
  const optional = client.optionalClientScopeIds
    .map((id) => db.get("clientScopes", id))
    .filter((s): s is ClientScopeRecord => !!s && asked.has(s.name));
  const scopes = [...defaults, ...optional];
  const names = new Set(scopes.map((s) => s.name));
  const unconfigured = client.defaultClientScopeIds.length === 0 && client.optionalClientScopeIds.length === 0;
  const inTokenScope = unconfigured
    ? ["profile", "email"]
    : scopes.filter((s) => s.attributes["include.in.token.scope"] !== "false").map((s) => s.name);
  const scopeParam = [...(asked.has("openid") ? ["openid"] : []), ...inTokenScope].join(" ");
  return {
    scopes,
    scopeParam,
    has: (name) =>
      names.has(name) || (unconfigured && ["profile", "email", "roles", "web-origins", "basic", "acr"].includes(name)),
  };
}
