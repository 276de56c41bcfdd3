import type { Db } from "../../store/db.ts";
import type { ClientRecord, ClientScopeRecord, RoleRecord } from "../../store/types.ts";
import { expandComposites } from "../../access/roles.ts";

/** The client scopes a request with `scope` would get: every default scope plus the requested optional ones. */
export function appliedClientScopes(db: Db, client: ClientRecord, scopeParam: string | undefined): ClientScopeRecord[] {
  const requested = new Set((scopeParam ?? "").split(/\s+/).filter(Boolean));
  const scopes: ClientScopeRecord[] = [];
  for (const id of client.defaultClientScopeIds) {
    const scope = db.get("clientScopes", id);
    if (scope) scopes.push(scope);
  }
  for (const id of client.optionalClientScopeIds) {
    const scope = db.get("clientScopes", id);
    if (scope && requested.has(scope.name)) scopes.push(scope);
  }
  return scopes;
}

/**
 * Whether a role may appear in the client's tokens: always with full scope
 * allowed, otherwise when the client's own scope mappings or those of the
 * applied client scopes grant it (composites included), or it is the client's own role.
 */
export function grantedRoleChecker(
  db: Db,
  client: ClientRecord,
  scopes: ClientScopeRecord[],
): (role: RoleRecord) => boolean {
  if (client.rep.fullScopeAllowed !== false) return () => true;
  const granted = expandComposites(db, [...client.scopeRoleIds, ...scopes.flatMap((scope) => scope.scopeRoleIds)]);
  return (role) => granted.has(role.id) || role.clientId === client.id;
}

/** The `scope` claim: openid plus each applied scope that Keycloak includes in the token scope. */
export function tokenScopeValue(scopes: ClientScopeRecord[]): string {
  const names = scopes
    .filter((scope) => scope.attributes["include.in.token.scope"] !== "false")
    .map((scope) => scope.name);
  return ["openid", ...names].join(" ");
}
