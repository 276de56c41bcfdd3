import { registerMessages } from "../../core/i18n/message-bundles.ts";

/** Texts of the catalogue's pickers, role-mapping, user-profile and dynamic-form section. */
export const pickersSectionMessages = {
  cataloguePickersTab: "Pickers",
  cataloguePickersUsers: "User picker",
  cataloguePickersClients: "Client picker",
  cataloguePickersGroups: "Group picker",
  cataloguePickersChooseGroups: "Choose groups",
  cataloguePickersChosen: "Chosen: {{values}}",
  cataloguePickersNothing: "Nothing chosen yet",
  cataloguePickersRoleMapping: "Role mapping of the first chosen user",
  cataloguePickersPickUser: "Pick a user above to see and change their role mappings and profile.",
  cataloguePickersProfile: "User profile of the first chosen user",
  cataloguePickersSaved: "The user was saved",
  cataloguePickersSaveFailed: "Could not save the user: {{message}}",
  cataloguePickersDynamic: "Dynamic component form",
  cataloguePickersShowConfig: "Show the config",
};

registerMessages("catalogue-pickers", pickersSectionMessages);
