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

/**
 * Keycloak's TokenManager.isValidScope: every value of the `scope` parameter, split on single spaces, is `openid`, a
 * default or optional client scope of the client, or (with the client's `organization` scope) `organization:*` or
 * `organization:<alias>` of an organization of the realm. An absent parameter is valid; an empty one is not (its one
 * value is the empty string), and neither is a doubled space.
 */
export function isValidScope(db: Db, client: ClientRecord, scope: string | undefined): boolean {
  if (scope === undefined) return true;
  const names = new Set(
    [...client.defaultClientScopeIds, ...client.optionalClientScopeIds]
      .map((id) => db.get("clientScopes", id)?.name)
      .filter((name): name is string => !!name),
  );
  const organizationAliases = () => new Set(db.list("organizations", client.realmId).map((o) => o.alias));
  return scope.split(" ").every((value) => {
    if (value === "openid" || names.has(value)) return true;
    const organization = /^organization:(.+)$/.exec(value)?.[1];
    if (!organization || !names.has("organization")) return false;
    return organization === "*" || organizationAliases().has(organization);
  });
}

/** Keycloak's answer to a `scope` parameter that isValidScope refuses. */
export const invalidScopesDescription = (scope: string) => `Invalid scopes: ${scope}`;
