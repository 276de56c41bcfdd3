import type { Attributes, RoleRecord } from "../../store/types.ts";

export interface RoleRepresentation {
  id: string;
  name: string;
  description?: string;
  composite: boolean;
  clientRole: boolean;
  containerId: string;
  attributes?: Attributes;
}

/** Keycloak's RoleRepresentation; `brief` leaves out the attributes. */
export function toRoleRepresentation(role: RoleRecord, brief = false): RoleRepresentation {
  const rep: RoleRepresentation = {
    id: role.id,
    name: role.name,
    composite: role.compositeIds.length > 0,
    clientRole: role.clientId !== undefined,
    containerId: role.clientId ?? role.realmId,
  };
  if (role.description !== undefined && role.description !== null) rep.description = role.description;
  if (!brief) rep.attributes = role.attributes;
  return rep;
}
