import { TextArea } from "@patternfly/react-core/dist/esm/components/TextArea/index.js";
import type { FieldValues } from "react-hook-form";
import type { ControlProps } from "./control-props.ts";
import { FormField } from "./form-field.tsx";
import { useControlField } from "./use-control-field.ts";

export interface TextAreaControlProps<T extends FieldValues> extends ControlProps<T> {
  rows?: number;
  placeholder?: string;
  isReadOnly?: boolean;
  defaultValue?: string;
}

/** A multi-line text field. */
export function TextAreaControl<T extends FieldValues>(props: TextAreaControlProps<T>) {
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
      <TextArea
        id={id}
        ref={field.ref}
        name={field.name}
        rows={props.rows ?? 3}
        resizeOrientation="vertical"
        value={(field.value as string | undefined) ?? ""}
        onChange={(_event, value) => field.onChange(value)}
        onBlur={field.onBlur}
        placeholder={props.placeholder}
        isDisabled={props.isDisabled}
        readOnlyVariant={props.isReadOnly ? "default" : undefined}
        isRequired={isRequired}
        validated={validated}
        aria-describedby={errorText || props.helperText ? `${id}-helper` : undefined}
      />
    </FormField>
  );
}
