import { TextInput } from "@patternfly/react-core/dist/esm/components/TextInput/index.js";
import type { FieldValues } from "react-hook-form";
import type { ControlProps } from "./control-props.ts";
import { FormField } from "./form-field.tsx";
import { useControlField } from "./use-control-field.ts";

export interface DateTimeControlProps<T extends FieldValues> extends ControlProps<T> {
  /** The browser's own picker: a date and time (default), a date, a month or a time. */
  type?: "datetime-local" | "date" | "month" | "time";
  defaultValue?: string;
  min?: string;
  max?: string;
}

/** A date and/or time in the browser's native picker; the field holds its ISO-like text ("2026-11-22T09:30"). */
export function DateTimeControl<T extends FieldValues>(props: DateTimeControlProps<T>) {
  const { field, id, errorText, isRequired, validated } = useControlField(props, props.defaultValue ?? "");
  return (
    <FormField
      id={id}
      label={props.label}
      labelHelp={props.labelHelp}
      isRequired={isRequired}
      error={errorText}
      helperText={props.helperText}
    >
      <TextInput
        id={id}
        ref={field.ref}
        name={field.name}
        type={props.type ?? "datetime-local"}
        value={(field.value as string | undefined) ?? ""}
        onChange={(_event, value) => field.onChange(value)}
        onBlur={field.onBlur}
        min={props.min}
        max={props.max}
        isDisabled={props.isDisabled}
        isRequired={isRequired}
        validated={validated}
      />
    </FormField>
  );
}
