import { registerMessages } from "../../i18n/message-bundles.ts";

/** Texts of the user, client and group pickers and of the search select under them. */
export const pickerMessages = {
  pickerClear: "Clear",
  pickerChoose: "Choose…",
  pickerLoading: "Loading…",
  pickerNoResults: "No results found",
  pickerRemove: "Remove {{label}}",
  pickerSearchUsers: "Search users by username, email or name",
  pickerSearchClients: "Search clients by client ID",
  pickerSearchGroups: "Search groups",
  pickerGroupsRoot: "Groups",
  pickerGroupsTitle: "Select a group",
  pickerGroupsTitleMulti: "Select groups",
  pickerGroupsEmpty: "No groups at this level",
  pickerGroupChildren: "Open {{name}}",
  pickerSelect: "Select",
  pickerCancel: "Cancel",
  pickerPrevious: "Previous page",
  pickerNext: "Next page",
  pickerSelectGroup: "Select {{name}}",
  pickerBreadcrumbs: "Group path",
  pickerRolesTitle: "Select a role",
  pickerRoleKind: "Role kind",
  pickerRealmRoles: "Realm roles",
  pickerClientRoles: "Client roles",
  pickerRoleName: "Role",
  pickerRoleDescription: "Description",
};

registerMessages("ui-pickers", pickerMessages);
