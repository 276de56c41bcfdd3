import type { Db } from "../../store/db.ts";
import type { RoleRecord } from "../../store/types.ts";
import { expandComposites } from "../../access/roles.ts";
import type { ScopeOwner } from "./scope-owner.ts";

/**
 * Keycloak's ScopeContainerModel.hasScope: a client with full scope allowed
 * has every role in scope, as do a client's own roles; otherwise a role is in
 * scope when a scope mapping grants it directly or through composites.
 */
export function scopeChecker(db: Db, owner: ScopeOwner): (role: RoleRecord) => boolean {
  if (owner.kind === "client" && owner.record.rep.fullScopeAllowed !== false) return () => true;
  const granted = expandComposites(db, owner.record.scopeRoleIds);
  const ownClientId = owner.kind === "client" ? owner.record.id : undefined;
  return (role) => granted.has(role.id) || (ownClientId !== undefined && role.clientId === ownClientId);
}

export function directScopeRoles(db: Db, owner: ScopeOwner): RoleRecord[] {
  return owner.record.scopeRoleIds.map((id) => db.get("roles", id)).filter((role) => role !== undefined);
}
