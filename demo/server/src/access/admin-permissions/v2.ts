import type { Db } from "../../store/db.ts";
import type { AuthzResourceRecord, GroupRecord, RealmRecord, UserRecord } from "../../store/types.ts";
import { decide, type AuthorizationModel, type PermissionOutcome } from "../../authorization/decision-engine.ts";
import { nameLookup, userIdentity } from "../../authorization/identity.ts";
import { resourceServerData } from "../../admin/authorization/authz-store.ts";
import { RESOURCE_TYPES, type AdminResourceType } from "./schema.ts";
import { adminPermissionsClient } from "./setup.ts";

/** One scope on one object, as the realm's admin permissions decide it. */
export interface ScopeDecision {
  granted: boolean;
  /** The permissions that decided (empty: none applies, so denied). */
  permissions: PermissionOutcome[];
  /** The resource they were found on: the object's own, or its type's "all resources" one. */
  resource?: AuthzResourceRecord;
}

const DENIED: ScopeDecision = { granted: false, permissions: [] };

/**
 * Fine-grained admin permissions v2 for one caller in one realm: the realm's `admin-permissions` resource server
 * evaluated through the decision engine. A permission on the object itself takes precedence over one on all
 * resources of its type; users are also reached through the groups they belong to (the group scopes aliased to
 * the user scope). Decisions are cached for the request.
 */
export class AdminPermissionsV2 {
  private readonly model: AuthorizationModel;
  private readonly byName: Map<string, AuthzResourceRecord>;
  private readonly cache = new Map<string, ScopeDecision>();
  private readonly identity;
  private readonly names;

  constructor(db: Db, realm: RealmRecord, caller: UserRecord) {
    const client = adminPermissionsClient(db, realm);
    this.model = client
      ? resourceServerData(db, client)
      : {
          settings: {
            policyEnforcementMode: "ENFORCING",
            decisionStrategy: "UNANIMOUS",
            allowRemoteResourceManagement: false,
          },
          resources: [],
          scopes: [],
          policies: [],
        };
    this.byName = new Map(this.model.resources.map((r) => [r.name, r]));
    this.identity = userIdentity(db, realm, caller);
    this.names = nameLookup(db);
  }

  private onResource(resource: AuthzResourceRecord | undefined, scope: string): ScopeDecision {
    if (!resource) return DENIED;
    const result = decide(this.model, this.identity, [{ resourceId: resource.id, scopeNames: [scope] }], this.names)
      .results[0];
    if (!result || !result.requestedScopes.length) return { ...DENIED, resource };
    const permissions = result.permissions.filter((p) => p.scopes.includes(scope));
    return {
      granted: permissions.length > 0 && result.grantedScopes.some((s) => s.name === scope),
      permissions,
      resource,
    };
  }

  /** `scope` on the object with this id (undefined: all objects of the type). */
  decide(type: AdminResourceType, objectId: string | undefined, scope: string): ScopeDecision {
    const key = `${type}\u0000${objectId ?? ""}\u0000${scope}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    let decision = DENIED;
    const own = objectId !== undefined ? this.byName.get(objectId) : undefined;
    if (own && own.type !== type) {
      const specific = this.onResource(own, scope);
      if (specific.permissions.length) decision = specific;
    }
    if (decision === DENIED)
      // Without a permission of its own an object is decided by its type's: one evaluation for all of them.
      decision =
        objectId !== undefined ? this.decide(type, undefined, scope) : this.onResource(this.byName.get(type), scope);
    this.cache.set(key, decision);
    return decision;
  }

  /** The user scope on a user: on the user (or all users), else through one of its groups' member scopes. */
  user(scope: string, user: UserRecord): ScopeDecision {
    const direct = this.decide("Users", user.id, scope);
    if (direct.granted) return direct;
    for (const alias of RESOURCE_TYPES.Users.scopeAliases[scope] ?? [])
      for (const groupId of user.groupIds) {
        const viaGroup = this.decide("Groups", groupId, alias);
        if (viaGroup.granted) return viaGroup;
      }
    return direct;
  }

  group(scope: string, group: GroupRecord): ScopeDecision {
    return this.decide("Groups", group.id, scope);
  }

  /**
   * Which users `scope` reaches, as a predicate for the store's query: `"all"` when it is granted on all users,
   * otherwise users with their own grant or a group whose member scope is granted.
   */
  userFilter(scope: string): "all" | ((user: UserRecord) => boolean) {
    // A permission on one user (a deny, say) takes precedence over the all-users one, so "all" only without them.
    if (this.decide("Users", undefined, scope).granted && !this.objectIds().some((id) => this.hasOwnPermission(id)))
      return "all";
    return (user) => this.user(scope, user).granted;
  }

  /** Names of the per-object resources (object ids), whatever their type. */
  objectIds(): string[] {
    return this.model.resources.filter((r) => !r.type).map((r) => r.name);
  }

  private hasOwnPermission(objectId: string): boolean {
    const resource = this.byName.get(objectId);
    return !!resource && this.model.policies.some((p) => p.resourceIds?.includes(resource.id));
  }

  /** The objects of the type `scope` is granted on through their own resource (for lists reaching them). */
  grantedObjects(type: AdminResourceType, scope: string, exists: (id: string) => boolean): string[] {
    return this.objectIds().filter((id) => exists(id) && this.decide(type, id, scope).granted);
  }
}
