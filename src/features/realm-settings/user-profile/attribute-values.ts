import type { UserProfileAttribute } from "@keycloak/keycloak-admin-client/lib/defs/userProfileMetadata.js";
import { keyValueToMap, mapToKeyValue, type KeyValueEntry } from "../../../core/ui/form/index.ts";

export type Validations = Record<string, Record<string, unknown>>;
export type When = "always" | "scopes";

/** The attribute form's values; `required*` only count when `required` is on. */
export interface AttributeValues {
  name: string;
  displayName: string;
  multivalued: boolean;
  group: string;
  enabledWhen: When;
  selectorScopes: string[];
  required: boolean;
  requiredFor: string[];
  requiredWhen: When;
  requiredScopes: string[];
  view: string[];
  edit: string[];
  validations: Validations;
  annotations: KeyValueEntry[];
}

export const NEW_ATTRIBUTE: AttributeValues = {
  name: "",
  displayName: "",
  multivalued: false,
  group: "",
  enabledWhen: "always",
  selectorScopes: [],
  required: false,
  requiredFor: ["admin", "user"],
  requiredWhen: "always",
  requiredScopes: [],
  view: [],
  edit: ["admin"],
  validations: {},
  annotations: [],
};

/** Annotation values may be objects (e.g. `inputOptionLabels`): edited as JSON text. */
const text = (value: unknown) =>
  value === undefined || value === null ? "" : typeof value === "object" ? JSON.stringify(value) : String(value);

function annotationValue(value: string): unknown {
  if (!/^\s*[[{]/.test(value)) return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

export function toAttributeValues(attribute: UserProfileAttribute): AttributeValues {
  const selectorScopes = attribute.selector?.scopes ?? [];
  const requiredScopes = attribute.required?.scopes ?? [];
  return {
    name: attribute.name ?? "",
    displayName: attribute.displayName ?? "",
    multivalued: attribute.multivalued === true,
    group: attribute.group ?? "",
    enabledWhen: selectorScopes.length ? "scopes" : "always",
    selectorScopes,
    required: !!attribute.required,
    requiredFor: attribute.required?.roles ?? ["admin", "user"],
    requiredWhen: requiredScopes.length ? "scopes" : "always",
    requiredScopes,
    view: attribute.permissions?.view ?? [],
    edit: attribute.permissions?.edit ?? [],
    validations: (attribute.validations ?? {}) as Validations,
    annotations: mapToKeyValue(
      Object.fromEntries(Object.entries(attribute.annotations ?? {}).map(([key, value]) => [key, text(value)])),
    ),
  };
}

/** The form back onto the attribute, keeping what the form does not edit (e.g. `defaultValue`). */
export function toAttribute(values: AttributeValues, original: UserProfileAttribute = {}): UserProfileAttribute {
  const { selector: _selector, required: _required, group: _group, annotations: _annotations, ...kept } = original;
  const attribute: UserProfileAttribute = {
    ...kept,
    name: values.name.trim(),
    displayName: values.displayName,
    multivalued: values.multivalued,
    validations: values.validations,
    permissions: { view: values.view, edit: values.edit },
  };
  if (values.group) attribute.group = values.group;
  if (values.enabledWhen === "scopes" && values.selectorScopes.length)
    attribute.selector = { scopes: values.selectorScopes };
  if (values.required) {
    attribute.required = { roles: values.requiredFor };
    if (values.requiredWhen === "scopes" && values.requiredScopes.length)
      attribute.required.scopes = values.requiredScopes;
  }
  const annotations = keyValueToMap(values.annotations.filter((row) => row.key.trim() !== ""));
  if (Object.keys(annotations).length)
    attribute.annotations = Object.fromEntries(
      Object.entries(annotations).map(([key, value]) => [key, annotationValue(value[0] ?? "")]),
    );
  return attribute;
}
