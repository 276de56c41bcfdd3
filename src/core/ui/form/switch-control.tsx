import { Switch } from "@patternfly/react-core/dist/esm/components/Switch/index.js";
import type { FieldValues } from "react-hook-form";
import type { ControlProps } from "./control-props.ts";
import { FormField } from "./form-field.tsx";
import { useControlField } from "./use-control-field.ts";

export interface SwitchControlProps<T extends FieldValues> extends ControlProps<T> {
  defaultValue?: boolean;
  /** Store "true"/"false" strings (attributes, component config) instead of booleans. */
  stringify?: boolean;
  /** Text shown next to the switch; the accessible name stays the label, which says what it switches. */
  onText?: string;
  offText?: string;
}

/** An on/off switch. */
export function SwitchControl<T extends FieldValues>(props: SwitchControlProps<T>) {
  const initial = props.defaultValue ?? false;
  const { field, id, errorText, isRequired } = useControlField(props, props.stringify ? String(initial) : initial);
  const isChecked = props.stringify ? field.value === "true" : field.value === true;
  return (
    <FormField
      id={id}
      label={props.label}
      labelHelp={props.labelHelp}
      isRequired={isRequired}
      error={errorText}
      helperText={props.helperText}
    >
      <Switch
        id={id}
        name={field.name}
        isChecked={isChecked}
        onChange={(_event, checked) => field.onChange(props.stringify ? String(checked) : checked)}
        isDisabled={props.isDisabled}
        label={isChecked ? props.onText : (props.offText ?? props.onText)}
        aria-label={props.label}
      />
    </FormField>
  );
}
