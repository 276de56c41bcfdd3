export { RoleMapping, type RoleMappingProps } from "./role-mapping.tsx";
export { AssignRoleDialog, type AssignRoleDialogProps, type RoleKind } from "./assign-role-dialog.tsx";
export {
  assignRoles,
  unassignRoles,
  directMappings,
  directMappingsPage,
  effectiveMappingsPage,
  availableRealmRolesPage,
  availableClientRolesPage,
  type RoleHolder,
} from "./role-mapping-api.ts";
export type { MappedRole, RoleMappingType } from "./role-mapping-types.ts";
