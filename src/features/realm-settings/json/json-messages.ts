import { registerMessages } from "../../../core/i18n/message-bundles.ts";

/** Texts of the realm settings' JSON editors. */
export const jsonEditorMessages = {
  jsonInvalid: "The text is not valid JSON: {{message}}",
};

registerMessages("realm-settings-json", jsonEditorMessages);
