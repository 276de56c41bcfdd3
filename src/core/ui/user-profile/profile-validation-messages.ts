import { registerMessages } from "../../i18n/message-bundles.ts";

/** Keycloak's texts for its validators' error keys, as the server sends them in `{field, errorMessage, params}`. */
export const profileValidationMessages = {
  "error-empty": "Please specify value of '{{0}}'.",
  "error-invalid-blank": "Please specify value of '{{0}}'.",
  "error-invalid-date": "'{{0}}' is invalid date.",
  "error-invalid-email": "Invalid email address.",
  "error-invalid-length-too-long": "'{{0}}' must have maximal length of {{2}}.",
  "error-invalid-length-too-short": "'{{0}}' must have minimal length of {{1}}.",
  "error-invalid-length": "'{{0}}' must have a length between {{1}} and {{2}}.",
  "error-invalid-number": "'{{0}}' is invalid number.",
  "error-invalid-uri": "'{{0}}' is invalid URL.",
  "error-invalid-value": "'{{0}}' has invalid value.",
  "error-number-out-of-range-too-big": "'{{0}}' must have maximal value of {{2}}.",
  "error-number-out-of-range-too-small": "'{{0}}' must have minimal value of {{1}}.",
  "error-number-out-of-range": "'{{0}}' must be a number between {{1}} and {{2}}.",
  "error-pattern-no-match": "'{{0}}' doesn't match required format.",
  "error-person-name-invalid-character": "'{{0}}' contains invalid character.",
  "error-user-attribute-required": "Please specify '{{0}}'.",
  "error-username-invalid-character": "'{{0}}' contains invalid character.",
  "error-user-attribute-read-only": "The field {{0}} is read only.",
  "error-invalid-multivalued-size": "Attribute {{0}} must have at least {{1}} and at most {{2}} value(s).",
};

registerMessages("ui-user-profile-validation", profileValidationMessages);
