import type { Db } from "../../store/db.ts";
import type { ClientRecord, ClientScopeRecord, RoleRecord } from "../../store/types.ts";
import { expandComposites } from "../../access/roles.ts";

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
