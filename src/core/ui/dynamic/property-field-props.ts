import type { TFunction } from "i18next";
import type { ControlProps } from "../form/control-props.ts";
import type { ConfigProperty } from "./config-property.ts";

/** What every dynamic field gets. */
export interface PropertyFieldProps {
  property: ConfigProperty;
  /** The form path (`config.<encoded name>`). */
  name: string;
  isReadOnly?: boolean;
}

const translated = (t: TFunction, text: string | undefined) => (text ? t(text, { defaultValue: text }) : undefined);

/** The shared control props of a property: label and help (translated when they are keys), required, disabled. */
export function controlProps(
  t: TFunction,
  { property, name, isReadOnly }: PropertyFieldProps,
): ControlProps & { "data-property"?: string } {
  return {
    name,
    label: translated(t, property.label) ?? property.name ?? "",
    labelHelp: translated(t, property.helpText),
    rules: property.required ? { required: true } : undefined,
    isDisabled: isReadOnly || property.readOnly,
    id: `kc-config-${(property.name ?? "").replace(/[^A-Za-z0-9_-]/g, "-")}`,
  };
}
