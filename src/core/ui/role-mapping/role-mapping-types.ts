/** What holds the roles: a user or group (role mappings), a client scope or a client (scope mappings). */
export type RoleMappingType = "users" | "groups" | "clientScopes" | "clients";

/** One row of the role-mapping table or the assign dialog. */
export interface MappedRole {
  /** The role's id. */
  id: string;
  name: string;
  description?: string;
  /** For client roles: the client's clientId and internal id. */
  client?: { clientId: string; id: string };
  /** Held through a composite role or a group, not mapped directly. */
  isInherited?: boolean;
}

export const mappedRoleKey = (role: MappedRole) => role.id;
