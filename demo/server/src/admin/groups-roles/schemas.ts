import { Type, type Static } from "typebox";
import type GroupRepresentation from "@keycloak/keycloak-admin-client/lib/defs/groupRepresentation.js";
import type RoleRepresentation from "@keycloak/keycloak-admin-client/lib/defs/roleRepresentation.js";
import {
  AttributeLists,
  Attributes,
  Bool,
  BoolMap,
  ClientRoleNames,
  Int,
  Name,
  ObjectList,
  Representation,
  StringMap,
  StrList,
} from "../common/schemas.ts";
import type { Fits } from "../common/fits.ts";

export const GroupSchema = Representation("GroupRepresentation", {
  id: Name(),
  name: Name(),
  description: Name(),
  path: Type.Optional(Type.String({ nullable: true })),
  parentId: Name(),
  subGroupCount: Int(),
  subGroups: ObjectList(),
  attributes: Attributes(),
  realmRoles: StrList(),
  clientRoles: ClientRoleNames(),
  access: BoolMap(),
});
export const groupFits: Fits<Static<typeof GroupSchema>, GroupRepresentation> = true;

const Composites = Type.Optional(
  Type.Object(
    {
      realm: StrList(),
      client: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()), { nullable: true })),
      application: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()), { nullable: true })),
    },
    { nullable: true },
  ),
);

export const RoleSchema = Representation("RoleRepresentation", {
  id: Name(),
  name: Name(),
  description: Name(),
  scopeParamRequired: Bool(),
  composite: Bool(),
  composites: Composites,
  clientRole: Bool(),
  containerId: Name(),
  attributes: AttributeLists(),
});
export const roleFits: Fits<Static<typeof RoleSchema>, RoleRepresentation> = true;

/** Role mappings, composites and scope mappings: a list of roles. */
export const RoleList = Type.Array(RoleSchema);

/** `{ enabled }` for the fine-grained permissions switch. */
export const PermissionsSchema = Representation("ManagementPermissionReference", {
  enabled: Bool(),
  resource: Name(),
  scopePermissions: StringMap(),
});

/** DELETE bodies: a list of roles, or none (Keycloak then removes every mapping of the kind). */
export const OptionalRoleList = Type.Union([RoleList, Type.Null()]);

/** `ui-ext/role-mapping-delete`: Keycloak console's RoleDeleteRequest list. */
export const RoleDeleteRequests = Type.Array(
  Representation("RoleDeleteRequest", { roleId: Name(), roleName: Name(), clientId: Name() }),
);
