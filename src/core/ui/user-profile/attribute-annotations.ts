import type { TFunction } from "i18next";
import { translatePlaceholder } from "./translate-placeholder.ts";
import { INPUT_TYPES, type InputType, type UserProfileAttributeMetadata } from "./profile-types.ts";

const annotation = (attribute: UserProfileAttributeMetadata, name: string): unknown => attribute.annotations?.[name];

const annotationText = (attribute: UserProfileAttributeMetadata, name: string): string | undefined => {
  const value = annotation(attribute, name);
  return value === undefined || value === null || value === "" ? undefined : String(value);
};

const annotationNumber = (attribute: UserProfileAttributeMetadata, name: string): number | undefined => {
  const value = Number(annotation(attribute, name));
  return Number.isFinite(value) && value > 0 ? value : undefined;
};

/** The attribute's input type: its annotation, else multi-input for multivalued attributes, else text. */
export function inputTypeOf(attribute: UserProfileAttributeMetadata): InputType {
  const declared = annotationText(attribute, "inputType") as InputType | undefined;
  if (declared && INPUT_TYPES.includes(declared)) return declared;
  return attribute.multivalued ? "multi-input" : "text";
}

export const inputColumns = (attribute: UserProfileAttributeMetadata) => annotationNumber(attribute, "inputTypeCols");
export const inputRows = (attribute: UserProfileAttributeMetadata) => annotationNumber(attribute, "inputTypeRows");

/** Html5 input attributes passed through from `inputType…` annotations (min, max, step, pattern, size…). */
export function inputAttributes(attribute: UserProfileAttributeMetadata): Record<string, string> {
  const passed: Record<string, string> = {};
  for (const [name, value] of Object.entries(attribute.annotations ?? {})) {
    const html =
      /^inputTypeHtml5?(.+)$/.exec(name)?.[1] ??
      /^inputType(Min|Max|Step|Pattern|Size|Maxlength|Minlength)$/.exec(name)?.[1];
    if (html) passed[html.toLowerCase()] = String(value);
  }
  return passed;
}

export const placeholderOf = (t: TFunction, attribute: UserProfileAttributeMetadata) =>
  translatePlaceholder(t, annotationText(attribute, "inputTypePlaceholder"));
export const helperTextBefore = (t: TFunction, attribute: UserProfileAttributeMetadata) =>
  translatePlaceholder(t, annotationText(attribute, "inputHelperTextBefore"));
export const helperTextAfter = (t: TFunction, attribute: UserProfileAttributeMetadata) =>
  translatePlaceholder(t, annotationText(attribute, "inputHelperTextAfter"));

/** The label of an attribute: its display name (maybe a `${key}`), else its name. */
export const attributeLabel = (t: TFunction, attribute: UserProfileAttributeMetadata) =>
  translatePlaceholder(t, attribute.displayName) || attribute.name || "";

/** Values allowed by the attribute's `options` validator. */
export function optionsOf(attribute: UserProfileAttributeMetadata): string[] {
  const options = attribute.validators?.options?.options;
  return Array.isArray(options) ? options.map(String) : [];
}

/** An option's label: `inputOptionLabels[value]` (maybe a `${key}`), else `${prefix}.${value}` translated, else the value. */
export function optionLabel(t: TFunction, attribute: UserProfileAttributeMetadata, value: string): string {
  const labels = annotation(attribute, "inputOptionLabels");
  if (labels && typeof labels === "object") {
    const label = (labels as Record<string, unknown>)[value];
    if (typeof label === "string" && label) return translatePlaceholder(t, label) ?? value;
  }
  const prefix = annotationText(attribute, "inputOptionLabelsI18nPrefix");
  if (prefix) return t(`${prefix}.${value}`, { defaultValue: value });
  return value;
}
