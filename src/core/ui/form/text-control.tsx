import { TextInput, type TextInputProps } from "@patternfly/react-core/dist/esm/components/TextInput/index.js";
import type { FieldValues } from "react-hook-form";
import type { ControlProps } from "./control-props.ts";
import { FormField } from "./form-field.tsx";
import { useControlField } from "./use-control-field.ts";

export interface TextControlProps<T extends FieldValues> extends ControlProps<T> {
  type?: "text" | "email" | "url" | "tel" | "search";
  placeholder?: string;
  isReadOnly?: boolean;
  defaultValue?: string;
  autoComplete?: string;
  inputProps?: Omit<TextInputProps, "value" | "onChange" | "id" | "ref">;
}

/** A one-line text field. */
export function TextControl<T extends FieldValues>(props: TextControlProps<T>) {
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
        {...props.inputProps}
        id={id}
        ref={field.ref}
        name={field.name}
        type={props.type ?? "text"}
        value={(field.value as string | undefined) ?? ""}
        onChange={(_event, value) => field.onChange(value)}
        onBlur={field.onBlur}
        placeholder={props.placeholder}
        isDisabled={props.isDisabled}
        readOnlyVariant={props.isReadOnly ? "default" : undefined}
        isRequired={isRequired}
        autoComplete={props.autoComplete}
        validated={validated}
        aria-describedby={errorText || props.helperText ? `${id}-helper` : undefined}
      />
    </FormField>
  );
}
