import { registerMessages } from "../../core/i18n/message-bundles.ts";

export const rolesMessages = {
  roleDetails: "Role details",
  roleExplain: "Realm roles are the roles that you define for use in the current realm.",
  searchForRoles: "Search role by name",
  noRealmRoles: "No realm roles",
  emptyStateText: "There aren't any realm roles in this realm. Create a realm role to get started.",
  roleName: "Role name",
  composite: "Composite",
  roleCompositeYes: "True",
  roleCompositeNo: "False",
  createRole: "Create role",
  roleCreated: "Role created",
  roleCreateError: "Could not create role: {{error}}",
  roleNameRequired: "Give the role a name.",
  roleSaveSuccess: "The role has been saved",
  roleSaveError: "Could not save role: {{error}}",
  roleDeleteConfirm: "Delete role?",
  roleDeleteConfirmDialog:
    'This action will permanently delete the role "{{selectedRoleName}}". This cannot be undone.',
  roleDeletedSuccess: "The role has been deleted",
  roleDeleteError: "Could not delete role: {{error}}",
  roleActions: "Role actions",
  roleNotFound: "This role does not exist any more.",
  associatedRolesText: "Associated roles",
  usersInRole: "Users in role",
  defaultRoles: "Default roles",
  defaultRolesIntro: "Every new user of the realm gets these roles.",
  addAssociatedRolesText: "Add associated roles",
  noDirectUsers: "No direct users",
  whoWillAppearPopoverTextRoles:
    "This tab shows only the users who are assigned directly to this role. To see users who are assigned this role as an associated role or through a group, go to",
};

registerMessages("roles", rolesMessages);
