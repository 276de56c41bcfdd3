import { registerMessages } from "../../../core/i18n/message-bundles.ts";

/** The client roles tab and a client role's pages: Keycloak's keys, `clientRole…` keys of our own for the rest. */
export const clientRoleMessages = {
  roles: "Roles",
  roleName: "Role name",
  composite: "Composite",
  createRole: "Create role",
  roleDetails: "Role details",
  searchForRoles: "Search role by name",
  "noRoles-client": "No roles for this client",
  "noRolesInstructions-client": "You haven't created any roles for this client. Create a role to get started.",
  roleCreated: "Role created",
  roleCreateError: "Could not create role: {{error}}",
  roleSaveSuccess: "The role has been saved",
  roleSaveError: "Could not save role: {{error}}",
  roleDeleteConfirm: "Delete role?",
  roleDeleteConfirmDialog:
    'This action will permanently delete the role "{{selectedRoleName}}". This cannot be undone.',
  roleDeletedSuccess: "The role has been deleted",
  roleDeleteError: "Could not delete role: {{error}}",
  roleNameRequired: "Give the role a name.",
  associatedRolesText: "Associated roles",
  usersInRole: "Users in role",
  noDirectUsers: "No direct users",
  whoWillAppearPopoverTextRoles:
    "This tab shows only the users who are assigned directly to this role. To see users who are assigned this role as an associated role or through a group, go to",
  clientRoleTabs: "Client role sections",
  clientRoleNotFound: "This role does not exist any more.",
};

registerMessages("client-roles", clientRoleMessages);
