import type {
  UserProfileAttributeGroupMetadata,
  UserProfileAttributeMetadata,
  UserProfileMetadata,
} from "@keycloak/keycloak-admin-client/lib/defs/userProfileMetadata.js";

export type { UserProfileAttributeGroupMetadata, UserProfileAttributeMetadata, UserProfileMetadata };

export const INPUT_TYPES = [
  "text",
  "textarea",
  "select",
  "select-radiobuttons",
  "multiselect",
  "multiselect-checkboxes",
  "multi-input",
  "email",
  "tel",
  "url",
  "number",
  "range",
  "datetime-local",
  "date",
  "month",
  "time",
] as const;

export type InputType = (typeof INPUT_TYPES)[number];

/** The html5 types rendered as a plain input of that type. */
export const HTML5_INPUT_TYPES: readonly InputType[] = [
  "email",
  "tel",
  "url",
  "number",
  "range",
  "datetime-local",
  "date",
  "month",
  "time",
];

/** What every attribute input gets: the attribute's values as a list, whatever its shape in the user. */
export interface AttributeInputProps {
  attribute: UserProfileAttributeMetadata;
  inputId: string;
  values: string[];
  onChange(values: string[]): void;
  isDisabled: boolean;
  isInvalid: boolean;
}
