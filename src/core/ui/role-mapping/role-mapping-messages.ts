import { registerMessages } from "../../i18n/message-bundles.ts";

/** Texts of the role-mapping tab and the assign-role dialog. */
export const roleMappingMessages = {
  roleMappingTable: "Assigned roles",
  roleMappingTrue: "True",
  roleMappingFalse: "False",
  hideInheritedRoles: "Hide inherited roles",
  unAssignRole: "Unassign",
  roleMappingEmptyTitle: "No roles assigned",
  roleMappingEmptyBody: "Assign a role to give its permissions.",
  searchByRoleName: "Search by role name",
  removeMappingTitle: "Remove role?",
  removeMappingConfirm_one: "Are you sure you want to remove this role?",
  removeMappingConfirm_other: "Are you sure you want to remove {{count}} roles",
  roleMappingUpdatedSuccess: "Role mapping updated",
  roleMappingUpdatedError: "Could not update role mapping {{error}}",
  assignRoleTitle: "Assign roles",
  assignRoleFilter: "Role kind",
  assignRoleTable: "Roles that can be assigned",
  assign: "Assign",
  assignRoleNone: "No roles left to assign",
};

registerMessages("ui-role-mapping", roleMappingMessages);
