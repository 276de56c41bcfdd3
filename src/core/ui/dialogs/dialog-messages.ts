import { registerMessages } from "../../i18n/message-bundles.ts";

/** Texts of the shared dialogs. */
export const dialogMessages = {
  confirm: "Confirm",
  download: "Download",
  downloadTitle: "Download {{name}}",
  downloadDescription: "The file holds this JSON:",
};

registerMessages("ui-dialogs", dialogMessages);
