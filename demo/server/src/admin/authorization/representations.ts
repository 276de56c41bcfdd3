import type { Db } from "../../store/db.ts";
import type { AuthzPolicyRecord, AuthzResourceRecord, AuthzScopeRecord, ClientRecord } from "../../store/types.ts";
import { typedFields } from "./policy-types.ts";

export function scopeRepresentation(scope: AuthzScopeRecord): Record<string, unknown> {
  const rep: Record<string, unknown> = { id: scope.id, name: scope.name };
  if (scope.iconUri) rep.iconUri = scope.iconUri;
  if (scope.displayName) rep.displayName = scope.displayName;
  return rep;
}

function ownerOf(db: Db, client: ClientRecord, ownerId: string): { id: string; name: string } {
  if (ownerId === client.id) return { id: client.id, name: client.clientId };
  const user = db.get("users", ownerId);
  return { id: ownerId, name: user?.username ?? ownerId };
}

/** ResourceRepresentation: `_id`, `icon_uri` and `owner` as Keycloak writes them. */
export function resourceRepresentation(
  db: Db,
  client: ClientRecord,
  resource: AuthzResourceRecord,
  deep = true,
): Record<string, unknown> {
  const rep: Record<string, unknown> = {
    name: resource.name,
    owner: ownerOf(db, client, resource.ownerId),
    ownerManagedAccess: resource.ownerManagedAccess,
    _id: resource.id,
    uris: [...resource.uris],
  };
  // Keycloak leaves attributes out of the shallow form (`deep=false`), as it does scopes.
  if (deep) rep.attributes = structuredClone(resource.attributes);
  if (resource.type) rep.type = resource.type;
  if (resource.displayName) rep.displayName = resource.displayName;
  if (resource.iconUri) rep.icon_uri = resource.iconUri;
  if (deep) {
    rep.scopes = resource.scopeIds
      .map((id) => db.get("authzScopes", id))
      .filter((s): s is AuthzScopeRecord => s !== undefined)
      .map(scopeRepresentation);
  }
  return rep;
}

/** The generic PolicyRepresentation (lists, search, `GET /policy/{id}`): type-specific settings in `config`. */
export function policyRepresentation(policy: AuthzPolicyRecord): Record<string, unknown> {
  const rep: Record<string, unknown> = {
    id: policy.id,
    name: policy.name,
    type: policy.type,
    logic: policy.logic,
    decisionStrategy: policy.decisionStrategy,
    config: { ...policy.config },
  };
  if (policy.description) rep.description = policy.description;
  return rep;
}

/** A typed representation (`GET /policy/{type}/{id}`, `GET /permission/{type}/{id}`). */
export function typedPolicyRepresentation(policy: AuthzPolicyRecord): Record<string, unknown> {
  const rep: Record<string, unknown> = {
    id: policy.id,
    name: policy.name,
    type: policy.type,
    logic: policy.logic,
    decisionStrategy: policy.decisionStrategy,
    ...typedFields(policy.type, policy.config),
    ...(policy.type === "scope" && policy.config.resourceType ? { resourceType: policy.config.resourceType } : {}),
  };
  if (policy.description) rep.description = policy.description;
  return rep;
}
