import type { TFunction } from "i18next";
import { translatePlaceholder } from "./translate-placeholder.ts";
import type { UserProfileAttributeMetadata } from "./profile-types.ts";

/** Checks the browser can make before saving: required, and the length and pattern validators. The server checks the rest. */
export function validateAttribute(
  t: TFunction,
  attribute: UserProfileAttributeMetadata,
  label: string,
  values: string[],
): string | true {
  const filled = values.filter((value) => value !== "");
  if (attribute.required && filled.length === 0) return t("profileRequired", { label });
  const length = attribute.validators?.length as { min?: unknown; max?: unknown } | undefined;
  const pattern = attribute.validators?.pattern as { pattern?: unknown; "error-message"?: unknown } | undefined;
  for (const value of filled) {
    const min = Number(length?.min);
    const max = Number(length?.max);
    if (length?.min !== undefined && value.length < min) return t("profileLengthMin", { label, min });
    if (length?.max !== undefined && value.length > max) return t("profileLengthMax", { label, max });
    if (typeof pattern?.pattern === "string" && !new RegExp(pattern.pattern).test(value)) {
      const message =
        typeof pattern["error-message"] === "string" ? translatePlaceholder(t, pattern["error-message"]) : undefined;
      return message ?? t("profilePattern", { label });
    }
  }
  return true;
}
