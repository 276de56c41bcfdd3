import { registerMessages } from "../../i18n/message-bundles.ts";

/** Texts of the dynamic component form. */
export const dynamicMessages = {
  selectRole: "Select role",
  dynamicNoGroup: "No group selected",
  dynamicNoRole: "No role selected",
  dynamicFileDrop: "Drag a file here or browse to upload",
  dynamicSearchProviders: "Search identity providers",
  dynamicChooseAttribute: "Choose a user-profile attribute",
  dynamicUseTypedAttribute: 'Use "{{name}}"',
  dynamicUnknownType: "This setting's type ({{type}}) cannot be edited here.",
};

registerMessages("ui-dynamic", dynamicMessages);
