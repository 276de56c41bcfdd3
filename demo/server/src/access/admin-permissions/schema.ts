/**
 * Keycloak 26's admin permissions schema (fine-grained admin permissions v2): the resource types of the realm's
 * `admin-permissions` client with their scopes, the user scopes a group's member scopes stand for, and the
 * group type through which users are reached.
 */

export const ADMIN_PERMISSIONS_CLIENT_ID = "admin-permissions";

export type AdminResourceType = "Users" | "Groups" | "Clients" | "Roles";

export interface ResourceTypeSchema {
  type: AdminResourceType;
  scopes: string[];
  /** Scope of this type → scopes of `groupType` that grant it for the group's members. */
  scopeAliases: Record<string, string[]>;
  groupType?: AdminResourceType;
}

export const RESOURCE_TYPES: Record<AdminResourceType, ResourceTypeSchema> = {
  Users: {
    type: "Users",
    scopes: ["view", "manage", "map-roles", "manage-group-membership", "impersonate", "reset-password"],
    scopeAliases: {
      view: ["view-members"],
      manage: ["manage-members"],
      impersonate: ["impersonate-members"],
      "manage-group-membership": ["manage-membership-of-members"],
    },
    groupType: "Groups",
  },
  Groups: {
    type: "Groups",
    scopes: [
      "view",
      "manage",
      "view-members",
      "manage-members",
      "manage-membership",
      "manage-membership-of-members",
      "impersonate-members",
    ],
    scopeAliases: {},
  },
  Clients: {
    type: "Clients",
    scopes: ["view", "manage", "map-roles", "map-roles-client-scope", "map-roles-composite"],
    scopeAliases: {},
  },
  Roles: {
    type: "Roles",
    scopes: ["map-role", "map-role-client-scope", "map-role-composite"],
    scopeAliases: {},
  },
};

export const isAdminResourceType = (value: unknown): value is AdminResourceType =>
  typeof value === "string" && Object.hasOwn(RESOURCE_TYPES, value);

/** Every scope of every type, once. */
export const ALL_SCOPES: string[] = [...new Set(Object.values(RESOURCE_TYPES).flatMap((t) => t.scopes))];

/** `authorizationSchema` of the resource server representation, as Keycloak serialises its ResourceType map. */
export function authorizationSchemaRepresentation(): { resourceTypes: Record<string, unknown> } {
  const resourceTypes: Record<string, unknown> = {};
  for (const type of Object.values(RESOURCE_TYPES)) {
    const rep: Record<string, unknown> = { type: type.type, scopes: [...type.scopes], scopeAliases: type.scopeAliases };
    if (type.groupType) rep.groupType = type.groupType;
    resourceTypes[type.type] = rep;
  }
  return { resourceTypes };
}
