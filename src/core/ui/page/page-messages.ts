import { registerMessages } from "../../i18n/message-bundles.ts";

/** Texts of page headers, tabs and jump links. */
export const pageMessages = {
  headerActions: "Actions",
  enabled: "Enabled",
  disabled: "Disabled",
  disableConfirmTitle: "Disable {{name}}?",
  disableConfirmBody: "While it is disabled it cannot be used.",
  disable: "Disable",
  jumpToSection: "Jump to section",
};

registerMessages("ui-page", pageMessages);
