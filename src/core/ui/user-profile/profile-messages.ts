import { registerMessages } from "../../i18n/message-bundles.ts";

/** Texts of the user-profile form. */
export const profileMessages = {
  profileValueOf: "{{label}} value {{index}}",
  profileRemoveValue: "Remove {{label}} value {{index}}",
  addMultivaluedLabel: "Add {{fieldLabel}}",
  profileRequired: "{{label}} is required.",
  profileLengthMin: "{{label}} must be at least {{min}} characters.",
  profileLengthMax: "{{label}} must be at most {{max}} characters.",
  profilePattern: "{{label}} does not match the expected format.",
  general: "General",
  selectALocale: "Select a locale",
};

registerMessages("ui-user-profile", profileMessages);
