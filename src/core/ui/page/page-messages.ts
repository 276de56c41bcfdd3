import { registerMessages } from "../../i18n/message-bundles.ts";

/** Texts of page headers, tabs and jump links. */
export const pageMessages = {
  headerActions: "Actions",
  disableItemConfirmTitle: "Disable {{name}}?",
  disableConfirm: "Are you sure you want to disable '{{name}}'",
  disable: "Disable",
  jumpToSection: "Jump to section",
  revert: "Revert",
  itemSaveSuccessful: "Saved successfully",
  itemSaveError: "Error could not save item! {{error}}",
  extensionTabLoadError: "Could not load the tab's settings: {{error}}",
};

registerMessages("ui-page", pageMessages);
