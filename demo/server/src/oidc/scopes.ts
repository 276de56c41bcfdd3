import type { Db } from "../store/db.ts";
import type { ClientRecord, ClientScopeRecord } from "../store/types.ts";

export interface AppliedScopes {
  /** The client scopes in effect: the client's default scopes and the requested optional ones. */
  scopes: ClientScopeRecord[];
  /** The `scope` value of tokens and token responses. */
  scopeParam: string;
}

/** Resolves which client scopes apply to a request, as Keycloak does for the `scope` parameter. */
export function applyScopes(db: Db, client: ClientRecord, requested: string | undefined): AppliedScopes {
  const asked = new Set((requested ?? "").split(/\s+/).filter(Boolean));
  const defaults = client.defaultClientScopeIds
    .map((id) => db.get("clientScopes", id))
    .filter((s): s is ClientScopeRecord => !!s);
  const optional = client.optionalClientScopeIds
    .map((id) => db.get("clientScopes", id))
    .filter((s): s is ClientScopeRecord => !!s && asked.has(s.name));
  const scopes = [...defaults, ...optional];
  const inTokenScope = scopes.filter((s) => s.attributes["include.in.token.scope"] !== "false").map((s) => s.name);
  const scopeParam = [...(asked.has("openid") ? ["openid"] : []), ...inTokenScope].join(" ");
  return { scopes, scopeParam };
}
