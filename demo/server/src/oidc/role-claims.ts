import type { Db } from "../store/db.ts";
import type { ClientRecord, ClientScopeRecord, UserRecord } from "../store/types.ts";
import { expandComposites, userEffectiveRoleIds } from "../access/roles.ts";

export interface RoleClaims {
  realmRoles: string[];
  /** clientId -> role names */
  clientRoles: Record<string, string[]>;
}

/** Role ids a client may put in its tokens, or undefined when fullScopeAllowed (all of them). */
export function clientScopeRoleIds(db: Db, client: ClientRecord, scopes: ClientScopeRecord[]): Set<string> | undefined {
  if (client.rep.fullScopeAllowed !== false) return undefined;
  const direct = [...client.scopeRoleIds, ...scopes.flatMap((s) => s.scopeRoleIds)];
  const allowed = expandComposites(db, direct);
  for (const role of db.iterate("roles", client.realmId)) if (role.clientId === client.id) allowed.add(role.id);
  return allowed;
}

/** The user's effective roles restricted to the client's scope, grouped as realm_access / resource_access. */
export function roleClaims(db: Db, user: UserRecord, client: ClientRecord, scopes: ClientScopeRecord[]): RoleClaims {
  const allowed = clientScopeRoleIds(db, client, scopes);
  const claims: RoleClaims = { realmRoles: [], clientRoles: {} };
  const clientIds = new Map<string, string | undefined>();
  for (const id of userEffectiveRoleIds(db, user)) {
    if (allowed && !allowed.has(id)) continue;
    const role = db.get("roles", id)!;
    if (!role.clientId) {
      claims.realmRoles.push(role.name);
      continue;
    }
    if (!clientIds.has(role.clientId)) clientIds.set(role.clientId, db.get("clients", role.clientId)?.clientId);
    const owner = clientIds.get(role.clientId);
    if (owner) (claims.clientRoles[owner] ??= []).push(role.name);
  }
  return claims;
}
