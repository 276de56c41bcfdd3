import { registerMessages } from "../../i18n/message-bundles.ts";

/** Texts of the user, client and group pickers and of the search select under them. */
export const pickerMessages = {
  choose: "Choose...",
  spinnerLoading: "Loading",
  noResultsFound: "No results found",
  pickerRemove: "Remove {{label}}",
  pickerSearchUsers: "Search users by username, email or name",
  searchForClient: "Search for client",
  pickerGroupsTitleMulti: "Select groups",
  pickerGroupsEmpty: "No groups at this level",
  pickerGroupChildren: "Open {{name}}",
  select: "Select",
  pickerPrevious: "Previous page",
  pickerNext: "Next page",
  pickerSelectGroup: "Select {{name}}",
  pickerBreadcrumbs: "Group path",
  selectARole: "Select a role",
  pickerRoleKind: "Role kind",
  role: "Role",
};

registerMessages("ui-pickers", pickerMessages);
