import type KeycloakAdminClient from "@keycloak/keycloak-admin-client";
import type { ResourceTypeSchema } from "../permission-queries.ts";
import { evaluateAdminAccess, type AdminEvaluationRow } from "../evaluation/evaluate-admin-access.ts";

/** One scope of a resource type for the chosen administrator: granted or not, and by what. */
export interface ScopeAccess {
  scope: string;
  granted: boolean;
  /** The permissions (v2) or the realm-management roles (legacy) that grant it. */
  grantedBy: string[];
  /** The permissions (v2) whose policies deny it, on the object or on all objects of the type. */
  deniedBy: string[];
}

/** What the administrator may do on every object of a type, or on one object of it. */
export interface TypeAccess {
  type: string;
  /** The one object asked about; none for every object of the type. */
  object?: string;
  scopes: ScopeAccess[];
  /** Legacy realm-management roles held for this area: Keycloak then does not consult v2 for it. */
  legacyRoles: string[];
  /** The query role the type's list needs and the administrator lacks. */
  missingQueryRole?: string;
}

/** Realm-management roles that make Keycloak decide an area the legacy way, and the scopes each grants. */
const LEGACY: Record<string, { roles: string[]; grants(scope: string): string[]; query?: string }> = {
  Users: {
    roles: ["view-users", "manage-users"],
    grants: (scope) =>
      scope === "view"
        ? ["view-users", "manage-users"]
        : scope === "impersonate"
          ? ["impersonation"]
          : ["manage-users"],
    query: "query-users",
  },
  Groups: {
    roles: ["view-users", "manage-users"],
    grants: (scope) =>
      scope === "view" || scope === "view-members"
        ? ["view-users", "manage-users"]
        : scope === "impersonate-members"
          ? ["impersonation"]
          : ["manage-users"],
    query: "query-groups",
  },
  Clients: {
    roles: ["view-clients", "manage-clients"],
    grants: (scope) => (scope === "view" ? ["view-clients", "manage-clients"] : ["manage-clients"]),
    query: "query-clients",
  },
};

/** The realm-management roles the user holds, composites included. */
async function managementRoles(client: KeycloakAdminClient, realm: string, userId: string): Promise<Set<string>> {
  const [management] = await client.clients.find({ realm, clientId: "realm-management" });
  if (!management?.id) return new Set();
  const roles = await client.users.listCompositeClientRoleMappings({
    realm,
    id: userId,
    clientUniqueId: management.id,
  });
  return new Set(roles.map((role) => role.name ?? ""));
}

/** The scopes of one evaluation row, each with the permissions that granted it or, when not granted, denied it. */
function v2Scopes(schema: ResourceTypeSchema, row: AdminEvaluationRow | undefined): ScopeAccess[] {
  const allowed = new Set((row?.allowedScopes ?? []).map((scope) => scope.name));
  const decidedBy = (scope: string, status: string) =>
    (row?.policies ?? [])
      .filter((entry) => entry.status === status && (entry.scopes ?? []).includes(scope))
      .map((entry) => entry.policy?.name ?? "");
  return schema.scopes.map((scope) => ({
    scope,
    granted: allowed.has(scope),
    grantedBy: allowed.has(scope) ? decidedBy(scope, "PERMIT") : [],
    deniedBy: allowed.has(scope) ? [] : decidedBy(scope, "DENY"),
  }));
}

/**
 * What a user may do as an administrator, per resource type (and on one object when given), computed by the server:
 * one `policy/evaluate` per type for all its scopes, and the user's realm-management roles for the legacy checks
 * Keycloak runs first.
 */
export async function effectiveAccess(
  client: KeycloakAdminClient,
  realm: string,
  permissionsClientId: string,
  resourceTypes: ResourceTypeSchema[],
  userId: string,
  object?: { type: string; id: string; label: string },
): Promise<TypeAccess[]> {
  const roles = await managementRoles(client, realm, userId);
  const questions = [
    ...resourceTypes.map((schema) => ({ schema, objectId: undefined as string | undefined, label: undefined })),
    ...resourceTypes
      .filter((schema) => schema.type === object?.type)
      .map((schema) => ({ schema, objectId: object!.id, label: object!.label })),
  ];
  return Promise.all(
    questions.map(async ({ schema, objectId, label }): Promise<TypeAccess> => {
      const legacy = LEGACY[schema.type];
      const legacyRoles = (legacy?.roles ?? []).filter((role) => roles.has(role));
      const missingQueryRole = legacy?.query && !roles.has(legacy.query) ? legacy.query : undefined;
      if (legacy && legacyRoles.length) {
        const scopes = schema.scopes.map((scope) => {
          const grantedBy = legacy.grants(scope).filter((role) => roles.has(role));
          return { scope, granted: grantedBy.length > 0, grantedBy, deniedBy: [] };
        });
        return { type: schema.type, object: label, scopes, legacyRoles, missingQueryRole };
      }
      const answer = await evaluateAdminAccess(client, realm, permissionsClientId, {
        userId,
        resourceType: schema.type,
        objectId,
      });
      return {
        type: schema.type,
        object: label,
        scopes: v2Scopes(schema, answer.results[0]),
        legacyRoles,
        missingQueryRole,
      };
    }),
  );
}
