import type { FieldValues } from "react-hook-form";
import { useMessages } from "../../i18n/use-messages.ts";
import type { SelectChoice } from "../overlays/single-select.tsx";
import type { ControlProps } from "./control-props.ts";
import { TYPEAHEAD_THRESHOLD } from "./form-constants.ts";
import { FormField } from "./form-field.tsx";
import { MultiSelect } from "./multi-select.tsx";
import { useControlField } from "./use-control-field.ts";

export interface MultiSelectControlProps<T extends FieldValues> extends ControlProps<T> {
  options: SelectChoice[];
  defaultValue?: string[];
  placeholder?: string;
}

/** Several values from a list; a typeahead with chips from TYPEAHEAD_THRESHOLD options on. */
export function MultiSelectControl<T extends FieldValues>(props: MultiSelectControlProps<T>) {
  const { t } = useMessages();
  const { field, id, errorText, isRequired } = useControlField(props, props.defaultValue ?? []);
  return (
    <FormField
      id={id}
      label={props.label}
      labelHelp={props.labelHelp}
      isRequired={isRequired}
      error={errorText}
      helperText={props.helperText}
    >
      <MultiSelect
        id={id}
        options={props.options}
        value={(field.value as string[] | undefined) ?? []}
        onChange={field.onChange}
        isTypeahead={props.options.length >= TYPEAHEAD_THRESHOLD}
        placeholder={props.placeholder ?? t("chooseOption")}
        isDisabled={props.isDisabled}
      />
    </FormField>
  );
}
