import { registerMessages } from "../../i18n/message-bundles.ts";

/** Texts of the error boundaries around one value and around one panel. */
export const boundaryMessages = {
  valueCannotBeShown: "Cannot be shown: {{error}}",
  panelErrorTitle: "This part could not be shown",
};

registerMessages("boundaries", boundaryMessages);
