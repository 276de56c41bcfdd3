import { registerMessages } from "../../i18n/message-bundles.ts";

/** Texts of the role-mapping tab and the assign-role dialog. */
export const roleMappingMessages = {
  roleMappingTable: "Assigned roles",
  roleMappingName: "Name",
  roleMappingInherited: "Inherited",
  roleMappingDescription: "Description",
  roleMappingTrue: "True",
  roleMappingFalse: "False",
  roleMappingHideInherited: "Hide inherited roles",
  roleMappingAssign: "Assign role",
  roleMappingUnassign: "Unassign",
  roleMappingEmptyTitle: "No roles assigned",
  roleMappingEmptyBody: "Assign a role to give its permissions.",
  roleMappingSearch: "Search by role name",
  roleMappingUnassignTitle: "Remove role mappings?",
  roleMappingUnassignBody_one: "Unassign the role {{names}}? Permissions it gives are removed.",
  roleMappingUnassignBody_other: "Unassign {{count}} roles ({{names}})? Permissions they give are removed.",
  roleMappingUnassigned: "Role mappings removed",
  roleMappingAssigned: "Role mappings assigned",
  roleMappingFailed: "Could not change the role mappings: {{message}}",
  assignRoleTitle: "Assign roles",
  assignRoleFilter: "Role kind",
  assignRoleRealmRoles: "Realm roles",
  assignRoleClientRoles: "Client roles",
  assignRoleTable: "Roles that can be assigned",
  assignRoleClient: "Client",
  assignRoleConfirm: "Assign",
  assignRoleCancel: "Cancel",
  assignRoleNone: "No roles left to assign",
};

registerMessages("ui-role-mapping", roleMappingMessages);
