import { registerMessages } from "../../i18n/message-bundles.ts";

/** Texts of page headers, tabs and jump links. */
export const pageMessages = {
  headerActions: "Actions",
  disableItemConfirmTitle: "Disable {{name}}?",
  disableConfirm: "Are you sure you want to disable '{{name}}'",
  disable: "Disable",
  jumpToSection: "Jump to section",
};

registerMessages("ui-page", pageMessages);
