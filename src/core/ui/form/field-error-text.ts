import type { FieldError } from "react-hook-form";
import type { TFunction } from "i18next";
import type { ControlRules } from "./control-props.ts";

const ruleValue = (rule: unknown) =>
  typeof rule === "object" && rule !== null && "value" in rule ? (rule as { value: unknown }).value : rule;

/** The text shown for a field error: its own message, else a default for the failed rule. */
export function fieldErrorText(
  error: FieldError | undefined,
  rules: ControlRules | undefined,
  t: TFunction,
): string | undefined {
  if (!error) return undefined;
  if (error.message) return String(error.message);
  switch (error.type) {
    case "required":
      return t("required");
    case "minLength":
      return t("fieldTooShort", { count: Number(ruleValue(rules?.minLength)) });
    case "maxLength":
      return t("fieldTooLong", { count: Number(ruleValue(rules?.maxLength)) });
    case "min":
      return t("fieldTooSmall", { count: Number(ruleValue(rules?.min)) });
    case "max":
      return t("fieldTooLarge", { count: Number(ruleValue(rules?.max)) });
    case "pattern":
      return t("fieldPatternMismatch");
    default:
      return t("fieldInvalid");
  }
}
