import { registerMessages } from "../../i18n/message-bundles.ts";

/** Texts of the associated-roles table and its add dialog (realm roles, default roles and client roles). */
export const compositeRolesMessages = {
  roleName: "Role name",
  composite: "Composite",
  roleCompositeYes: "True",
  roleCompositeNo: "False",
  searchForRoles: "Search role by name",
  associatedRolesText: "Associated roles",
  noRolesAssociated: "No associated roles",
  noRolesAssociatedInstructions: "To add roles to this role, click 'Add role'.",
  defaultRoles: "Default roles",
  defaultRolesEmptyBody: "New users get no roles yet. Add roles to give them to every new user.",
  addAssociatedRolesText: "Add associated roles",
  associatedRolesModalTitle: "Add roles to {{name}}",
  addAssociatedRolesSuccess: "Associated roles have been added",
  addAssociatedRolesError: "Could not associate roles {{error}}",
  roleRemoveAssociatedRoleConfirm: "Remove associated role?",
  roleRemoveAssociatedText:
    "This action will remove {{role}} from {{roleName}}. All the associated roles of {{role}} will also be removed.",
  associatedRolesRemoved: "Associated roles have been removed",
  associatedRolesRemoveFailed: "The associated roles could not be removed: {{message}}",
  roleKindFilter: "Kind of roles",
  availableRolesLabel: "Roles you can add",
  availableRolesEmpty: "No roles left to add",
};

registerMessages("ui-role-composites", compositeRolesMessages);
